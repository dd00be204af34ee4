import Foundation
import GlimpseCore

/// The approvals file as this version of Glimpse writes it.
package typealias Approvals = ApprovalsV1
/// The review file as this version of Glimpse writes it.
package typealias ReviewNotes = ReviewNotesV1

/// `glimpse-approvals.json`, schema version 1 (`Schemas/approvals.schema.json`): the changes a team
/// approved, committed in the app's repository beside `content/`, so that they are reviewed with
/// the code. An approval names a change by its widget (or shared asset) and the digests of what
/// the diff compared before and after it: the same before → after is approved wherever it appears
/// again; any other change of that widget is not. Sorted, one entry per change, so that it diffs well.
package struct ApprovalsV1: Codable, Sendable, Equatable {
    package static let currentSchemaVersion = 1
    /// Read from the working folder when `--approvals` is not given.
    package static let defaultFileName = "glimpse-approvals.json"
    /// More than a team's decisions on any gallery; a larger file is refused, not read.
    package static let maximumBytes = Limits.approvalsFile.value

    package var schemaVersion = currentSchemaVersion
    package var approvals: [Decision]

    package init(approvals: [Decision] = []) {
        self.approvals = approvals.sorted()
    }
}

/// `glimpse-review.json`, schema version 1 (`Schemas/review.schema.json`), beside the approvals
/// file: the changes a reviewer sent back, and the comments of a review (`glimpse review`). A change
/// with changes requested fails `glimpse diff` until it changes again (a new before → after, which
/// needs a decision of its own). Comments decide nothing.
package struct ReviewNotesV1: Codable, Sendable, Equatable {
    package static let currentSchemaVersion = 1
    package static let defaultFileName = "glimpse-review.json"

    package var schemaVersion = currentSchemaVersion
    package var requests: [Decision]
    /// Absent when there are none.
    package var comments: [ReviewComment]?

    package init(requests: [Decision] = [], comments: [ReviewComment] = []) {
        self.requests = requests.sorted()
        self.comments = comments.isEmpty ? nil : comments.sorted()
    }
}

/// A reviewer's comment on a change, pinned to a frame and a scheme when it is about one.
package struct ReviewComment: Codable, Sendable, Equatable, Comparable {
    /// The change it is about, as a `Decision` names it.
    package var key: String
    package var variant: String?
    package var before: String?
    package var after: String?
    /// The frame's anchor on the widget's page (`t-0900`, `placeholder`); absent for the whole widget.
    package var frame: String?
    /// `light`, `dark`, `tinted`, `clear-light`, `clear-dark`, `tinted-26` or `vibrant`; absent for every scheme.
    package var scheme: String?
    package var by: String
    package var at: String
    package var text: String

    package init(
        key: String, variant: String?, before: String?, after: String?, frame: String?, scheme: String?, by: String,
        at: String, text: String
    ) {
        self.key = key
        self.variant = variant
        self.before = before
        self.after = after
        self.frame = frame
        self.scheme = scheme
        self.by = by
        self.at = at
        self.text = text
    }

    /// Whether it is about the change from `before` to `after` of `key`.
    package func isOn(key: String, before: String?, after: String?) -> Bool {
        self.key == key && self.before == before && self.after == after
    }

    package static func < (lhs: ReviewComment, rhs: ReviewComment) -> Bool {
        (lhs.key, lhs.frame ?? "", lhs.at, lhs.by, lhs.text) < (rhs.key, rhs.frame ?? "", rhs.at, rhs.by, rhs.text)
    }
}

/// A decision on one change: approved, or changes requested.
package struct Decision: Codable, Sendable, Equatable, Comparable {
    /// The widget's key as `glimpse diff` keys it (`app/scenario/family@variant`), or a shared
    /// asset's path (`assets/glimpse.css`).
    package var key: String
    /// The widget's variant (`@430x932@AX5`; "" for the gallery's own screen class at Large);
    /// absent for an asset.
    package var variant: String?
    /// The SHA-256 of what the diff compared of it in the base gallery (its frames' hashes, states,
    /// texts, storyboard, reload log, diagnostics and the gallery's look); absent when it was added.
    package var before: String?
    /// The same in the new gallery; absent when it was removed.
    package var after: String?
    /// The pixels that differ, when the diff drew them (`--pixels`).
    package var pixels: Int?
    /// The frame's anchor when the decision is on one frame (`glimpse review`): the widget is
    /// approved when every changed frame is, and sent back when any frame is.
    package var frame: String?
    /// The scheme a frame's request was made in.
    package var scheme: String?
    /// Who decided (`--by`, or `$USER`).
    package var by: String
    /// When, in ISO 8601.
    package var at: String
    package var note: String?

    package init(
        key: String, variant: String?, before: String?, after: String?, pixels: Int?, frame: String? = nil,
        scheme: String? = nil, by: String, at: String, note: String?
    ) {
        self.key = key
        self.variant = variant
        self.before = before
        self.after = after
        self.pixels = pixels
        self.frame = frame
        self.scheme = scheme
        self.by = by
        self.at = at
        self.note = note
    }

    /// Whether this decision is on the change from `before` to `after` of `key`: exactly that one.
    package func decides(key: String, before: String?, after: String?) -> Bool {
        self.key == key && self.before == before && self.after == after
    }

    package static func < (lhs: Decision, rhs: Decision) -> Bool {
        (lhs.key, lhs.before ?? "", lhs.after ?? "", lhs.frame ?? "", lhs.at, lhs.by) < (
            rhs.key, rhs.before ?? "", rhs.after ?? "", rhs.frame ?? "", rhs.at, rhs.by
        )
    }
}
