import Foundation

/// The approvals file as this version of Glimpse writes it.
public typealias Approvals = ApprovalsV1
/// The review file as this version of Glimpse writes it.
public typealias ReviewNotes = ReviewNotesV1

/// `glimpse-approvals.json`, schema version 1 (`Schemas/approvals.schema.json`): the changes a team
/// approved, committed in the app's repository beside `content/`, so that they are reviewed with
/// the code. An approval names a change by its widget (or shared asset) and the digests of what
/// the diff compared before and after it: the same before → after is approved wherever it appears
/// again; any other change of that widget is not. Sorted, one entry per change, so that it diffs well.
public struct ApprovalsV1: Codable, Sendable, Equatable {
    public static let currentSchemaVersion = 1
    /// Read from the working folder when `--approvals` is not given.
    public static let defaultFileName = "glimpse-approvals.json"
    /// More than a team's decisions on any gallery; a larger file is refused, not read.
    public static let maximumBytes = 16 << 20

    public var schemaVersion = currentSchemaVersion
    public var approvals: [Decision]

    public init(approvals: [Decision] = []) {
        self.approvals = approvals.sorted()
    }
}

/// `glimpse-review.json`, schema version 1 (`Schemas/review.schema.json`), beside the approvals
/// file: the changes a reviewer sent back. A change with changes requested fails `glimpse diff`
/// until it changes again (a new before → after, which needs a decision of its own).
public struct ReviewNotesV1: Codable, Sendable, Equatable {
    public static let currentSchemaVersion = 1
    public static let defaultFileName = "glimpse-review.json"

    public var schemaVersion = currentSchemaVersion
    public var requests: [Decision]

    public init(requests: [Decision] = []) {
        self.requests = requests.sorted()
    }
}

/// A decision on one change: approved, or changes requested.
public struct Decision: Codable, Sendable, Equatable, Comparable {
    /// The widget's key as `glimpse diff` keys it (`app/scenario/family@variant`), or a shared
    /// asset's path (`assets/glimpse.css`).
    public var key: String
    /// The widget's variant (`@430x932@AX5`; "" for the gallery's own screen class at Large);
    /// absent for an asset.
    public var variant: String?
    /// The SHA-256 of what the diff compared of it in the base gallery (its frames' hashes, states,
    /// texts, storyboard, reload log, diagnostics and the gallery's look); absent when it was added.
    public var before: String?
    /// The same in the new gallery; absent when it was removed.
    public var after: String?
    /// The pixels that differ, when the diff drew them (`--pixels`).
    public var pixels: Int?
    /// Who decided (`--by`, or `$USER`).
    public var by: String
    /// When, in ISO 8601.
    public var at: String
    public var note: String?

    public init(
        key: String, variant: String?, before: String?, after: String?, pixels: Int?, by: String, at: String,
        note: String?
    ) {
        self.key = key
        self.variant = variant
        self.before = before
        self.after = after
        self.pixels = pixels
        self.by = by
        self.at = at
        self.note = note
    }

    /// Whether this decision is on the change from `before` to `after` of `key`: exactly that one.
    public func decides(key: String, before: String?, after: String?) -> Bool {
        self.key == key && self.before == before && self.after == after
    }

    public static func < (lhs: Decision, rhs: Decision) -> Bool {
        (lhs.key, lhs.before ?? "", lhs.after ?? "", lhs.at, lhs.by) < (
            rhs.key, rhs.before ?? "", rhs.after ?? "", rhs.at, rhs.by
        )
    }
}
