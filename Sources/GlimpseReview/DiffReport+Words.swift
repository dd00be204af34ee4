import Foundation
import GlimpseFormat

extension DiffReport.DecisionMark {
    /// "approved by jane at 2026-11-26T09:00:00Z (the new ring colour)", or "changes requested by …".
    package var said: String {
        (isApproved ? "approved" : "changes requested") + " by \(by) at \(at)"
            + (note.map { " (\($0))" } ?? "")
    }
}

extension DiffReport.WidgetChange {
    /// "added", "removed", or "3 frames changed; budgetUsed 4 → 7".
    package var headline: String {
        let widget = self
        guard widget.status == "changed" else { return widget.status }
        var parts: [String] = []
        if widget.visual == true {
            let pixels = widget.changedPixels
            parts.append(
                "looks different"
                    + (pixels > 0 ? " (\(pixels.formatted(.number.locale(Locale(identifier: "en_US")))) pixels)" : ""))
        }
        for kind in ["changed", "added", "removed", "restyled"] {
            let count = widget.frames.filter { $0.change == kind }.count
            if count > 0 { parts.append("\(count) frame\(count == 1 ? "" : "s") \(kind)") }
        }
        if !widget.storyboard.isEmpty {
            parts.append("\(widget.storyboard.count) storyboard step\(widget.storyboard.count == 1 ? "" : "s") changed")
        }
        parts += widget.reloads.map { "\($0.measure) \($0.before) → \($0.after)" }
        if !widget.diagnostics.new.isEmpty { parts.append("\(widget.diagnostics.new.count) new diagnostic(s)") }
        if !widget.diagnostics.resolved.isEmpty {
            parts.append("\(widget.diagnostics.resolved.count) resolved diagnostic(s)")
        }
        return parts.isEmpty ? "changed" : parts.joined(separator: "; ")
    }
}
