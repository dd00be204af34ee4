import Foundation
import GlimpseFormat

extension LiveReview {
    /// Records `request` in the decisions folder, with what other writers decided meanwhile; on a
    /// failed write nothing changes.
    ///
    /// - Throws: `ReviewRequestError` for a request that names no change, frame or verdict of the
    ///   review; `GalleryError` when the folder cannot be read or written; `FileLockError.held` when
    ///   another writer holds the lock too long.
    package mutating func decide(_ request: DecisionRequest, by: String, at: String) throws -> Outcome {
        guard let verdict = DecisionStore.Verdict(rawValue: request.verdict) else {
            throw ReviewRequestError("verdict \(request.verdict): expected approve, request-changes or clear")
        }
        let change = try decidable(request.key)
        try check(frame: request.frame, scheme: request.scheme, of: request.key)
        let note = try text(request.note, "note", required: false)
        let (store, _) = try DecisionStore.update(store.location, as: writer) { store in
            store.decide([change], verdict, by: by, at: at, note: note, frame: request.frame, scheme: request.scheme)
        }
        show(store)
        let kind: DecisionRecord.Kind? =
            switch verdict {
            case .approve: .approved
            case .requestChanges: .changesRequested
            case .clear: nil
            }
        let decision = Decision(
            key: change.key, variant: change.variant, before: change.before, after: change.after, pixels: change.pixels,
            frame: request.frame, by: by, at: at, note: note)
        let file = kind.map { "\(store.path)/\(DecisionStore.fileName(DecisionRecord(decision, kind: $0)))" }
        return outcome(request.key, file: file ?? store.path, by: by, at: at)
    }

    /// Records a comment and writes the review file.
    ///
    /// - Throws: as `decide`.
    package mutating func comment(_ request: CommentRequest, by: String, at: String) throws -> Outcome {
        let change = try decidable(request.key)
        try check(frame: request.frame, scheme: request.scheme, of: request.key)
        guard let text = try text(request.text, "text", required: true) else { throw ReviewRequestError("text: empty") }
        let (store, _) = try DecisionStore.update(store.location, as: writer) { store in
            store.comment(change, frame: request.frame, scheme: request.scheme, by: by, at: at, text: text)
        }
        show(store)
        let comment = ReviewComment(
            key: change.key, variant: change.variant, before: change.before, after: change.after, frame: request.frame,
            scheme: request.scheme, by: by, at: at, text: text)
        return outcome(
            request.key, file: "\(store.path)/\(DecisionStore.fileName(DecisionRecord(comment)))", by: by, at: at)
    }

    /// The counts of decided and undecided changes: `apply` counted the decided ones.
    package var counts: Counts {
        let approved = report.approvals?.approved ?? 0
        let requested = report.approvals?.requested ?? 0
        return Counts(
            undecided: report.decidable.count - approved - requested, approved: approved, requested: requested)
    }

    func decidable(_ key: String) throws(ReviewRequestError) -> DiffReport.Decidable {
        guard let change = (report.decidable + report.decidableCauses).first(where: { $0.key == key }) else {
            throw ReviewRequestError("key \(key): no change of this review has that key")
        }
        return change
    }

    func check(frame: String?, scheme: String?, of key: String) throws(ReviewRequestError) {
        if let frame {
            let anchors = report.widgets.first { $0.key == key }?.changedAnchors ?? []
            guard anchors.contains(frame) else {
                throw ReviewRequestError("frame \(frame): not a changed frame of \(key)")
            }
        }
        if let scheme, !Self.schemes.contains(scheme) {
            throw ReviewRequestError("scheme \(scheme): expected \(Self.schemes.joined(separator: ", "))")
        }
    }

    /// The schemes a frame is drawn in.
    static let schemes = ["light", "dark", "tinted", "clear-light", "clear-dark", "tinted-26", "vibrant"]

    func text(_ value: String?, _ field: String, required: Bool) throws(ReviewRequestError) -> String? {
        let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if trimmed.isEmpty {
            if required { throw ReviewRequestError("\(field): empty") }
            return nil
        }
        guard trimmed.count <= Self.maximumText else {
            throw ReviewRequestError("\(field): \(trimmed.count) characters; at most \(Self.maximumText)")
        }
        return trimmed
    }

    /// Reads the decisions again when another writer (`glimpse approve`, a second review) changed
    /// them since this review read or wrote them; as they were, when they cannot be read now.
    package mutating func refresh() {
        guard store.location.stamp() != store.stamp, let fresh = try? DecisionStore.read(store.location) else { return }
        show(fresh)
    }

    /// Shows `store`'s decisions, as written: this review's and every other writer's.
    mutating func show(_ store: DecisionStore) {
        self.store = store
        report.apply(store.approvals, store.notes, file: store.path, reviewFile: store.path)
    }

    func outcome(_ key: String, file: String, by: String, at: String) -> Outcome {
        let widget = report.widgets.first { $0.key == key }
        let cause = report.causes.first { DiffReport.causeKey($0.id) == key }
        let decision =
            widget?.decision ?? report.assets.first { $0.path == key }?.decision
            ?? cause.flatMap { cause in
                DecisionMarker(approvals: store.approvals.approvals, requests: store.notes.requests)
                    .mark(key: key, before: nil, after: cause.digest)
            }
        var frames: [String: String] = [:]
        if let widget {
            let context = ReviewContext(links: .served, decisions: store)
            for anchor in widget.changedAnchors {
                frames[anchor] = context.frameDecision(widget, frame: anchor)
            }
        }
        var widgets: [String: WidgetState] = [:]
        for decided in report.widgets where cause.map({ decided.causes.contains($0.id) }) ?? false {
            widgets[decided.key] = WidgetState(
                decision: ReviewContext.state(of: decided.decision), said: decided.decision.map(\.said))
        }
        return Outcome(
            key: key, decision: ReviewContext.state(of: decision), said: decision.map(\.said), frames: frames,
            widgets: widgets, counts: counts, file: file, by: by, at: at)
    }
}
