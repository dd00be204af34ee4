import WidgetTimeline

/// What a family shows of the time since the last session: the first of its designed layouts that
/// fits its box at the text size, in its language, as `ViewThatFits` picks on the device
/// (docs/widgets/justnow.md#text-size). Every layout keeps the time since and the way to start; a
/// line left out is still said by VoiceOver, whose label is the whole sentence.
///
/// The figures are those of `templates/justnow/style.css`, in points at Large, scaled as their
/// text style: the two are changed together.
struct JustNowLayout: Encodable, Hashable, Sendable {
    /// The lines the heading ("Last meditation", or the lotus alone) takes; 0 leaves it out.
    var headingLines = 1
    /// The lines the time since may take.
    var sinceLines = 2
    /// The rectangle's "▶ Start" line.
    var showsStart = true
    /// The circle's type step for the compact time, 1 to 3 (17, 15, 13 pt).
    var compactStep = 1
    /// "No recent sessions" a step smaller where a word of it is wider than the column.
    var sinceScale = 1.0

    /// For the templates: what is shown, and the classes and styles that set it.
    private enum CodingKeys: String, CodingKey {
        case showsHeading, headingFit, sinceStyle, showsStart, compactFit
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(headingLines > 0, forKey: .showsHeading)
        try container.encode(headingLines > 1 ? "clamp-2" : "truncate", forKey: .headingFit)
        let scale = sinceScale == 1 ? "" : ";--jn-since-scale:\(sinceScale)"
        try container.encode("--jn-since-lines:\(sinceLines)\(scale)", forKey: .sinceStyle)
        try container.encode(showsStart, forKey: .showsStart)
        try container.encode("jn-fit-\(compactStep)", forKey: .compactFit)
    }

    /// This layout, with the heading left out where the large widget's prompt needs its line
    /// (`JustNowPromptRoom`).
    func keepingHeading(_ keeps: Bool) -> JustNowLayout {
        var layout = self
        if !keeps { layout.headingLines = 0 }
        return layout
    }

    /// The texts a layout is measured with.
    struct Texts: Sendable {
        var heading: String
        var since: String
        var hasHistory: Bool
    }

    static func fitting(family: WidgetFamily, size: WidgetSize, textSize: TextSize, texts: Texts) -> JustNowLayout {
        switch family {
        case .systemSmall: column(width: Double(size.width - 32), size: size, textSize: textSize, texts: texts)
        case .systemMedium: column(width: 124, size: size, textSize: textSize, texts: texts)
        case .accessoryRectangular: rectangular(size: size, textSize: textSize, texts: texts)
        case .accessoryCircular: circular(size: size, texts: texts)
        default: JustNowLayout()
        }
    }

    /// Small, and medium's side: the heading (on two lines if it needs them), the time since, and
    /// the Start button (36 pt) under them; the heading gives way first, then "No recent sessions"
    /// steps down its type, then the time since is cut to the lines left.
    static func column(width: Double, size: WidgetSize, textSize: TextSize, texts: Texts) -> JustNowLayout {
        let footnote = TextStyle.footnote.scale(at: textSize)
        let title3 = TextStyle.title3.scale(at: textSize)
        let height = Double(size.height - 32) - 36
        let headingNeeds =
            texts.hasHistory
            ? min(2, TextFit.lines(texts.heading, size: 13 * footnote, weight: .regular, width: width)) : 1
        for scale in texts.hasHistory ? [1.0] : [1, 0.85, 0.75] {
            let (font, line) = texts.hasHistory ? (24.0, 28.0) : (19 * title3 * scale, 23 * title3 * scale)
            let sinceNeeds = TextFit.lines(
                texts.since, size: font, weight: texts.hasHistory ? .bold : .semibold, width: width)
            let since = Double(sinceNeeds) * line + 2
            for heading in [headingNeeds, 0] where Double(heading) * 16 * footnote + since <= height {
                // Two lines where the room holds them, so that an estimate a little short still shows all.
                let holds = Int(((height - Double(heading) * 16 * footnote - 2) / line).rounded(.down))
                return JustNowLayout(
                    headingLines: heading, sinceLines: max(sinceNeeds, min(2, holds)), sinceScale: scale)
            }
        }
        let line = texts.hasHistory ? 28.0 : 23 * title3 * 0.75
        return JustNowLayout(
            headingLines: 0, sinceLines: max(1, Int(((height - 2) / line).rounded(.down))),
            sinceScale: texts.hasHistory ? 1 : 0.75)
    }

    /// The Lock Screen's rectangle: the heading with the lotus, the time since, and "▶ Start";
    /// the Start line gives way first (the whole widget starts a session), then the heading, and
    /// the heading is left out where it is wider than the rectangle.
    /// Without history the words take the heading's line, and a second one when they need it.
    static func rectangular(size: WidgetSize, textSize: TextSize, texts: Texts) -> JustNowLayout {
        let footnote = TextStyle.footnote.scale(at: textSize)
        let line = 16 * footnote + 1
        let width = Double(size.width - 4)
        let height = Double(size.height - 6)
        let heading =
            texts.hasHistory
            ? 1 : min(2, TextFit.lines(texts.since, size: 13 * footnote, weight: .semibold, width: width, lead: 18))
        let since = texts.hasHistory ? 25.0 : 0
        // The heading and the lotus on one line, or none: "Letzte Meditation" is wider than some.
        let headed =
            !texts.hasHistory
            || TextFit.width(texts.heading, size: 13 * footnote, weight: .semibold) + 18 <= width
        let candidates = headed ? [(heading, true), (heading, false), (0, true), (0, false)] : [(0, true), (0, false)]
        for (lines, start) in candidates {
            if lines == 0 && !texts.hasHistory { break }
            if Double(lines) * line + since + (start ? line : 0) <= height {
                return JustNowLayout(headingLines: lines, sinceLines: texts.hasHistory ? 1 : heading, showsStart: start)
            }
        }
        return JustNowLayout(headingLines: texts.hasHistory ? 0 : 1, sinceLines: 1, showsStart: false)
    }

    /// The circle: the compact time at the first of three type steps that fits inside the 6 pt
    /// padding ("30 Min" in German).
    static func circular(size: WidgetSize, texts: Texts) -> JustNowLayout {
        let width = Double(size.width - 12)
        let step = [17.0, 15, 13].firstIndex { TextFit.width(texts.since, size: $0, weight: .bold) <= width } ?? 2
        return JustNowLayout(compactStep: step + 1)
    }
}
