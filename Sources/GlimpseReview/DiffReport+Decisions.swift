import Foundation
import GlimpseDiff
import GlimpseFormat

extension DiffReport {
    /// A change a decision can be made on: a widget added, removed or changed, or a shared file
    /// that changed. Its key, its variant (nil for a file), and its digests before and after.
    package struct Decidable: Sendable, Equatable {
        package var key: String
        package var variant: String?
        package var before: String?
        package var after: String?
        /// The pixels that differ, when they were drawn.
        package var pixels: Int?
    }

    /// Each cause as a decision names it (`cause:<id>`, the cause's digest after): one decision on
    /// it decides every widget change that has only that cause. Not `unattributed`: what nothing
    /// explains is decided change by change.
    package var decidableCauses: [Decidable] {
        causes.filter { $0.kind != "unattributed" }.map {
            Decidable(key: Self.causeKey($0.id), variant: nil, before: nil, after: $0.digest)
        }
    }

    /// `cause:copy:goal/done-today@en_US`: a cause's key among the decisions.
    package static func causeKey(_ id: String) -> String { "cause:\(id)" }

    /// Every change of the report that wants a decision, widgets first, each in key order.
    package var decidable: [Decidable] {
        widgets.filter { $0.status != "unchanged" }.map { widget in
            Decidable(
                key: widget.key, variant: widget.variant, before: widget.baseDigest, after: widget.newDigest,
                pixels: widget.visual == nil ? nil : widget.changedPixels)
        } + assets.map { Decidable(key: $0.path, variant: nil, before: $0.baseDigest, after: $0.newDigest) }
    }

    /// Marks each change with the decision on it: changes requested when a request of `notes`
    /// names it (exactly its key, before and after; on the widget or on any of its frames), else
    /// approved when an approval of the whole widget does, or approvals of each of its changed frames
    /// do (when only frames changed). Records the approvals that name no change of this report as stale.
    package mutating func apply(_ decided: Approvals, _ notes: ReviewNotes, file: String, reviewFile: String) {
        let marker = DecisionMarker(approvals: decided.approvals, requests: notes.requests)
        for index in widgets.indices where widgets[index].status != "unchanged" {
            let widget = widgets[index]
            widgets[index].decision = marker.mark(
                key: widget.key, before: widget.baseDigest, after: widget.newDigest,
                frames: widget.reloads.isEmpty && widget.reloadRows.isEmpty && widget.diagnostics.isEmpty
                    ? widget.changedAnchors : [])
        }
        for index in assets.indices {
            let asset = assets[index]
            assets[index].decision = marker.mark(key: asset.path, before: asset.baseDigest, after: asset.newDigest)
        }
        markByCause(marker)
        let changes = decidable + decidableCauses
        let marks = widgets.compactMap(\.decision) + assets.compactMap(\.decision)
        approvals = ApprovalRun(
            file: file, reviewFile: reviewFile, approved: marks.filter(\.isApproved).count,
            requested: marks.filter { !$0.isApproved }.count,
            stale: decided.approvals.filter { approval in
                !changes.contains { approval.decides(key: $0.key, before: $0.before, after: $0.after) }
            })
    }
}

extension DiffReport {
    /// Marks each widget change no decision names by its causes: changes requested when one of
    /// them has changes requested; approved when every one of them is approved.
    mutating func markByCause(_ marker: DecisionMarker) {
        var marks: [String: DiffReport.DecisionMark] = [:]
        for index in causes.indices {
            let cause = causes[index]
            causes[index].decision = marker.mark(key: Self.causeKey(cause.id), before: nil, after: cause.digest)
            marks[cause.id] = causes[index].decision
        }
        for index in widgets.indices where widgets[index].decision == nil && !widgets[index].causes.isEmpty {
            widgets[index].decision = Self.mark(by: widgets[index].causes, marks)
        }
        // A stylesheet told rule by rule is decided by its rules' causes, as a widget by its own.
        for index in assets.indices where assets[index].decision == nil {
            let path = assets[index].path
            guard let rules = assets[index].rules, !rules.isEmpty else { continue }
            assets[index].decision = Self.mark(
                by: rules.map { DiffCauses.ruleID(path: path, selector: $0.selector) }, marks)
        }
    }

    /// The decision a change gets from the decisions on its causes `ids`: changes requested when
    /// one of them has them; approved when every one of them is approved; nil otherwise.
    static func mark(by ids: [String], _ marks: [String: DiffReport.DecisionMark]) -> DiffReport.DecisionMark? {
        let decided = ids.compactMap { id in marks[id].map { (id, $0) } }
        if let (id, request) = decided.first(where: { !$0.1.isApproved }) {
            var mark = request
            mark.note = "its cause \(id)" + (request.note.map { ": \($0)" } ?? "")
            return mark
        }
        guard decided.count == ids.count, let (_, last) = decided.max(by: { $0.1.at < $1.1.at }) else { return nil }
        var mark = last
        mark.note =
            (decided.count == 1 ? "its cause \(decided[0].0) approved" : "each of its \(decided.count) causes approved")
            + (last.note.map { ": \($0)" } ?? "")
        return mark
    }
}

/// The decision on a change, from the approvals and requests on it.
struct DecisionMarker {
    var approvals: [Decision]
    var requests: [Decision]

    /// `frames`: the anchors of the change's frames, when approving each of them approves the change.
    func mark(key: String, before: String?, after: String?, frames: [String] = []) -> DiffReport.DecisionMark? {
        let on = { (decision: Decision) in decision.decides(key: key, before: before, after: after) }
        if let request = requests.last(where: on) {
            let note = [request.frame.map { "frame \($0)" }, request.note].compactMap { $0 }.joined(separator: ": ")
            return DiffReport.DecisionMark(
                kind: DiffReport.DecisionMark.changesRequested, by: request.by, at: request.at,
                note: note.isEmpty ? nil : note)
        }
        if let approval = approvals.last(where: { on($0) && $0.frame == nil }) {
            return DiffReport.DecisionMark(
                kind: DiffReport.DecisionMark.approved, by: approval.by, at: approval.at, note: approval.note)
        }
        let framed = approvals.filter { on($0) && $0.frame != nil }
        guard !frames.isEmpty, Set(frames).isSubset(of: framed.compactMap(\.frame)),
            let last = framed.max(by: { $0.at < $1.at })
        else { return nil }
        return DiffReport.DecisionMark(
            kind: DiffReport.DecisionMark.approved, by: last.by, at: last.at,
            note: "each of its \(frames.count) changed frame\(frames.count == 1 ? "" : "s") approved")
    }
}

extension DiffReport {
    /// The changes whose key one of `patterns` matches (`*` is any run of characters), and the
    /// patterns that match none.
    package func decidable(matching patterns: [String]) -> (matched: [Decidable], unmatched: [String]) {
        let matches = { (pattern: String, key: String) in
            AcceptedFindings.Acceptance.matches(pattern: Array(pattern), key: Array(key))
        }
        let all = decidable
        return (
            all.filter { change in patterns.contains { matches($0, change.key) } },
            patterns.filter { pattern in !all.contains { matches(pattern, $0.key) } }
        )
    }
}
