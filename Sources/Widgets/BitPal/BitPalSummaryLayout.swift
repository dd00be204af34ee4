import WidgetTimeline

/// What the small widget, and the medium widget's left column, show of the portfolio's summary:
/// the first of its designed layouts that fits the box at the text size, in its language, as
/// `ViewThatFits` picks on the device (docs/widgets/bitpal.md#text-size). Every layout keeps the
/// total, the percentage and its arrow, and how fresh the prices are; a line left out is still
/// said by VoiceOver, whose label names every figure.
///
/// The figures are those of `templates/bitpal/style.css`, in points at Large, scaled as their text
/// style: the two are changed together. The large widget has room for every line, and keeps them.
struct BitPalSummaryLayout: Encodable, Hashable, Sendable {
    /// "Portfolio" over the total.
    var showsHeading = true
    /// The change in money ("▲ +$36,133"); without it, the arrow goes before the percentage.
    var showsChange = true
    /// The change and the percentage on one line.
    var inline = false
    /// "Updated 9:00 AM": left out last, and only beside the stale badge, which says how old the
    /// prices are.
    var showsUpdated = true
    /// The lines "Updated 9:00 AM" may take.
    var updatedLines = 1
    /// The lines the stale badge's words may take.
    var staleLines = 1

    /// Every line, one figure each, as at Large.
    static let full = BitPalSummaryLayout()

    /// For the templates: whether the percentage has a line of its own, and the classes that wrap
    /// or cut the freshness lines.
    private enum CodingKeys: String, CodingKey {
        case showsHeading, showsChange, inline, showsPercentLine, showsUpdated, updatedFit, staleFit
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(showsHeading, forKey: .showsHeading)
        try container.encode(showsChange, forKey: .showsChange)
        try container.encode(inline, forKey: .inline)
        try container.encode(!inline, forKey: .showsPercentLine)
        try container.encode(showsUpdated, forKey: .showsUpdated)
        try container.encode(updatedLines > 1 ? "clamp-2" : "truncate", forKey: .updatedFit)
        try container.encode(staleLines > 1 ? "clamp-2" : "truncate", forKey: .staleFit)
    }

    /// The texts a layout is measured with.
    struct Texts: Sendable {
        var heading: String
        /// "▲ +$36,133", its arrow first.
        var change: String
        var percent: String
        var updated: String
        var stale: String?
        /// Whether the stale badge keeps its clock.
        var staleIcon: Bool
    }

    /// The layout for a box of `width` × `height` points inside the padding: every line; then the
    /// change and the percentage on one line; then the percentage alone, after the arrow; then the
    /// heading left out; then, beside the stale badge, "Updated 9:00 AM". The freshness lines wrap
    /// to a second line before any is left out.
    static func fitting(width: Double, height: Double, textSize: TextSize, texts: Texts) -> BitPalSummaryLayout {
        let footnote = TextStyle.footnote.scale(at: textSize)
        let caption = TextStyle.caption1.scale(at: textSize)
        let figure = 13 * footnote
        // A figure's line, and the arrow's smaller type on its baseline.
        let line = 17 * footnote + 1.5
        let small = 12 * caption
        let updated = min(2, TextFit.lines(texts.updated, size: small, weight: .regular, width: width))
        let stale = texts.stale.map {
            min(2, TextFit.lines($0, size: small, weight: .semibold, width: width - 12, lead: texts.staleIcon ? 16 : 0))
        }
        let badge = stale.map { Double($0) * 16 * caption + 4 } ?? 0
        // The figures are tabular: "+$11,7" is as wide as "+$00,0".
        let together =
            TextFit.width(TextFit.tabular(texts.change + " " + texts.percent), size: figure, weight: .semibold) <= width
        var candidates: [BitPalSummaryLayout] = [BitPalSummaryLayout()]
        if together { candidates.append(BitPalSummaryLayout(inline: true)) }
        candidates.append(BitPalSummaryLayout(showsChange: false))
        candidates.append(BitPalSummaryLayout(showsHeading: false, showsChange: false))
        if stale != nil {
            candidates.append(BitPalSummaryLayout(showsHeading: false, showsChange: false, showsUpdated: false))
        }
        var chosen =
            candidates.first { candidate in
                let heading = candidate.showsHeading ? 16 * footnote : 0
                let figures = Double(candidate.showsChange && !candidate.inline ? 2 : 1) * line
                let freshness = badge + (candidate.showsUpdated ? Double(updated) * 16 * caption + 2 : 0)
                return heading + 29 + figures + freshness <= height
            } ?? candidates[candidates.count - 1]
        chosen.updatedLines = updated
        chosen.staleLines = stale ?? 1
        return chosen
    }
}
