extension DiffReportV4 {
    /// A decision on a change, as the review shows it: approved, or changes requested, by whom,
    /// when, and why.
    public struct DecisionMark: Codable, Sendable, Equatable {
        /// `approved` or `changes-requested`.
        public var kind: String
        public var by: String
        public var at: String
        public var note: String?

        public init(kind: String, by: String, at: String, note: String?) {
            self.kind = kind
            self.by = by
            self.at = at
            self.note = note
        }

        public static let approved = "approved"
        public static let changesRequested = "changes-requested"

        public var isApproved: Bool { kind == Self.approved }
    }

    /// The decisions a diff read: the files, how many changes each kind decided, and the approvals
    /// that decide no change of this diff (stale: `glimpse approve --prune` removes them).
    public struct ApprovalRun: Codable, Sendable {
        public var file: String
        public var reviewFile: String
        public var approved: Int
        public var requested: Int
        public var stale: [Decision]

        public init(file: String, reviewFile: String, approved: Int, requested: Int, stale: [Decision]) {
            self.file = file
            self.reviewFile = reviewFile
            self.approved = approved
            self.requested = requested
            self.stale = stale
        }
    }
}
