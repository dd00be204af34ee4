import Foundation
import Widgets

/// The copy under `content/copy/<app>/<key>.md`, rendered once through cmark and kept.
public struct ContentCopyBook: CopyBook {
    struct Rendered: Sendable {
        var html: String
        var text: String
    }

    /// `app/key` → rendered copy.
    let entries: [String: Rendered]
    /// `content/copy`, as named in errors.
    let displayDirectory: String

    /// Reads and renders every copy file.
    ///
    /// - Throws: `SiteError.unreadable` naming a file that cannot be read.
    public init(directory: URL, displayDirectory: String, fileIO: FileIO) throws {
        self.displayDirectory = displayDirectory
        var entries: [String: Rendered] = [:]
        for app in try fileIO.listFolders(directory) {
            let appDirectory = directory.appendingPathComponent(app)
            for file in try fileIO.listFiles(appDirectory) where file.hasSuffix(".md") {
                let source = try fileIO.readText(appDirectory.appendingPathComponent(file), "\(displayDirectory)/\(app)/\(file)")
                let body = Markdown.splitFrontMatter(source).body
                let key = String(file.dropLast(3))
                entries["\(app)/\(key)"] = Rendered(html: Markdown.inlineHTML(body), text: Markdown.plainText(body))
            }
        }
        self.entries = entries
    }

    public func copy(_ app: String, _ key: String, values: [String: String]) throws -> Copy {
        guard let entry = entries["\(app)/\(key)"] else {
            throw SiteError.missingCopy(file: "\(displayDirectory)/\(app)/\(key).md")
        }
        var html = entry.html
        var text = entry.text
        for (name, value) in values {
            html = html.replacingOccurrences(of: "{\(name)}", with: HTML.escape(value))
            text = text.replacingOccurrences(of: "{\(name)}", with: value)
        }
        return Copy(html: html, text: text)
    }
}
