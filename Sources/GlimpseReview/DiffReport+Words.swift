import Foundation
import GlimpseCore
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
                    + (pixels > 0 ? " (\(pixels.grouped) pixels)" : ""))
        }
        // A frame that draws the same texts in the same state, and says other words to VoiceOver,
        // looks the same before and after: the row says so rather than leave two alike pictures.
        let spoken = widget.frames.filter(\.onlyVoiceOverChanged).count
        for kind in ["changed", "added", "removed", "restyled"] {
            let count = widget.frames.filter { $0.change == kind }.count - (kind == "changed" ? spoken : 0)
            if count > 0 { parts.append("\(count) frame\(count == 1 ? "" : "s") \(kind)") }
        }
        if spoken > 0 {
            parts.append("\(spoken) frame\(spoken == 1 ? "" : "s") changed only what VoiceOver says")
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

extension DiffReport.Cause {
    /// What changed, in words: "“Done today” → “Done for today”", a setting's values, or, for a
    /// stylesheet's rule, only the declarations that differ ("“color: var(--a)” → “color:
    /// var(--b)”"), or the template whose source changed; nil for a file or when nothing is known.
    var words: String? {
        if kind == "template" { return "the template \(subject).mustache: its source changed" }
        guard kind == "rule" else { return before.map { "“\($0)” → “\(after ?? "")”" } }
        let old = Self.declarations(before)
        let new = Self.declarations(after)
        let removed = old.filter { !new.contains($0) }.joined(separator: "; ")
        let added = new.filter { !old.contains($0) }.joined(separator: "; ")
        switch (before, after) {
        case (nil, nil): return nil
        case (nil, _): return "a new rule: “\(added)”"
        case (_, nil): return "rule removed: “\(removed)”"
        default:
            if removed.isEmpty && added.isEmpty { return "the same declarations, in another order or count" }
            return "“\(removed)” → “\(added)”"
        }
    }

    /// A rule's declarations, each without the spacing around it.
    static func declarations(_ body: String?) -> [String] {
        (body ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
    }
}

extension DiffReport.FrameChange {
    /// Changed, and only in what VoiceOver says: the same state and drawn texts on both sides.
    var onlyVoiceOverChanged: Bool {
        guard change == "changed", stateBefore == stateAfter, textsBefore == textsAfter,
            let sources, !sources.isEmpty
        else { return false }
        return sources.allSatisfy { $0.source == Manifest.Frame.voiceOverSource }
    }
}
