extension DiffReportV4 {
    /// When both galleries were checked (`glimpse build --check`: a `findings.json` in each): the
    /// findings only the new one has, and those only the base had, matched as `glimpse check
    /// --baseline` matches them (`FindingsV1.Finding.identity`).
    public struct FindingChanges: Codable, Sendable, Equatable {
        public var new: [FindingRef]
        public var resolved: [FindingRef]

        public init(base: [FindingsV1.Finding], new: [FindingsV1.Finding]) {
            let before = Set(base.map(\.identity))
            let after = Set(new.map(\.identity))
            self.new = new.filter { !before.contains($0.identity) }.map(FindingRef.init)
            self.resolved = base.filter { !after.contains($0.identity) }.map(FindingRef.init)
        }
    }

    /// A finding as the diff names it: its rule, widget, frame, scheme, element and message.
    public struct FindingRef: Codable, Sendable, Equatable {
        public var rule: CheckRule
        public var severity: Severity
        public var widget: String
        public var page: String
        public var frame: String
        public var scheme: String
        /// The element's text, or its role.
        public var element: String
        public var message: String
        /// The accept file's reason, when the finding is accepted.
        public var accepted: String?

        public init(_ finding: FindingsV1.Finding) {
            rule = finding.rule
            severity = finding.severity
            widget = finding.widget.key
            page = finding.page
            frame = finding.frame
            scheme = finding.scheme
            element = finding.element.text ?? finding.element.role ?? ""
            message = finding.message
            accepted = finding.accepted
        }
    }
}
