import Foundation
import GlimpseCore
import GlimpseTemplates
import Widgets

/// The copy under `content/copy/<app>/<key>.md` (English, the base), and its translations under
/// `content/copy/<app>/<language>[_<REGION>]/<key>.md`, rendered once through cmark and kept. A
/// book `localized(for:)` a locale gives each key from the region's folder, else the language's,
/// else the base. A key may have plural forms beside it, `<key>.<category>.md` with a CLDR
/// category (`since-minutes.few.md`), chosen by the count and the locale's plural rules; `<key>.md`
/// is the form of every count without a file of its own.
package struct ContentCopyBook: CopyBook {
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
    /// The plural rules forms are chosen by: the locale's.
    private(set) var plurals = FormatLocale.enUS
    /// The locale is written right to left: a value in a left-to-right script is isolated, and the other way round.
    private(set) var rightToLeft = false
    /// `--pseudo`: each string of the copy in Xcode's pseudolanguage, the values put in it as they are.
    private(set) var pseudo: Pseudolanguage?
    /// `content/copy`, as named in errors.
    let displayDirectory: String
    let directory: URL
    /// The copy folders of apps that keep theirs in their own package (`AppFolders`), by app id.
    let appDirectories: [String: URL]
    /// What is wrong with a translation: a folder that is no locale, a file of a key the base lacks.
    package let warnings: [Diagnostic]

    /// Reads and renders every copy file, and every translation.
    ///
    /// - Parameter appDirectories: app id → its own copy folder, for apps that keep theirs
    ///   elsewhere (a widget team's package).
    /// - Throws: `SiteError.unreadable` naming a file that cannot be read.
    package init(directory: URL, displayDirectory: String, fileIO: FileIO, appDirectories: [String: URL] = [:]) throws {
        self.displayDirectory = displayDirectory
        self.directory = directory.standardizedFileURL
        self.appDirectories = appDirectories.mapValues(\.standardizedFileURL)
        var entries: [String: Rendered] = [:]
        var translations: [String: [String: Rendered]] = [:]
        var warnings: [Diagnostic] = []
        let folders =
            try fileIO.listFolders(directory).filter { appDirectories[$0] == nil }
            .map { ($0, directory.appendingPathComponent($0)) } + appDirectories.sorted { $0.key < $1.key }
        for (app, appDirectory) in folders {
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
            for key in keys.keys.sorted() where entries[Self.baseKey(key)] == nil {
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
            if let excess = Limits.copyText.excess(in: body) {
                throw SiteError.invalidContent(file: "\(shown)/\(file)", reason: "the copy is \(excess)")
            }
            add(String(file.dropLast(3)), Rendered(html: Markdown.inlineHTML(body), text: Markdown.plainText(body)))
        }
    }

    /// The book for `locale` (`de_DE`): each key from `de_DE/`, else `de/`, else English. English
    /// locales take the base.
    package func localized(for locale: String, pseudo: Pseudolanguage? = nil) -> ContentCopyBook {
        var book = self
        book.plurals = FormatLocale(identifier: locale.replacingOccurrences(of: "-", with: "_"))
        book.chain = book.plurals.translationFolders
        book.rightToLeft = book.plurals.isRightToLeft || pseudo?.isRightToLeft == true
        book.pseudo = pseudo
        return book
    }

    /// The keys of `app` no translation of this book's locale has, sorted: empty for English.
    package func untranslated(app: String) -> [String] {
        guard !chain.isEmpty else { return [] }
        return entries.keys.filter { key in
            key.hasPrefix("\(app)/") && key == Self.baseKey(key) && !chain.contains { translations[$0]?[key] != nil }
        }.map { String($0.dropFirst(app.count + 1)) }.sorted()
    }

    /// The English text of `key` of `app`, as written, `{placeholders}` and all.
    package func englishText(_ app: String, _ key: String) -> String? {
        entries["\(app)/\(key)"]?.text
    }

    /// The files `key` of `app` is looked for in: each translation of the locale, then English,
    /// each with its plural forms.
    ///
    /// Paths joined as strings: a unit records these for every key it read, and a URL's appending
    /// took 2 % of a build.
    func files(_ app: String, _ key: String) -> [String] {
        var root = directory.path
        if root.hasSuffix("/") { root.removeLast() }
        let folder = appDirectories[app]?.path ?? "\(root)/\(app)"
        let names = ["\(key).md"] + FormatLocale.pluralCategories.map { "\(key).\($0).md" }
        return (chain.map { "\(folder)/\($0)" } + [folder]).flatMap { place in names.map { "\(place)/\($0)" } }
    }

    package func copy(_ app: String, _ key: String, values: [String: String]) throws -> Copy {
        try copy(app, key, values: values, category: nil)
    }

    package func copy(_ app: String, _ key: String, values: [String: String], count: Int) throws -> Copy {
        try copy(app, key, values: values, category: plurals.pluralCategory(count))
    }

    /// The most specific translation of `key` that has it (its `category` form first), else the base.
    private func copy(_ app: String, _ key: String, values: [String: String], category: String?) throws -> Copy {
        let name = "\(app)/\(key)"
        guard let base = entries[name] else {
            throw SiteError.missingCopy(file: "\(displayDirectory)/\(app)/\(key).md")
        }
        let forms = (category.map { ["\(name).\($0)"] } ?? []) + [name]
        let entry =
            chain.lazy.compactMap { folder in forms.lazy.compactMap { self.translations[folder]?[$0] }.first }.first
            ?? forms.lazy.compactMap { self.entries[$0] }.first ?? base
        let (entryHTML, entryText) =
            pseudo.map { ($0.apply(entry.html, html: true), $0.apply(entry.text, html: false)) }
            ?? (entry.html, entry.text)
        let source = Copy.source(app, key)
        guard !values.isEmpty else { return Copy(html: HTMLFragment(entryHTML), text: entryText, source: source) }
        let against = { (value: String) in Self.runsAgainst(value, rightToLeft: rightToLeft) }
        return Copy(
            html: HTMLFragment(
                Self.fill(
                    entryHTML, values.mapValues { against($0) ? "<bdi>\(HTML.escape($0))</bdi>" : HTML.escape($0) })),
            text: Self.fill(entryText, values.mapValues { against($0) ? "\u{2068}\($0)\u{2069}" : $0 }), source: source)
    }

    /// True when `value` has a letter written against the copy's direction: a Latin habit title in
    /// Arabic copy, an Arabic one in English. Such a value is isolated, `<bdi>` in the HTML and
    /// FSI…PDI in the text VoiceOver reads, so it cannot reorder the words and numbers around it.
    ///
    /// The script is tested before the letter: Unicode's properties are a table lookup, and in
    /// left-to-right copy only a right-to-left scalar needs one (3 % of a build's time went to
    /// them when every scalar of every value was looked up).
    static func runsAgainst(_ value: String, rightToLeft: Bool) -> Bool {
        value.unicodeScalars.contains { scalar in
            if scalar.isASCII {
                return rightToLeft && (0x41...0x5A ~= scalar.value || 0x61...0x7A ~= scalar.value)
            }
            return isRightToLeftScript(scalar) != rightToLeft && scalar.properties.isAlphabetic
        }
    }

    /// Hebrew, Arabic, Syriac, Thaana, N'Ko and the other right-to-left blocks, and their
    /// presentation forms.
    static func isRightToLeftScript(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }

    /// `since-minutes` of `since-minutes.few` (a plural form), else `name` itself.
    static func baseKey(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."),
            FormatLocale.pluralCategories.contains(String(name[name.index(after: dot)...]))
        else { return name }
        return String(name[..<dot])
    }

    /// `template` with each `{name}` that `values` knows replaced, in one pass: a value is never
    /// searched for further names, so a store string holding "{count}" stays as it is.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        // ASCII, a byte is a character: the same search over bytes, a third of the time.
        if template.withUTF8Bytes(\.isASCII) { return fillASCII(template, values) }
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

    /// `fill` for a template of ASCII alone, over its bytes.
    private static func fillASCII(_ template: String, _ values: [String: String]) -> String {
        template.withUTF8Bytes { bytes in
            guard bytes.firstIndex(of: 0x7B) != nil else { return template }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 64)
            var rest = 0
            while let open = bytes.firstIndex(of: 0x7B, from: rest) {
                bytes.append(rest..<open, to: &result)
                if let close = bytes.firstIndex(of: 0x7D, from: open + 1),
                    let value = values[bytes.string((open + 1)..<close)]
                {
                    result.append(contentsOf: value.utf8)
                    rest = close + 1
                } else {
                    result.append(0x7B)
                    rest = open + 1
                }
            }
            bytes.append(rest..<bytes.count, to: &result)
            return String(decoding: result, as: UTF8.self)
        }
    }
}
