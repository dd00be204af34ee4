import Foundation
import GlimpseCore
import GlimpseTemplates
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
    let directory: URL

    /// Reads and renders every copy file.
    ///
    /// - Throws: `SiteError.unreadable` naming a file that cannot be read.
    public init(directory: URL, displayDirectory: String, fileIO: FileIO) throws {
        self.displayDirectory = displayDirectory
        self.directory = directory.standardizedFileURL
        var entries: [String: Rendered] = [:]
        for app in try fileIO.listFolders(directory) {
            let appDirectory = directory.appendingPathComponent(app)
            for file in try fileIO.listFiles(appDirectory) where file.hasSuffix(".md") {
                let source = try fileIO.readText(
                    appDirectory.appendingPathComponent(file), "\(displayDirectory)/\(app)/\(file)")
                let body = Markdown.splitFrontMatter(source).body
                let key = String(file.dropLast(3))
                entries["\(app)/\(key)"] = Rendered(html: Markdown.inlineHTML(body), text: Markdown.plainText(body))
            }
        }
        self.entries = entries
    }

    /// The file `key` of `app` comes from.
    func file(_ app: String, _ key: String) -> URL {
        directory.appendingPathComponent(app).appendingPathComponent("\(key).md")
    }

    public func copy(_ app: String, _ key: String, values: [String: String]) throws -> Copy {
        guard let entry = entries["\(app)/\(key)"] else {
            throw SiteError.missingCopy(file: "\(displayDirectory)/\(app)/\(key).md")
        }
        guard !values.isEmpty else { return Copy(html: HTMLFragment(entry.html), text: entry.text) }
        return Copy(
            html: HTMLFragment(Self.fill(entry.html, values.mapValues(HTML.escape))),
            text: Self.fill(entry.text, values))
    }

    /// `template` with each `{name}` that `values` knows replaced, in one pass: a value is never
    /// searched for further names, so a store string holding "{count}" stays as it is.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var result = ""
        result.reserveCapacity(template.utf8.count)
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"), let value = values[String(rest[afterOpen..<close])] {
                result += value
                rest = rest[rest.index(after: close)...]
            } else {
                result += "{"
                rest = rest[afterOpen...]
            }
        }
        result += rest
        return result
    }
}
