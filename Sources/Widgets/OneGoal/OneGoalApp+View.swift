import Foundation
import WidgetTimeline

extension OneGoalApp {
    /// The view model and texts for one entry in one family.
    func view(
        of entry: OneGoalEntry, family: WidgetFamily, size: WidgetSize, redacted: Bool, environment: PreviewEnvironment
    ) throws -> WidgetView {
        var style: [(name: String, value: String)] = []
        if let accent = entry.goal?.accent, !redacted { style.append(("--store-accent", accent.description)) }
        let (model, texts) =
            if let goal = entry.goal {
                try goalModel(
                    goal, entry: entry, family: family, size: size, redacted: redacted, environment: environment)
            } else {
                try emptyModel(family: family, size: size, redacted: redacted, environment: environment)
            }
        return WidgetView(
            state: entry.state, template: "onegoal/\(family.rawValue)", model: model, texts: texts,
            links: [Self.deepLink], widgetURL: Self.deepLink, accessibilityLabel: model.accessibilityLabel,
            style: style, isPlaceholder: redacted)
    }

    /// The designed empty state: no snapshot, or one that failed its checks.
    /// The prompt is the short one where the long one does not fit (the circle's, always), and
    /// VoiceOver says the long one.
    func emptyModel(
        family: WidgetFamily, size: WidgetSize, redacted: Bool, environment: PreviewEnvironment
    ) throws -> (OneGoalViewModel, [String]) {
        let prompt = try environment.copy.copy(id, "no-goal")
        let short = try environment.copy.copy(id, "no-goal-short")
        let layout = OneGoalEmptyLayout.of(
            family, size: size, textSize: environment.textSize(for: family),
            prompt: TextFit.unbroken(prompt.text, html: prompt.html.html),
            short: TextFit.unbroken(short.text, html: short.html.html))
        let empty = layout.short ? short : prompt
        let model = OneGoalViewModel(
            link: Self.deepLink, accessibilityLabel: prompt.text, redacted: redacted, goal: nil, emptyHTML: empty.html,
            emptySource: empty.source ?? "", emptyLayout: layout)
        return (model, layout.text ? [empty.text] : [])
    }

    /// The goal, its days and today's status. The goal and its days are the store's: placeholders
    /// under --redact (the bar, ring and grid still draw the real fraction, so the layout is what
    /// the user sees).
    func goalModel(
        _ goal: OneGoalProgress, entry: OneGoalEntry, family: WidgetFamily, size: WidgetSize, redacted: Bool,
        environment: PreviewEnvironment
    ) throws -> (OneGoalViewModel, [String]) {
        let copy = environment.copy
        let redaction = environment.redaction
        let untitled = goal.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        let title = untitled ? try copy.copy(id, "untitled").text : redaction.text(goal.title)
        let titleSource = untitled ? Copy.source(id, "untitled") : "store:goal.title"
        let completed = redaction.figure(environment.locale.integer(goal.completedDays))
        let total = redaction.figure(environment.locale.integer(goal.totalDays))
        let caption = try copy.copy(id, "days-caption", values: ["total": total])
        let status = try copy.copy(id, Self.statusKey(entry.state))
        let measured = OneGoalLayout.Texts(
            title: title, number: completed, total: "/\(total)", caption: caption.text, status: status.text,
            statusIcon: entry.state != .notDoneToday)
        let percent = redaction.figure(environment.locale.percent(goal.fractionComplete))
        let layout = Self.layout(
            family, of: goal, size: size, textSize: environment.textSize(for: family), texts: measured, percent: percent
        )
        let grid = family == .systemMedium ? Self.grid(goal, size: size, column: layout.column) : nil
        // The medium widget without its grid draws the percentage: VoiceOver says it too.
        let label = try copy.copy(
            id, family == .systemMedium && grid == nil ? "accessibility-percent" : "accessibility",
            values: ["title": title, "completed": completed, "total": total, "status": status.text, "percent": percent]
        ).text
        let model = OneGoalViewModel.GoalModel(
            title: title, titleSource: titleSource, number: completed, total: total, captionHTML: caption.html,
            statusHTML: status.html, statusSource: status.source ?? "",
            done: entry.state == .doneToday, complete: entry.state == .complete,
            barWidth: String(format: "%.2f%%", goal.fractionComplete * 100),
            percentText: percent,
            grid: grid,
            ring: OneGoalViewModel.Ring(fraction: goal.fractionComplete), fraction: "\(completed)/\(total)",
            layout: layout)
        let texts: [String] =
            switch family {
            case .accessoryInline: ["\(completed)/\(total)", title]
            case .accessoryCircular: [completed, "/\(total)"]
            case .accessoryRectangular: [title, "\(completed) \(caption.text)", status.text]
            default: [title, completed, caption.text, status.text]
            }
        let viewModel = OneGoalViewModel(
            link: Self.deepLink, accessibilityLabel: label, redacted: redacted, goal: model, emptyHTML: .empty,
            emptySource: "")
        return (viewModel, texts)
    }

    /// The lines `family` shows of `goal` at `textSize` (OneGoalLayout): a medium widget's column
    /// widens only as far as the grid, or the percentage and its bar, keep room beside it.
    static func layout(
        _ family: WidgetFamily, of goal: OneGoalProgress, size: WidgetSize, textSize: TextSize,
        texts: OneGoalLayout.Texts, percent: String
    ) -> OneGoalLayout {
        switch family {
        case .systemSmall: return .small(size: size, textSize: textSize, texts: texts)
        case .accessoryRectangular: return .rectangular(size: size, textSize: textSize, texts: texts)
        case .systemMedium:
            let percentWidth = TextFit.width(percent, size: 28, weight: .bold)
            return .medium(size: size, textSize: textSize, texts: texts) { column in
                grid(goal, size: size, column: column) != nil || percentWidth <= Double(size.width - 48 - column)
            }
        default: return .full
        }
    }

    /// The copy for today's status.
    static func statusKey(_ state: OneGoalState) -> String {
        switch state {
        case .complete: "complete"
        case .doneToday: "done-today"
        case .notDoneToday, .noGoal: "not-done-today"
        }
    }

    /// The grid in the right-hand column of a medium widget, inside the 16 pt margins, 16 pt from
    /// the `column` of text.
    static func grid(_ goal: OneGoalProgress, size: WidgetSize, column: Int) -> OneGoalViewModel.Grid? {
        OneGoalViewModel.Grid.fitting(
            total: goal.totalDays, completed: goal.completedDays, width: size.width - 32 - 16 - column,
            height: size.height - 32)
    }
}
