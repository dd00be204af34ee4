import WidgetTimeline

/// How a message sits in its family: its illustration above it while the message still fits
/// under it; else the message alone; else the message alone in footnote, 13/17 pt; and the lines
/// it may take. The message is cut only where none of the three fits
/// (docs/widgets/beebloom.md#text-size).
///
/// The figures are `templates/beebloom/style.css`'s, in points at Large, scaled as their text
/// style: the message is subheadline 15/20 pt, title3 20/26 pt in Large, under an illustration of
/// 44 pt (88 pt in Large) and a gap of 8 pt, in the widget's padding of 11 pt (8 pt above and below
/// in Large) and the message's own 6 pt at each side.
struct BeeBloomMessageFit: Encodable, Hashable, Sendable {
    /// Whether the illustration is drawn above the message.
    var art: Bool
    /// The most lines the message may take.
    var lines: Int
    /// Whether the message is set in footnote, the smaller style.
    var footnote = false

    static func of(_ text: String, family: WidgetFamily, size: WidgetSize, textSize: TextSize) -> Self {
        let large = family == .systemLarge
        let scale = (large ? TextStyle.title3 : TextStyle.subheadline).scale(at: textSize)
        let (font, line) = large ? (20 * scale, 26 * scale) : (15 * scale, 20 * scale)
        let width = Double(size.width - 22 - 12)
        let height = Double(size.height - (large ? 16 : 22))
        let art = (large ? 88.0 : 44) + 8
        let needs = TextFit.lines(text, size: font, weight: .semibold, width: width)
        let underArt = Int(((height - art) / line).rounded(.down))
        if needs <= underArt { return Self(art: true, lines: underArt) }
        let alone = Int((height / line).rounded(.down))
        if needs <= alone || large { return Self(art: false, lines: max(1, alone)) }
        let small = TextStyle.footnote.scale(at: textSize)
        return Self(art: false, lines: max(1, Int((height / (17 * small)).rounded(.down))), footnote: true)
    }
}
