extension DiffReportV4 {
    /// When both galleries were checked (`glimpse build --check`: a `findings.json` in each): the
    /// findings only the new one has, and those only the base had, matched as `glimpse check
    /// --baseline` matches them (`FindingsV2.Finding.identity`).
    package struct FindingChanges: Codable, Sendable, Equatable {
        package var new: [FindingRef]
        package var resolved: [FindingRef]
        /// The problems (causes) only the new gallery has, and those only the base had. Absent
        /// before version 5.
        package var problems: ProblemChanges?

        package init(base: [FindingsV2.Finding], new: [FindingsV2.Finding]) {
            let before = Set(base.map(\.identity))
            let after = Set(new.map(\.identity))
            self.new = new.filter { !before.contains($0.identity) }.map(FindingRef.init)
            self.resolved = base.filter { !after.contains($0.identity) }.map(FindingRef.init)
            problems = ProblemChanges(base: base, new: new)
        }
    }

    /// Problems that came or went between two checked galleries, matched by id
    /// (`Finding.problemID`): a cause, whatever frames it is seen in.
    package struct ProblemChanges: Codable, Sendable, Equatable {
        package var new: [ProblemRef]
        package var resolved: [ProblemRef]

        package init(base: [FindingsV2.Finding], new: [FindingsV2.Finding]) {
            let before = ProblemRef.problems(of: base)
            let after = ProblemRef.problems(of: new)
            let (known, left) = (Set(before.map(\.id)), Set(after.map(\.id)))
            self.new = after.filter { !known.contains($0.id) }
            self.resolved = before.filter { !left.contains($0.id) }
        }
    }

    /// A problem as the diff names it: its rule, app and family, its element (source, text or role),
    /// the first message seen, and how many findings it has and how many are accepted.
    package struct ProblemRef: Codable, Sendable, Equatable {
        package var id: String
        package var rule: CheckRule
        package var severity: Severity
        package var app: String
        package var family: String
        package var element: String
        package var source: String?
        package var message: String
        package var findings: Int
        package var accepted: Int

        /// The problems of `findings`, each once, in the order they are first seen.
        static func problems(of findings: [FindingsV2.Finding]) -> [ProblemRef] {
            var order: [String] = []
            var refs: [String: ProblemRef] = [:]
            for finding in findings {
                let id = finding.problem ?? finding.problemID
                if refs[id] == nil {
                    order.append(id)
                    refs[id] = ProblemRef(
                        id: id, rule: finding.rule, severity: finding.severity, app: finding.widget.app,
                        family: finding.widget.family, element: finding.element.identity,
                        source: finding.element.source, message: finding.message, findings: 0, accepted: 0)
                }
                refs[id]!.findings += 1
                if finding.severity == .error { refs[id]!.severity = .error }
                if finding.accepted != nil { refs[id]!.accepted += 1 }
            }
            return order.map { refs[$0]! }
        }
    }

    /// A finding as the diff names it: its rule, widget, frame, scheme, element and message.
    package struct FindingRef: Codable, Sendable, Equatable {
        package var rule: CheckRule
        package var severity: Severity
        package var widget: String
        package var page: String
        package var frame: String
        package var scheme: String
        /// The element's text, or its role.
        package var element: String
        package var message: String
        /// The accept file's reason, when the finding is accepted.
        package var accepted: String?

        package init(_ finding: FindingsV2.Finding) {
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
