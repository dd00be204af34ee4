import Foundation
import GlimpseKit

extension StepStreakApp {
    /// One entry in one family: the view model, its texts in reading order, what VoiceOver reads.
    func view(
        of entry: StepStreakEntry, family: WidgetFamily, redacted: Bool, environment: PreviewEnvironment
    ) throws -> WidgetView {
        let template = "\(id)/\(family.rawValue)"
        guard let progress = entry.progress else {
            let empty = try environment.copy.copy(id, family.isAccessory ? "no-data-short" : "no-data")
            let model = StepStreakViewModel(
                redacted: redacted, streak: nil, emptyHTML: empty.html, emptySource: empty.source ?? "")
            return WidgetView(
                state: entry.state, template: template, model: model, texts: [empty.text], links: [Self.link],
                widgetURL: Self.link, accessibilityLabel: empty.text, isPlaceholder: redacted)
        }
        let (streak, texts, label) = try streakModel(progress, family: family, environment: environment)
        let model = StepStreakViewModel(redacted: redacted, streak: streak, emptyHTML: .empty, emptySource: "")
        return WidgetView(
            state: entry.state, template: template, model: model, texts: texts, links: [Self.link],
            widgetURL: Self.link, accessibilityLabel: label, isPlaceholder: redacted)
    }

    /// Opens the app at today's steps.
    static let link = "stepstreak://today"

    /// The streak's figures and words, its texts and its VoiceOver label.
    func streakModel(
        _ progress: StepStreakProgress, family: WidgetFamily, environment: PreviewEnvironment
    ) throws -> (StepStreakViewModel.Streak, [String], String) {
        let copy = environment.copy
        let locale = environment.locale
        let days = environment.redaction.figure(locale.integer(progress.streak))
        let steps = environment.redaction.figure(locale.integer(progress.steps))
        let goal = locale.integer(progress.goal)
        let remaining = locale.integer(max(0, progress.goal - progress.steps))
        let daysCopy = try copy.copy(id, "days", values: [:], count: progress.streak)
        let stepsCopy = try copy.copy(id, "steps", values: ["steps": steps, "goal": goal])
        let statusKey: String =
            switch progress.state {
            case .kept: "kept"
            case .atRisk: "at-risk"
            case .noStreak, .noData: "no-streak"
            }
        // Small has room for the short form of what is left to do; VoiceOver reads the whole sentence.
        let spoken = try copy.copy(id, statusKey, values: ["remaining": remaining])
        let status =
            family == .systemSmall && progress.state != .kept
            ? try copy.copy(id, statusKey + "-short", values: ["remaining": remaining]) : spoken
        let label = try copy.copy(
            id, "accessibility",
            values: ["days": days, "daysText": daysCopy.text, "steps": stepsCopy.text, "status": spoken.text])
        let fraction = min(1, Double(progress.steps) / Double(max(1, progress.goal)))
        let streak = StepStreakViewModel.Streak(
            days: days, daysHTML: daysCopy.html, stepsHTML: stepsCopy.html, statusHTML: status.html,
            statusSource: status.source ?? "", kept: progress.state == .kept, atRisk: progress.state == .atRisk,
            barWidth: String(format: "%.2f%%", fraction * 100))
        return (streak, [days, daysCopy.text, stepsCopy.text, status.text], label.text)
    }
}
