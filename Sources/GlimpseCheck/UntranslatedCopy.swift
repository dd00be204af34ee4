import GlimpseFormat

/// A key of an app's copy shown in English for want of a translation (the manifest's
/// `notLocalized`), as `glimpse check` finds it on a widget: its English text with each
/// `{placeholder}` standing for any text, the whole of a drawn text matched.
struct UntranslatedCopy: Sendable {
    /// `content/copy/<app>/<key>.md`, or the manifest's `file` (a prompt), as the finding names it.
    var file: String
    /// The text between the placeholders, in order: "+{count} more" is ["+", " more"].
    var parts: [Substring]

    init(_ entry: Manifest.NotLocalized) {
        file = entry.file ?? "content/copy/\(entry.app)/\(entry.key).md"
        parts = entry.text.split(separator: /\{[A-Za-z]+\}/, omittingEmptySubsequences: false)
    }

    /// The manifest's untranslated copy, by app and locale (`key(app:locale:)`).
    static func byLanguage(_ manifest: Manifest) -> [String: [UntranslatedCopy]] {
        Dictionary(
            grouping: manifest.notLocalized ?? [], by: { key(app: $0.app, locale: $0.locale ?? manifest.locale) }
        )
        .mapValues { $0.map(UntranslatedCopy.init) }
    }

    /// "<app> de_DE".
    static func key(app: String, locale: String) -> String { "\(app) \(locale)" }

    /// The untranslated copy `widget` may show: its app's in its locale. None under a pseudolanguage,
    /// which changes the English text it would be found by.
    static func shown(
        on widget: Manifest.Widget, in manifest: Manifest, from copy: [String: [UntranslatedCopy]]
    )
        -> [UntranslatedCopy]
    {
        guard (widget.pseudo ?? manifest.pseudo) == nil else { return [] }
        return copy[key(app: widget.app, locale: widget.locale ?? manifest.locale)] ?? []
    }

    /// True when `text` is this copy with its placeholders filled: its first part at the start, its
    /// last at the end, the others in order between. A copy of only a placeholder matches nothing.
    func matches(_ text: String) -> Bool {
        guard parts.contains(where: { !$0.isEmpty }) else { return false }
        guard parts.count > 1 else { return text == parts[0] }
        guard text.hasPrefix(parts[0]), text.hasSuffix(parts[parts.count - 1]),
            text.count >= parts[0].count + parts[parts.count - 1].count
        else { return false }
        var rest = text.dropFirst(parts[0].count).dropLast(parts[parts.count - 1].count)
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let found = rest.range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }
}
