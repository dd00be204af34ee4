import Foundation
import GlimpseFormat

extension DiffReport {
    /// A change a decision can be made on: a widget added, removed or changed, or a shared file
    /// that changed. Its key, its variant (nil for a file), and its digests before and after.
    public struct Decidable: Sendable, Equatable {
        public var key: String
        public var variant: String?
        public var before: String?
        public var after: String?
        /// The pixels that differ, when they were drawn.
        public var pixels: Int?
    }

    /// Every change of the report that wants a decision, widgets first, each in key order.
    public var decidable: [Decidable] {
        widgets.filter { $0.status != "unchanged" }.map { widget in
            Decidable(
                key: widget.key, variant: widget.variant, before: widget.baseDigest, after: widget.newDigest,
                pixels: widget.visual == nil ? nil : widget.changedPixels)
        } + assets.map { Decidable(key: $0.path, variant: nil, before: $0.baseDigest, after: $0.newDigest) }
    }

    /// Marks each change with the decision on it: changes requested when a request of `notes`
    /// names it (exactly its key, before and after), else approved when an approval does. Records
    /// the approvals that name no change of this report as stale.
    public mutating func apply(_ decided: Approvals, _ notes: ReviewNotes, file: String, reviewFile: String) {
        func decision(key: String, before: String?, after: String?) -> DecisionMark? {
            if let request = notes.requests.last(where: { $0.decides(key: key, before: before, after: after) }) {
                return DecisionMark(
                    kind: DecisionMark.changesRequested, by: request.by, at: request.at, note: request.note)
            }
            return decided.approvals.last { $0.decides(key: key, before: before, after: after) }.map {
                DecisionMark(kind: DecisionMark.approved, by: $0.by, at: $0.at, note: $0.note)
            }
        }
        for index in widgets.indices where widgets[index].status != "unchanged" {
            let widget = widgets[index]
            widgets[index].decision = decision(key: widget.key, before: widget.baseDigest, after: widget.newDigest)
        }
        for index in assets.indices {
            let asset = assets[index]
            assets[index].decision = decision(key: asset.path, before: asset.baseDigest, after: asset.newDigest)
        }
        let changes = decidable
        let marks = widgets.compactMap(\.decision) + assets.compactMap(\.decision)
        approvals = ApprovalRun(
            file: file, reviewFile: reviewFile, approved: marks.filter(\.isApproved).count,
            requested: marks.filter { !$0.isApproved }.count,
            stale: decided.approvals.filter { approval in
                !changes.contains { approval.decides(key: $0.key, before: $0.before, after: $0.after) }
            })
    }
}

extension DiffReport.WidgetChange {
    /// `@430x932@AX5`: what the key adds to app/scenario/family; "" for the gallery's own variant.
    public var variant: String {
        String(key.dropFirst("\(app)/\(scenario)/\(family)".count))
    }
}
