/// Markup that goes into a page as it is: copy rendered by cmark with raw HTML dropped, or
/// markup built by a template or in Swift with every value escaped. Neither holds a control
/// character HTML forbids: escaping, `Markdown` and `TemplateSet` replace them where text
/// enters, so a fragment is not scanned again wherever it is placed.
///
/// View models hold text as `String` and markup as `HTMLFragment`. A template escapes every
/// `String` and places every fragment unescaped, so a store's text can never be taken for markup.
public struct HTMLFragment: Hashable, Sendable, Encodable {
    public var html: String

    public init(_ html: String) {
        self.html = html
    }

    public static let empty = HTMLFragment("")

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(html)
    }
}
