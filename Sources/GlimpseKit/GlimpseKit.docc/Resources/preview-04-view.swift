import Foundation
import GlimpseKit

extension WaterIntakeApp {
    /// One entry in one family: its view model, its texts in reading order, and what VoiceOver reads.
    func view(
        of entry: WaterIntakeEntry, family: WidgetFamily, redacted: Bool, environment: PreviewEnvironment
    ) throws -> WidgetView {
        let copy = environment.copy
        let title = try copy.copy(id, "title").text
        guard entry.state != .noData else {
            let empty = try copy.copy(id, "no-data")
            let model = WaterIntakeViewModel(redacted: redacted, title: title, progress: nil, emptyHTML: empty.html)
            return WidgetView(
                state: entry.state, template: "\(id)/\(family.rawValue)", model: model, texts: [title, empty.text],
                links: [], accessibilityLabel: "\(title). \(empty.text)", isPlaceholder: redacted)
        }
        let count = environment.redaction.figure(environment.locale.integer(entry.count))
        let goal = environment.locale.integer(entry.goal)
        let remaining = environment.locale.integer(max(0, entry.goal - entry.count))
        let caption = try copy.copy(id, "caption", values: ["goal": goal])
        let status = try copy.copy(id, entry.state == .goalMet ? "goal-met" : "to-go", values: ["remaining": remaining])
        let label = try copy.copy(
            id, "accessibility", values: ["title": title, "count": count, "goal": goal, "status": status.text])
        let fraction = min(1, Double(entry.count) / Double(max(1, entry.goal)))
        let progress = WaterIntakeViewModel.Progress(
            count: count, captionHTML: caption.html, statusHTML: status.html, statusSource: status.source ?? "",
            met: entry.state == .goalMet, barWidth: String(format: "%.2f%%", fraction * 100))
        let model = WaterIntakeViewModel(redacted: redacted, title: title, progress: progress, emptyHTML: .empty)
        return WidgetView(
            state: entry.state, template: "\(id)/\(family.rawValue)", model: model,
            texts: [title, count, caption.text, status.text], links: [], accessibilityLabel: label.text,
            isPlaceholder: redacted)
    }
}
