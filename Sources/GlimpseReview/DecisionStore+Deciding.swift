import Foundation
import GlimpseCore
import GlimpseFormat
import GlimpseGallery

extension DecisionStore {
    /// What `glimpse approve` and `glimpse review` record: an approval, changes requested, or
    /// neither any more.
    package enum Verdict: String, Sendable {
        case approve
        case requestChanges = "request-changes"
        case clear
    }

    /// Records `verdict` on each of `changes`, on the whole widget, or on one of its frames.
    ///
    /// A decision on a widget replaces every decision before it on the same widget from the same
    /// base (an earlier after, now superseded; its frames' decisions); a decision on a frame replaces
    /// the ones on that frame. An approval replaces a request on the same change, and the other way
    /// round; `clear` only removes.
    package mutating func decide(
        _ changes: [DiffReport.Decidable], _ verdict: Verdict, by: String, at: String, note: String?,
        frame: String? = nil, scheme: String? = nil
    ) {
        for change in changes {
            let decision = Decision(
                key: change.key, variant: change.variant, before: change.before, after: change.after,
                pixels: change.pixels, frame: frame, scheme: frame == nil ? nil : scheme, by: by, at: at, note: note)
            let replaced = { (other: Decision) in
                other.key == change.key && other.before == change.before && (frame == nil || other.frame == frame)
            }
            approvals.approvals.removeAll(where: replaced)
            notes.requests.removeAll(where: replaced)
            switch verdict {
            case .approve: approvals.approvals.append(decision)
            case .requestChanges: notes.requests.append(decision)
            case .clear: break
            }
        }
        approvals.approvals.sort()
        notes.requests.sort()
    }

    /// Adds a comment on `change`, pinned to a frame and a scheme when they are given.
    package mutating func comment(
        _ change: DiffReport.Decidable, frame: String?, scheme: String?, by: String, at: String, text: String
    ) {
        let comment = ReviewComment(
            key: change.key, variant: change.variant, before: change.before, after: change.after, frame: frame,
            scheme: scheme, by: by, at: at, text: text)
        notes.comments = ((notes.comments ?? []) + [comment]).sorted()
    }

    /// The changes decided twice over, one way and the other (an approval and a request that two
    /// branches left in version 1's two files): the request holds until a decision replaces both.
    package var decidedTwice: [String] {
        let all = approvals.approvals.map { ($0, "approved") } + notes.requests.map { ($0, "changes requested") }
        let groups = Dictionary(grouping: all) { Self.identity(of: $0.0) }
        return groups.values.filter { Set($0.map(\.1)).count > 1 }.map { group in
            let change = group[0].0
            let said = group.map { "\($0.1) by \($0.0.by)" }.joined(separator: ", ")
            return "\(change.key)\(change.frame.map { " (frame \($0))" } ?? ""): \(said)"
        }.sorted()
    }

    /// Removes the approvals, requests and comments that are on none of `changes`; returns how many.
    package mutating func prune(keeping changes: [DiffReport.Decidable]) -> Int {
        let live = { (decision: Decision) in
            changes.contains { decision.decides(key: $0.key, before: $0.before, after: $0.after) }
        }
        let comments = notes.comments ?? []
        let before = approvals.approvals.count + notes.requests.count + comments.count
        approvals.approvals.removeAll { !live($0) }
        notes.requests.removeAll { !live($0) }
        let kept = comments.filter { comment in
            changes.contains { comment.isOn(key: $0.key, before: $0.before, after: $0.after) }
        }
        notes.comments = kept.isEmpty ? nil : kept
        return before - approvals.approvals.count - notes.requests.count - kept.count
    }
}
