import WidgetTimeline

/// What a family shows of a goal: the first of its designed layouts that fits its box at the text
/// size, in its language, as `ViewThatFits` picks on the device (docs/widgets/onegoal.md#text-size).
/// Every layout keeps the count and the progress, and the status in words or as its icon; a line
/// left out is still said by VoiceOver, whose label is the whole sentence.
///
/// The figures are those of `templates/onegoal/style.css`, in points at Large, scaled as their text
/// style: the two are changed together.
struct OneGoalLayout: Encodable, Hashable, Sendable {
    /// Where the status's icon stands in for its words.
    enum Icon: String, Encodable, Sendable {
        /// Nowhere: the status is in words.
        case none
        /// After the count (medium), or before it (the rectangle).
        case count
        /// Before the bar (small).
        case bar
    }

    /// The goal's title: on at most this many lines; 0 leaves it out.
    var titleLines: Int
    /// "of 30 days" under the number; else the total beside it, "/30".
    var caption: Bool
    /// Where the status's icon stands in for its words, if it does.
    var icon: Icon = .none
    /// The lines the status has room for: what it needs or more, but in the last layout, which cuts
    /// what is still too long, and shows the cut.
    var lines: Int
    /// The rectangle's "12 of 30 days": the lines it has room for.
    var countLines: Int = 1
    /// The medium widget's left column, in points; the grid takes the rest.
    var column: Int = 132

    /// For the templates, whose names must not be the goal's (`title`): what is shown, and where.
    private enum CodingKeys: String, CodingKey {
        case titleLines, lines, countLines, column
        case showsTitle, showsCaption, showsTotal, showsStatus
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(titleLines, forKey: .titleLines)
        try container.encode(lines, forKey: .lines)
        try container.encode(countLines, forKey: .countLines)
        try container.encode(column, forKey: .column)
        try container.encode(titleLines > 0, forKey: .showsTitle)
        try container.encode(caption, forKey: .showsCaption)
        try container.encode(!caption, forKey: .showsTotal)
        try container.encode(icon == .none, forKey: .showsStatus)
    }

    /// Every line, as at Large.
    static let full = OneGoalLayout(titleLines: 2, caption: true, lines: 3)

    /// The texts a layout is measured with.
    struct Texts: Sendable {
        var title: String
        var number: String
        /// "/30".
        var total: String
        var caption: String
        var status: String
        /// Whether the status starts with its check.
        var statusIcon: Bool
    }

    /// How the text styles grow at the text size: `TextStyle.scale(at:)`.
    struct Scale: Sendable {
        var subheadline: Double
        var footnote: Double

        init(_ size: TextSize) {
            subheadline = TextStyle.subheadline.scale(at: size)
            footnote = TextStyle.footnote.scale(at: size)
        }
    }
}

extension OneGoalLayout {
    /// The number's row: the number, the total beside it, and the status's icon after them; what
    /// does not fit beside goes under, a line of the total's.
    static func numberRow(
        _ texts: Texts, number: (size: Double, line: Double), width: Double, scale: Scale, icon: Bool = false
    ) -> Double {
        let beside =
            TextFit.width(texts.number, size: number.size, weight: .bold) + 4
            + TextFit.width(texts.total, size: 13 * scale.footnote, weight: .semibold)
            + (icon ? 18 * scale.footnote + 6 : 0)
        return beside <= width ? number.line : number.line + 18 * scale.footnote
    }

    /// The lines of the status at `size` in `width`, its check first when it has one.
    static func statusLines(_ texts: Texts, size: Double, width: Double) -> Int {
        TextFit.lines(
            texts.status, size: size, weight: .semibold, width: width, lead: texts.statusIcon ? 1.3 * size : 0)
    }

    /// Lines of `line` points that `height` holds, at least one.
    static func room(_ height: Double, line: Double) -> Int { max(1, Int((height / line).rounded(.down))) }

    /// Small: title, number, caption, bar, status; then the total beside the number for the
    /// caption; then the title left out; then the status's icon before the bar for its words.
    static func small(size: WidgetSize, textSize: TextSize, texts: Texts) -> OneGoalLayout {
        let scale = Scale(textSize)
        let width = Double(size.width - 32)
        let height = Double(size.height - 32)
        let line = 16 * scale.footnote
        let status = Double(statusLines(texts, size: 12 * scale.footnote, width: width)) * line
        let captionLines = TextFit.lines(texts.caption, size: 13 * scale.footnote, weight: .regular, width: width)
        let row = numberRow(texts, number: (40, 42), width: width, scale: scale)
        let bar = 4.0 + 6 + 6
        for (titleLines, caption) in [(1, true), (1, false), (0, false)] {
            let middle = caption ? 42 + Double(captionLines) * line : row
            let above = Double(titleLines) * 18 * scale.subheadline + middle + bar
            if above + status <= height {
                return OneGoalLayout(titleLines: titleLines, caption: caption, lines: room(height - above, line: line))
            }
        }
        return OneGoalLayout(titleLines: 0, caption: false, icon: .bar, lines: 0)
    }

    /// Medium: the small widget's lines in a left column beside the grid. As the text grows, the
    /// column widens (the grid's cells shrink, or the grid gives way to a bar) before a line is
    /// left out: the title's second line, then the caption for the total, then the title; then the
    /// status's icon after the count for its words. `progress(column)` says whether the grid or
    /// the bar has room beside a column.
    static func medium(
        size: WidgetSize, textSize: TextSize, texts: Texts, progress: (Int) -> Bool
    ) -> OneGoalLayout {
        let scale = Scale(textSize)
        let height = Double(size.height - 32)
        let content = size.width - 32 - 16
        let columns = [132, 150, 170, 190, 210, 230, 250].filter { $0 <= content - 72 && progress($0) }
        let line = 16 * scale.footnote
        for (titleLines, caption) in [(2, true), (1, true), (1, false), (0, false)] {
            for column in columns {
                let width = Double(column)
                let needs = TextFit.lines(texts.title, size: 15 * scale.subheadline, weight: .semibold, width: width)
                let title = Double(min(titleLines, needs)) * 18 * scale.subheadline
                let captionLines = TextFit.lines(
                    texts.caption, size: 13 * scale.footnote, weight: .regular, width: width)
                let middle =
                    caption
                    ? 40 + Double(captionLines) * line : numberRow(texts, number: (36, 40), width: width, scale: scale)
                let status = Double(statusLines(texts, size: 13 * scale.footnote, width: width)) * line
                if title + middle + status + 4 <= height {
                    return OneGoalLayout(
                        titleLines: titleLines, caption: caption, lines: room(height - title - middle - 4, line: line),
                        column: column)
                }
            }
        }
        return OneGoalLayout(titleLines: 0, caption: false, icon: .count, lines: 0, column: columns.last ?? 132)
    }

    /// The Lock Screen's rectangle: title, "12 of 30 days", the status, a thin bar; then the status's
    /// icon before the count for its words; then "12/30" for "12 of 30 days"; then the title left
    /// out, the count on the lines left.
    static func rectangular(size: WidgetSize, textSize: TextSize, texts: Texts) -> OneGoalLayout {
        let scale = Scale(textSize)
        let width = Double(size.width - 4)
        let height = Double(size.height - 6)
        let line = 16 * scale.footnote
        let title = 18 * scale.subheadline + 1
        let font = 13 * scale.footnote
        let bar = 6.0 + 1
        let count = "\(texts.number) \(texts.caption)"
        let worded = TextFit.lines(count, size: font, weight: .regular, width: width)
        let status = Double(statusLines(texts, size: font, width: width)) * line + 1
        if title + Double(worded) * line + status + bar <= height {
            return OneGoalLayout(
                titleLines: 1, caption: true, lines: room(height - title - Double(worded) * line - bar - 1, line: line),
                countLines: worded)
        }
        let lead = 1.3 * font
        let iconed = TextFit.lines(count, size: font, weight: .regular, width: width, lead: lead)
        let total = TextFit.lines(texts.number + texts.total, size: font, weight: .regular, width: width, lead: lead)
        for (titled, caption, lines) in [(true, true, iconed), (true, false, total), (false, true, iconed)] {
            let above = (titled ? title : 0) + bar
            if above + Double(lines) * line <= height {
                return OneGoalLayout(
                    titleLines: titled ? 1 : 0, caption: caption, icon: .count, lines: 0,
                    countLines: room(height - above, line: line))
            }
        }
        return OneGoalLayout(
            titleLines: 0, caption: false, icon: .count, lines: 0, countLines: room(height - bar, line: line))
    }
}

/// Without a goal: the prompt "Set a goal in One Goal" with the target icon; then without the icon;
/// then the short prompt, "Set a goal" (the circle starts there); then cut to the lines left, but
/// in the circle, which shows its icon alone.
struct OneGoalEmptyLayout: Encodable, Hashable, Sendable {
    var icon: Bool
    /// `no-goal-short` for `no-goal`.
    var short: Bool
    /// The most lines the prompt may take.
    var lines: Int
    /// Whether the prompt is shown: the circle shows its icon alone where no prompt fits.
    var text = true

    /// The first of the layouts of `family` that fits `prompt` (or `short`) at `textSize`.
    static func of(
        _ family: WidgetFamily, size: WidgetSize, textSize: TextSize, prompt: String, short: String
    ) -> OneGoalEmptyLayout {
        let box = Box(family, size: size, textSize: textSize)
        let tries: [(icon: Bool, short: Bool)] =
            switch family {
            case .accessoryInline: [(true, false), (true, true)]
            case .accessoryCircular: [(true, true), (false, true)]
            default: [(true, false), (false, false), (true, true), (false, true)]
            }
        for option in tries {
            let lines = TextFit.lines(
                option.short ? short : prompt, size: box.font, weight: box.weight,
                width: box.width - (option.icon ? box.iconBeside : 0))
            if lines <= box.room(icon: option.icon) {
                return OneGoalEmptyLayout(icon: option.icon, short: option.short, lines: box.room(icon: option.icon))
            }
        }
        let last = tries[tries.count - 1]
        if family == .accessoryCircular { return OneGoalEmptyLayout(icon: true, short: true, lines: 0, text: false) }
        return OneGoalEmptyLayout(icon: last.icon, short: last.short, lines: box.room(icon: last.icon))
    }

    /// Where a family draws its prompt: the box, the prompt's font and line, and its icon's room,
    /// above the prompt or beside it (style.css).
    struct Box {
        var width: Double
        var height: Double
        var font: Double
        var line: Double
        var weight: TextFit.Weight = .semibold
        var iconAbove: Double = 0
        var iconBeside: Double = 0
        var most = 3
        /// The most lines under the icon: the circle narrows above and below its middle.
        var mostUnderIcon = 3

        init(_ family: WidgetFamily, size: WidgetSize, textSize: TextSize) {
            let body = TextStyle.subheadline.scale(at: textSize)
            let caption = TextStyle.caption2.scale(at: textSize)
            let (width, height) = (Double(size.width), Double(size.height))
            switch family {
            case .systemSmall:
                (self.width, self.height, font, line, iconAbove) = (width - 32, height - 32, 15 * body, 19 * body, 40)
            case .systemMedium:
                (self.width, self.height, font, line, iconBeside) = (width - 32, height - 32, 15 * body, 19 * body, 46)
            case .accessoryCircular:
                (self.width, self.height, font, line, iconAbove) = (
                    width - 18, height - 10, 11 * caption, 13 * caption, 24
                )
                mostUnderIcon = 2
            case .accessoryInline:
                (self.width, self.height, font, line, iconBeside) = (width, height, 15 * body, 26, 1.3 * 15 * body)
                most = 1
            default:
                (self.width, self.height, font, line, weight) = (width - 4, height - 6, 15 * body, 20 * body, .bold)
            }
        }

        /// The lines the prompt has room for, under the icon or beside it.
        func room(icon: Bool) -> Int {
            let lines = Int(((height - (icon ? iconAbove : 0)) / line).rounded(.down))
            return max(1, min(icon ? mostUnderIcon : most, lines))
        }
    }
}
