import Foundation

extension DecisionRecordV2 {
    /// The file of an approval (`.approved`) or a request (`.changesRequested`).
    package init(_ decision: Decision, kind: Kind) {
        self.init(
            key: decision.key, variant: decision.variant, kind: kind, frame: decision.frame, scheme: decision.scheme,
            by: decision.by, at: decision.at, note: decision.note, pixels: decision.pixels, before: decision.before,
            after: decision.after)
    }

    /// The file of a comment.
    package init(_ comment: ReviewComment) {
        self.init(
            key: comment.key, variant: comment.variant, kind: .comment, frame: comment.frame, scheme: comment.scheme,
            by: comment.by, at: comment.at, note: comment.text, pixels: nil, before: comment.before,
            after: comment.after)
    }

    /// The approval or request it records; nil for a comment.
    package var decision: Decision? {
        guard kind != .comment else { return nil }
        return Decision(
            key: key, variant: variant, before: before, after: after, pixels: pixels, frame: frame, scheme: scheme,
            by: by, at: at, note: note)
    }

    /// The comment it records; nil for a decision.
    package var comment: ReviewComment? {
        guard kind == .comment else { return nil }
        return ReviewComment(
            key: key, variant: variant, before: before, after: after, frame: frame, scheme: scheme, by: by, at: at,
            text: note ?? "")
    }
}
