extension DiffReportV4 {
    /// A decision on a change, as the review shows it: approved, or changes requested, by whom,
    /// when, and why.
    package struct DecisionMark: Codable, Sendable, Hashable {
        /// `approved` or `changes-requested`.
        package var kind: String
        package var by: String
        package var at: String
        package var note: String?

        package init(kind: String, by: String, at: String, note: String?) {
            self.kind = kind
            self.by = by
            self.at = at
            self.note = note
        }

        package static let approved = "approved"
        package static let changesRequested = "changes-requested"

        package var isApproved: Bool { kind == Self.approved }
    }

    /// The decisions a diff read: the files, how many changes each kind decided, and the approvals
    /// that decide no change of this diff (stale: `glimpse approve --prune` removes them).
    package struct ApprovalRun: Codable, Sendable {
        package var file: String
        package var reviewFile: String
        package var approved: Int
        package var requested: Int
        package var stale: [Decision]

        package init(file: String, reviewFile: String, approved: Int, requested: Int, stale: [Decision]) {
            self.file = file
            self.reviewFile = reviewFile
            self.approved = approved
            self.requested = requested
            self.stale = stale
        }
    }
}
