import Foundation
import GlimpseCore
import GlimpseFormat
import GlimpseGallery
import GlimpseOutput
import GlimpseReports
import GlimpseTemplates

/// What `glimpse check` writes into `--out`: `index.html` (counts by rule, app and variant; each
/// finding with its frame drawn and the element outlined, linked to the gallery's page),
/// `findings.json` with its schema, `junit.xml` (a case per widget), and the frames' images.
package struct CheckReport: Sendable {
    let templates: TemplateSet
    let stylesheet: Data

    /// The most findings the page shows per rule; every one is in `findings.json`.
    package static let findingsListedPerProblem = Limits.findingsListedPerProblem.value

    /// The report's templates and stylesheet, from glimpse's own resources.
    ///
    /// - Throws: `TemplateError` when they are not beside the binary, or do not compile.
    package init() throws {
        guard let folder = Bundle.module.url(forResource: "Templates", withExtension: nil) else {
            throw TemplateError.unreadable(
                file: "GlimpseCheck/Templates", reason: "not in glimpse's resources; rebuild or reinstall glimpse")
        }
        templates = try TemplateSet(directory: folder, displayDirectory: "GlimpseCheck/Templates", files: .disk)
        stylesheet = Data(
            try TemplateFiles.disk.readText(
                folder.appendingPathComponent("check.css"), "GlimpseCheck/Templates/check.css"
            ).utf8)
    }

    /// What writing the report counted: the summary of `findings.json`, and how many findings fail.
    package struct Written: Sendable {
        package var summary: Findings.Summary
        package var failing: Int
    }

    /// What the report is of: a run, the gallery it measured, and how its findings are judged.
    package struct Subject {
        package var run: CheckRun.Result
        package var gallery: Gallery
        /// The gallery as `findings.json` describes it.
        package var described: Findings.Gallery
        package var rules: [CheckRule]
        package var marking: CheckFindings.Marking
        /// Whether a finding, marked, fails the check.
        package var fails: (Findings.Finding) -> Bool

        package init(
            run: CheckRun.Result, gallery: Gallery, described: Findings.Gallery, rules: [CheckRule],
            marking: CheckFindings.Marking, fails: @escaping (Findings.Finding) -> Bool
        ) {
            self.run = run
            self.gallery = gallery
            self.described = described
            self.rules = rules
            self.marking = marking
            self.fails = fails
        }
    }

    /// Writes every file of the report into `staged` (the folder `out` will be): `findings.json` and
    /// `junit.xml` a finding at a time, from the run's spool, so that memory does not grow with them;
    /// `index.html`, which leads with the problems, and a page per problem listing its findings.
    ///
    /// - Parameter verdict: the line the page gives the summary and the count of findings that fail.
    /// - Throws: what writing, encoding or rendering throws; the caller then discards.
    package func write(
        _ subject: Subject, out: URL, schema: Data, into staged: StagedOutput,
        verdict: (Findings.Summary, Int) -> String
    ) throws -> Written {
        let junitMarking = subject.marking
        let images = subject.run.images
        let (tally, problemTally, summary, marking, problems) = try writeFindings(subject, into: staged)
        let resolved = marking.resolved
        try staged.write("findings.schema.json", schema)
        try staged.stream("junit.xml") { sink in
            try Self.junit(
                subject, marking: junitMarking, failingWidgets: tally.failingWidgets, problems: problems, into: sink)
        }
        try staged.write("assets/check.css", stylesheet)
        let model = IndexModel(
            tally: tally, problems: problems, summary: summary, resolved: resolved,
            stale: marking.staleAccepted(rules: subject.rules), verdict: verdict(summary, tally.failing),
            subject: subject, out: out)
        let body = HTMLFragment(try templates.render(model, "index"))
        try staged.write(
            "index.html", Data(try templates.render(Layout(title: "Check", root: "", body: body), "layout").utf8))
        try writeProblemPages(problems, listed: problemTally.listed, model: model, into: staged)
        for name in Set(problems.compactMap(\.representative.image)).sorted() {
            if let image = images[name] { try staged.write(name, image) }
        }
        for path in subject.gallery.assets.keys.sorted() where Gallery.isLook(path) {
            try staged.write(path, try Gallery.read(subject.gallery.url.appendingPathComponent(path)))
        }
        return Written(summary: summary, failing: tally.failing)
    }

    /// `findings.json`, a finding at a time from the run's spool, each marked; with what the rest of
    /// the report needs of them counted on the way.
    func writeFindings(
        _ subject: Subject, into staged: StagedOutput
    ) throws -> (Tally, ProblemTally, Findings.Summary, CheckFindings.Marking, [Findings.Problem]) {
        var marking = subject.marking
        var tally = Tally()
        var problemTally = ProblemTally()
        problemTally.primaryLocale = subject.gallery.manifest.locale
        var summary = Findings.Summary(baseline: false)
        var problems: [Findings.Problem] = []
        try staged.stream("findings.json") { sink in
            let writer = Findings.Writer(baseline: marking.baseline != nil, sink: sink.write)
            try subject.run.findings.forEachFinding { found in
                var finding = found
                marking.mark(&finding)
                try writer.add(finding)
                tally.count(finding, fails: subject.fails(finding))
                problemTally.count(finding)
            }
            problems = problemTally.problems(
                axes: ProblemTally.Axes(subject.gallery.manifest), images: Set(subject.run.images.keys),
                baseline: marking.baseline != nil)
            try writer.finish(
                gallery: subject.described, rules: subject.rules, resolved: marking.resolved, problems: problems,
                staleAccepted: marking.staleAccepted(rules: subject.rules))
            summary = writer.summary
        }
        return (tally, problemTally, summary, marking, problems)
    }

    /// `problems/<id>.html`: a problem, its frame, and the findings behind it.
    func writeProblemPages(
        _ problems: [Findings.Problem], listed: [String: [Findings.Finding]], model: IndexModel,
        into staged: StagedOutput
    ) throws {
        for (problem, card) in zip(problems, model.problems) {
            let page = ProblemPage(
                problem: card, findings: (listed[problem.id] ?? []).map(model.item), total: problem.findings)
            let body = HTMLFragment(try templates.render(page, "problem"))
            try staged.write(
                "problems/\(problem.id).html",
                Data(try templates.render(Layout(title: card.title, root: "../", body: body), "layout").utf8))
        }
    }

    static func key(of finding: Findings.Finding) -> FrameKey {
        FrameKey(widget: finding.widget, page: finding.page, anchor: finding.frame, scheme: finding.scheme)
    }

    static func widgetKeys(_ gallery: Gallery) -> [(app: String, key: String)] {
        gallery.manifest.widgets.map { ($0.app, Gallery.key(of: $0, in: gallery.manifest)) }
    }

    /// One case per widget of the gallery, grouped by app; a case fails when a finding of its widget
    /// fails the check, and its message names the widget's problems. Written a widget at a time, each
    /// widget's findings read from the spool.
    static func junit(
        _ subject: Subject, marking: CheckFindings.Marking, failingWidgets: Set<String>, problems: [Findings.Problem],
        into sink: FileSink
    ) throws {
        var marking = marking
        let widgets = widgetKeys(subject.gallery)
        let apps = Dictionary(grouping: widgets, by: \.app)
        let titles = Dictionary(uniqueKeysWithValues: problems.map { ($0.id, IndexModel.title(of: $0)) })
        try sink.write(
            JUnit.documentStart(
                name: "glimpse check", tests: widgets.count,
                failures: widgets.filter { failingWidgets.contains($0.key) }.count) + "\n")
        for app in apps.keys.sorted() {
            let keys = Set(apps[app]!.map(\.key)).sorted()
            try sink.write(
                JUnit.suiteStart(
                    name: app, tests: keys.count, failures: keys.filter { failingWidgets.contains($0) }.count)
                    + "\n")
            for key in keys {
                let all = try subject.run.findings.findings(of: key).map { found in
                    var finding = found
                    marking.mark(&finding)
                    return finding
                }
                try sink.write(testCase(key, app: app, findings: all, titles: titles, fails: subject.fails) + "\n")
            }
            try sink.write(JUnit.suiteEnd + "\n")
        }
        try sink.write(JUnit.documentEnd + "\n")
    }

    /// A widget's test case: failed when a finding fails, its message the problems that fail it, and
    /// every finding in its output.
    static func testCase(
        _ key: String, app: String, findings: [Findings.Finding], titles: [String: String] = [:],
        fails: (Findings.Finding) -> Bool
    ) -> String {
        let report = findings.map { finding in
            let accepted = finding.accepted == nil ? "" : ", accepted"
            return "\(finding.rule.rawValue) (\(finding.severity.rawValue)\(accepted)) "
                + "\(finding.frame) \(finding.scheme): \(finding.message)"
        }.joined(separator: "\n")
        let failures = findings.filter(fails)
        guard let first = failures.first else {
            return JUnit.testCase(name: key, className: app, findings.isEmpty ? .passed : .passedSaying(report))
        }
        var ids: [String] = []
        for finding in failures where !ids.contains(finding.problem ?? "") { ids.append(finding.problem ?? "") }
        let named = ids.map { id in titles[id].map { "\($0) (\(id))" } ?? id }
        let counted = "\(failures.count) finding\(failures.count == 1 ? "" : "s")"
        let message = "\(ids.count) problem\(ids.count == 1 ? "" : "s") (\(counted)): " + named.joined(separator: "; ")
        return JUnit.testCase(
            name: key, className: app, .failed(type: first.rule.rawValue, message: message, details: report))
    }

    struct Layout: Encodable {
        var title: String
        /// The way from the page to the report's folder: "" or "../".
        var root: String
        var body: HTMLFragment
    }

    /// A problem's page: its card, and the findings behind it.
    struct ProblemPage: Encodable {
        var problem: IndexModel.ProblemCard
        var findings: [IndexModel.Item]
        var total: Int
        var more: Int?
        var root = "../"

        init(problem: IndexModel.ProblemCard, findings: [IndexModel.Item], total: Int) {
            self.problem = problem
            self.findings = findings
            self.total = total
            more = total > findings.count ? total - findings.count : nil
        }
    }
}
