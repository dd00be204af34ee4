import Foundation
import GlimpseCore
import GlimpseTemplates
import Widgets

/// The copy under `content/copy/<app>/<key>.md` (English, the base), and its translations under
/// `content/copy/<app>/<language>[_<REGION>]/<key>.md`, rendered once through cmark and kept. A
/// book `localized(for:)` a locale gives each key from the region's folder, else the language's,
/// else the base.
public struct ContentCopyBook: CopyBook {
    struct Rendered: Sendable {
        var html: String
        var text: String
    }

    /// `app/key` → rendered copy, in English.
    let entries: [String: Rendered]
    /// A translation folder's name (`de`, `de_CH`) → `app/key` → rendered copy.
    let translations: [String: [String: Rendered]]
    /// The translation folders a key is looked for in, most specific first: none for the base.
    private(set) var chain: [String] = []
    /// `content/copy`, as named in errors.
    let displayDirectory: String
    let directory: URL
    /// What is wrong with a translation: a folder that is no locale, a file of a key the base lacks.
    public let warnings: [Diagnostic]

    /// Reads and renders every copy file, and every translation.
    ///
    /// - Throws: `SiteError.unreadable` naming a file that cannot be read.
    public init(directory: URL, displayDirectory: String, fileIO: FileIO) throws {
        self.displayDirectory = displayDirectory
        self.directory = directory.standardizedFileURL
        var entries: [String: Rendered] = [:]
        var translations: [String: [String: Rendered]] = [:]
        var warnings: [Diagnostic] = []
        for app in try fileIO.listFolders(directory) {
            let appDirectory = directory.appendingPathComponent(app)
            try Self.read(appDirectory, "\(displayDirectory)/\(app)", fileIO) { entries["\(app)/\($0)"] = $1 }
            for folder in try fileIO.listFolders(appDirectory) {
                let shown = "\(displayDirectory)/\(app)/\(folder)"
                guard let locale = FormatLocale.known(folder), folder == locale else {
                    warnings.append(
                        Diagnostic(
                            .warning, "not a locale ICU knows, such as de or de_CH: its copy is not used", file: shown))
                    continue
                }
                try Self.read(appDirectory.appendingPathComponent(folder), shown, fileIO) { key, rendered in
                    translations[locale, default: [:]]["\(app)/\(key)"] = rendered
                }
            }
        }
        for (locale, keys) in translations {
            for key in keys.keys.sorted() where entries[key] == nil {
                let (app, name) = (key.prefix { $0 != "/" }, key.drop { $0 != "/" }.dropFirst())
                warnings.append(
                    Diagnostic(
                        .warning, "no copy of this key in English (content/copy/\(app)/\(name).md): it is not used",
                        file: "\(displayDirectory)/\(app)/\(locale)/\(name).md"))
            }
        }
        self.entries = entries
        self.translations = translations
        self.warnings = warnings.sorted { ($0.file ?? "", $0.message) < ($1.file ?? "", $1.message) }
    }

    /// Each `.md` file of `folder`, rendered, by its key.
    private static func read(
        _ folder: URL, _ shown: String, _ fileIO: FileIO, _ add: (String, Rendered) -> Void
    ) throws {
        for file in try fileIO.listFiles(folder) where file.hasSuffix(".md") {
            let source = try fileIO.readText(folder.appendingPathComponent(file), "\(shown)/\(file)")
            let body = Markdown.splitFrontMatter(source).body
            add(String(file.dropLast(3)), Rendered(html: Markdown.inlineHTML(body), text: Markdown.plainText(body)))
        }
    }

    /// The book for `locale` (`de_DE`): each key from `de_DE/`, else `de/`, else English. English
    /// locales take the base.
    public func localized(for locale: String) -> ContentCopyBook {
        var book = self
        let written = locale.replacingOccurrences(of: "-", with: "_")
        let language = String(written.prefix { $0 != "_" })
        book.chain = language == "en" ? [] : (written == language ? [language] : [written, language])
        return book
    }

    /// The keys of `app` no translation of this book's locale has, sorted: empty for English.
    public func untranslated(app: String) -> [String] {
        guard !chain.isEmpty else { return [] }
        return entries.keys.filter { key in
            key.hasPrefix("\(app)/") && !chain.contains { translations[$0]?[key] != nil }
        }.map { String($0.dropFirst(app.count + 1)) }.sorted()
    }

    /// The files `key` of `app` is looked for in: each translation of the locale, then English.
    func files(_ app: String, _ key: String) -> [URL] {
        let folder = directory.appendingPathComponent(app)
        return (chain.map { folder.appendingPathComponent($0) } + [folder]).map {
            $0.appendingPathComponent("\(key).md")
        }
    }

    public func copy(_ app: String, _ key: String, values: [String: String]) throws -> Copy {
        guard let base = entries["\(app)/\(key)"] else {
            throw SiteError.missingCopy(file: "\(displayDirectory)/\(app)/\(key).md")
        }
        let entry = chain.lazy.compactMap { translations[$0]?["\(app)/\(key)"] }.first ?? base
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
