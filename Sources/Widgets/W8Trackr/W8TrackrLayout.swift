import WidgetTimeline

/// What a family shows of a weigh-in: the first of its designed layouts that fits its box at the
/// text size, in its language, as `ViewThatFits` picks on the device (docs/widgets/w8trackr.md).
/// Every layout keeps the weight, when it was logged, and the bar to the goal; a line left out is
/// still said by VoiceOver, whose label is every line.
///
/// The figures are those of `templates/w8trackr/style.css`, in points at Large, scaled as their
/// text style: the two are changed together.
struct W8TrackrLayout: Encodable, Hashable, Sendable {
    /// "Weight" over the number.
    var showsHeading = true
    /// The lines "Yesterday, 6:50 AM" may take.
    var dateLines = 1
    /// "6 lb to goal" over the bar; without it, the bar alone.
    var showsGoalText = true
    /// The lines the goal's words may take.
    var goalLines = 1
    /// Medium: "−2.4 lb in 7 days", on at most this many lines; 0 leaves it out.
    var changeLines = 2

    /// Every line, as at Large.
    static let full = W8TrackrLayout()

    /// For the templates: the classes that wrap or cut each line.
    private enum CodingKeys: String, CodingKey {
        case showsHeading, showsGoalText, showsChange, dateFit, goalFit, changeFit
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(showsHeading, forKey: .showsHeading)
        try container.encode(showsGoalText, forKey: .showsGoalText)
        try container.encode(changeLines > 0, forKey: .showsChange)
        try container.encode(dateLines > 1 ? "clamp-2" : "truncate", forKey: .dateFit)
        try container.encode(goalLines > 1 ? "clamp-2" : "truncate", forKey: .goalFit)
        try container.encode(changeLines > 1 ? "clamp-2" : "truncate", forKey: .changeFit)
    }

    /// The texts a layout is measured with.
    struct Texts: Sendable {
        var date: String
        var goal: String?
        /// Whether the goal's words start with the check.
        var reached: Bool
        var change: String?
    }

    /// The layout for a family of `size`: the small widget's column, or the medium widget's side
    /// (140 pt) beside its detail. Each column gives up its lines in order: the heading, then the
    /// goal's words (the bar stays, after the check when the goal is reached); the detail the
    /// week's change.
    /// Dates and goals wrap to a second line before any line is left out.
    static func fitting(family: WidgetFamily, size: WidgetSize, textSize: TextSize, texts: Texts) -> W8TrackrLayout {
        let footnote = TextStyle.footnote.scale(at: textSize)
        let line = 16 * footnote
        let font = 13 * footnote
        let height = Double(size.height - 32)
        let side = family == .systemMedium ? 140 : Double(size.width - 32)
        let detail = Double(size.width - 32 - 140 - 16)
        let goalWidth = family == .systemMedium ? detail : side
        var layout = W8TrackrLayout()
        layout.dateLines = min(2, TextFit.lines(texts.date, size: font, weight: .regular, width: side))
        layout.goalLines =
            texts.goal.map {
                min(2, TextFit.lines($0, size: font, weight: .semibold, width: goalWidth, lead: texts.reached ? 16 : 0))
            } ?? 0
        let goal = texts.goal == nil ? 0.0 : 12
        let goalHeight = goal + Double(layout.goalLines) * line
        let weight = { (heading: Bool) in (heading ? line : 0) + 40 + Double(layout.dateLines) * line }
        if family == .systemMedium {
            layout.showsHeading = weight(true) <= height
            layout.showsGoalText = goalHeight <= height
            layout.changeLines = mediumChange(texts, layout: layout, width: detail, height: height, textSize: textSize)
        } else {
            layout.showsHeading = weight(true) + goalHeight <= height
            layout.showsGoalText = weight(layout.showsHeading) + goalHeight <= height
        }
        return layout
    }

    /// How a message is set: whether the logo above it has room, its lines, and its type step.
    struct MessageFit: Equatable, Sendable {
        var logo: Bool
        var lines: Int
        /// 1, 0.85 or 0.75 of Subheadline (`--w8-message-scale`).
        var scale = 1.0
    }

    /// A message's lines, and what gives way for its words: the logo first, then its type, a step
    /// at a time (never under 11 pt), as "読み込めません。W8Trackrを開いてください。" needs at xxLarge
    /// in the small widget; only past the last step is it clamped to the lines the room holds.
    static func message(_ text: String, size: WidgetSize, textSize: TextSize) -> MessageFit {
        let subheadline = TextStyle.subheadline.scale(at: textSize)
        let height = Double(size.height - 32)
        let steps = [1, 0.85, 0.75].filter { 15 * subheadline * $0 >= Double(minimumTextPoints) }
        for (index, scale) in steps.enumerated() {
            let line = 19 * subheadline * scale
            let needs = TextFit.lines(
                text, size: 15 * subheadline * scale, weight: .semibold, width: Double(size.width - 32))
            if index == 0 && 28 + 8 + Double(needs) * line <= height { return MessageFit(logo: true, lines: needs) }
            let holds = Int((height / line).rounded(.down))
            if needs <= holds || index == steps.count - 1 {
                return MessageFit(logo: false, lines: max(1, min(needs, holds)), scale: scale)
            }
        }
        return MessageFit(logo: false, lines: 1)
    }

    /// The lines the medium widget's detail has for the week's change above the goal: what it
    /// needs, up to two, or none.
    private static func mediumChange(
        _ texts: Texts, layout: W8TrackrLayout, width: Double, height: Double, textSize: TextSize
    ) -> Int {
        guard let change = texts.change else { return 0 }
        let subheadline = TextStyle.subheadline.scale(at: textSize)
        let goal = texts.goal == nil ? 0 : 12 + Double(layout.goalLines) * 16 * TextStyle.footnote.scale(at: textSize)
        let needs = TextFit.lines(change, size: 15 * subheadline, weight: .semibold, width: width)
        let room = Int(((height - goal - (texts.goal == nil ? 0 : 10)) / (19 * subheadline)).rounded(.down))
        // Two lines at most, and whole: a change cut in the middle of its figure says a wrong one.
        return needs <= min(2, room) ? needs : 0
    }
}
