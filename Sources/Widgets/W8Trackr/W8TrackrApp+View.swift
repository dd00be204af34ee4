import Foundation
import WidgetTimeline

extension W8TrackrApp {
    /// The view model, state and texts for one entry in one family.
    func view(
        of entry: W8TrackrEntry, family: WidgetFamily, size: WidgetSize, redacted: Bool,
        environment: PreviewEnvironment
    ) throws -> WidgetView {
        let shown = (family: family, size: size)
        switch entry.content {
        case .notSetUp: return try messageView(.notSetUp, key: "not-set-up", shown, redacted: redacted, environment)
        case .noEntries: return try messageView(.noEntries, key: "no-entries", shown, redacted: redacted, environment)
        case .unreadable: return try messageView(.unreadable, key: "unreadable", shown, redacted: redacted, environment)
        case .weight(let summary):
            return try weightView(summary, at: entry.date, shown, redacted: redacted, environment: environment)
        }
    }

    /// Not set up, no weigh-in yet, or a store that cannot be read: a message from copy.
    func messageView(
        _ state: W8TrackrState, key: String, _ shown: (family: WidgetFamily, size: WidgetSize), redacted: Bool,
        _ environment: PreviewEnvironment
    ) throws -> WidgetView {
        let family = shown.family
        let spoken = try environment.copy.copy(id, key)
        let text = try SmallCopy.shown(
            key, of: id, spoken: spoken, family: family, shortened: ["unreadable", "no-entries"], environment.copy)
        let fit = W8TrackrLayout.message(text.text, size: shown.size, textSize: environment.textSize(for: family))
        let model = W8TrackrViewModel(
            redacted: redacted, weight: nil,
            message: .init(html: text.html, source: text.source ?? "", fit: fit))
        return WidgetView(
            state: state, template: "w8trackr/\(family.rawValue)", model: model, texts: [text.text],
            links: [Self.deepLink], widgetURL: Self.deepLink, accessibilityLabel: spoken.text, isPlaceholder: redacted)
    }

    /// The latest weight, when it was logged, the way to the goal and, on medium, the week's change.
    /// Weights are the store's: placeholders under --redact (the goal bar still draws the real
    /// fraction). Dates of weigh-ins stay: they place the entry in the simulated day.
    func weightView(
        _ summary: W8TrackrSummary, at now: Date, _ shown: (family: WidgetFamily, size: WidgetSize), redacted: Bool,
        environment: PreviewEnvironment
    ) throws -> WidgetView {
        let family = shown.family
        let copy = environment.copy
        let locale = environment.locale
        let unit = summary.unit.rawValue
        let weight = environment.redaction.figure(locale.integer(summary.shownWeight))
        let when = try dateLabel(summary.date, at: now, environment: environment)
        let goal = try summary.goal.map { try goalModel($0, unit: unit, environment: environment) }
        let change =
            family == .systemMedium ? try summary.weekChange.map { try weekChange($0, unit: unit, environment) } : nil
        let texts = [weight, unit, when.text] + (goal.map { [$0.text] } ?? []) + (change.map { [$0] } ?? [])
        let layout = W8TrackrLayout.fitting(
            family: family, size: shown.size, textSize: environment.textSize(for: family),
            texts: .init(date: when.text, goal: goal?.text, reached: goal?.reached ?? false, change: change))
        let model = W8TrackrViewModel(
            redacted: redacted,
            weight: .init(
                heading: try copy.copy(id, "heading").text, value: weight, unit: unit, date: when.text,
                dateSource: when.source, goal: goal, change: change, layout: layout),
            message: nil)
        let spokenUnit = summary.unit == .lb ? "pounds" : "kilograms"
        let label =
            try copy.copy(id, "accessibility", values: ["weight": weight, "unit": spokenUnit, "when": when.text]).text
            + (change.map { " \(Self.sentence($0))" } ?? "") + (goal.map { " \(Self.sentence($0.text))" } ?? "")
        let state: W8TrackrState = summary.goal.map { $0.reached ? .goalReached : .progress } ?? .weight
        return WidgetView(
            state: state, template: "w8trackr/\(family.rawValue)", model: model, texts: texts,
            links: [Self.deepLink], widgetURL: Self.deepLink, accessibilityLabel: label, isPlaceholder: redacted)
    }

    /// `text` as a sentence of the VoiceOver line: with a full stop, unless it ends in one already
    /// ("Goal reached!").
    static func sentence(_ text: String) -> String {
        text.last.map { ".!?。！？".contains($0) } == true ? text : text + "."
    }

    /// "7 lb to goal" or "Goal reached!", with the bar's fill.
    func goalModel(
        _ progress: W8TrackrSummary.GoalProgress, unit: String, environment: PreviewEnvironment
    ) throws -> W8TrackrViewModel.Goal {
        let redaction = environment.redaction
        let remaining = redaction.figure(environment.locale.integer(progress.shownRemaining))
        let copy =
            progress.reached
            ? try environment.copy.copy(id, "goal-reached")
            : try environment.copy.copy(id, "to-goal", values: ["amount": remaining, "unit": unit])
        return W8TrackrViewModel.Goal(
            text: copy.text, source: copy.source ?? "", reached: progress.reached,
            width: "\(Int((progress.fraction * 100).rounded()))%",
            percent: redaction.figure(environment.locale.percent(progress.fraction)))
    }

    /// "−2.4 lb in 7 days": the sign only where the change is not zero.
    func weekChange(_ delta: Double, unit: String, _ environment: PreviewEnvironment) throws -> String {
        let change = environment.redaction.figure(
            environment.locale.decimal(Decimal(delta), fractionDigits: 1, signed: true))
        return try environment.copy.copy(id, "week-change", values: ["change": change, "unit": unit]).text
    }

    /// "Today, 7:32 AM", "Yesterday, 6:10 PM", or "Nov 18" (with the year when it is not this one),
    /// with where it comes from: its copy key, or the month-and-day format.
    func dateLabel(
        _ date: Date, at now: Date, environment: PreviewEnvironment
    ) throws -> (text: String, source: String) {
        let calendar = environment.calendar
        let days = calendar.localDate(of: now).dayNumber - calendar.localDate(of: date).dayNumber
        let time = environment.clock(date)
        switch days {
        case 0: return (try environment.copy.copy(id, "today", values: ["time": time]).text, Copy.source(id, "today"))
        case 1:
            return (
                try environment.copy.copy(id, "yesterday", values: ["time": time]).text, Copy.source(id, "yesterday")
            )
        default:
            let sameYear = calendar.localDate(of: date).year == calendar.localDate(of: now).year
            return (environment.locale.monthDay(date, calendar: calendar, year: !sameYear), "format:w8trackr/date")
        }
    }
}
