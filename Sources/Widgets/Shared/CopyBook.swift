import GlimpseCore

/// Authored copy, rendered from Markdown: the HTML for a template and the plain text
/// for the manifest and VoiceOver.
public struct Copy: Hashable, Sendable {
    public var html: HTMLFragment
    public var text: String
    /// Where the words come from, as a template's `data-source` names it (`copy:goal/done-today`),
    /// so that `glimpse check` groups and accepts them by key in every language; nil when unknown.
    public var source: String?

    public init(html: HTMLFragment, text: String, source: String? = nil) {
        self.html = html
        self.text = text
        self.source = source
    }

    /// The `data-source` of `key` of `app`'s copy: `copy:app/key`.
    public static func source(_ app: String, _ key: String) -> String { "copy:\(app)/\(key)" }
}

/// Where widgets get their words. The site implements it over `content/copy/<app>/<key>.md`.
public protocol CopyBook: Sendable {
    /// The copy for `key`, rendered inline, with `{name}` placeholders replaced by
    /// `values` (escaped in the HTML).
    ///
    /// - Throws: when the key has no file; the error names the file expected.
    func copy(_ app: String, _ key: String, values: [String: String]) throws -> Copy

    /// The copy for `key` in the plural form `count` takes in the book's language (CLDR's plural
    /// rules: "منذ دقيقتين" for 2 in Arabic), else as `copy(_:_:values:)` gives it.
    func copy(_ app: String, _ key: String, values: [String: String], count: Int) throws -> Copy
}

extension CopyBook {
    public func copy(_ app: String, _ key: String, values: [String: String], count: Int) throws -> Copy {
        try copy(app, key, values: values)
    }

    /// The plural form for `count` when there is one, else the copy as it is.
    public func copy(_ app: String, _ key: String, values: [String: String], plural count: Int?) throws -> Copy {
        guard let count else { return try copy(app, key, values: values) }
        return try copy(app, key, values: values, count: count)
    }

    public func copy(_ app: String, _ key: String) throws -> Copy {
        try copy(app, key, values: [:])
    }
}
