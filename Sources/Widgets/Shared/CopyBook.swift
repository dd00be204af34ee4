import GlimpseCore

/// Authored copy, rendered from Markdown: the HTML for a template and the plain text
/// for the manifest and VoiceOver.
public struct Copy: Hashable, Sendable {
    public var html: HTMLFragment
    public var text: String

    public init(html: HTMLFragment, text: String) {
        self.html = html
        self.text = text
    }
}

/// Where widgets get their words. The site implements it over `content/copy/<app>/<key>.md`.
public protocol CopyBook: Sendable {
    /// The copy for `key`, rendered inline, with `{name}` placeholders replaced by
    /// `values` (escaped in the HTML).
    ///
    /// - Throws: when the key has no file; the error names the file expected.
    func copy(_ app: String, _ key: String, values: [String: String]) throws -> Copy
}

extension CopyBook {
    public func copy(_ app: String, _ key: String) throws -> Copy {
        try copy(app, key, values: [:])
    }
}
