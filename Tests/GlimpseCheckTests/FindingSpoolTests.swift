import Foundation
import GlimpseFormat
import Testing

@testable import GlimpseCheck

/// A check's findings go to a temporary file as they are found and come back a widget at a time;
/// `findings.json` is written from them one finding at a time, in the bytes the encoder gives the
/// whole.
struct FindingSpoolTests {
    static func finding(
        _ widget: String, frame: String, scheme: String = "light", rule: CheckRule = .truncated,
        text: String = "Morning stretch", message: String? = nil
    ) -> Findings.Finding {
        var measured = Findings.Measured()
        measured.shown = "Morning stret…"
        measured.ratio = 2.07
        return Findings.Finding(
            rule: rule, severity: rule.severity,
            widget: Findings.WidgetKey(
                key: "habits/\(widget)/systemSmall", app: "habits", scenario: widget, family: "systemSmall",
                device: nil, textSize: nil),
            page: "habits/\(widget)/systemSmall.html", frame: frame, scheme: scheme,
            element: Findings.Element(text: text, role: nil, box: Findings.Box(x: 16, y: 40.5, width: 126, height: 20)),
            message: message ?? "The title is cut to “Morning stret…” (“\(text)” in \(frame))", measured: measured)
    }

    static let found = [
        finding("today", frame: "t-1000", scheme: "dark"),
        finding("empty", frame: "t-0900", rule: .contrast, text: "Nothing \"quoted\" </script> here"),
        finding("today", frame: "t-0900", scheme: "tinted", rule: .margin),
        finding("today", frame: "t-0900", scheme: "light", text: "Ünïcödé 🌸 titles, right-to-left: مرحبا"),
    ]

    @Test func findingsComeBackAWidgetAtATimeInOrderAcrossBatches() throws {
        let spool = try FindingSpool()
        try spool.append(Array(Self.found[0...1]))
        try spool.append([])
        try spool.append(Array(Self.found[2...3]))
        #expect(spool.count == 4)
        #expect(spool.widgetKeys == ["habits/empty/systemSmall", "habits/today/systemSmall"])
        let today = try spool.findings(of: "habits/today/systemSmall")
        #expect(today.map(\.frame) == ["t-0900", "t-0900", "t-1000"])
        #expect(today.map(\.scheme) == ["light", "tinted", "dark"])
        #expect(try spool.all() == Self.found.sorted(by: CheckFindings.order))
        #expect(try spool.findings(of: "habits/nothing/systemSmall").isEmpty)
    }

    @Test(arguments: [false, true])
    func theWriterGivesTheEncodersBytes(baseline: Bool) throws {
        var marking = CheckFindings.Marking(
            accepted: nil,
            baseline: baseline
                ? [Self.found[0], Self.finding("gone", frame: "t-0900", rule: .blank, text: "Gone")] : nil)
        let gallery = Findings.Gallery(path: "public", generator: "glimpse 1", now: "2026-11-26T09:00:00Z", widgets: 9)
        var bytes = Data()
        let writer = Findings.Writer(baseline: baseline) { bytes.append($0) }
        var marked: [Findings.Finding] = []
        for found in Self.found.sorted(by: CheckFindings.order) {
            var finding = found
            marking.mark(&finding)
            marked.append(finding)
            try writer.add(finding)
        }
        var tally = ProblemTally()
        for finding in marked { tally.count(finding) }
        let problems = tally.problems(
            axes: ProblemTally.Axes(textSizes: [], devices: [], languages: []), images: [], baseline: baseline)
        try writer.finish(gallery: gallery, rules: CheckRule.allCases, resolved: marking.resolved, problems: problems)
        let whole = Findings(
            gallery: gallery, rules: CheckRule.allCases, findings: marked, resolved: marking.resolved,
            problems: problems)
        #expect(!problems.isEmpty)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == String(decoding: try FormatJSON.encoder().encode(whole), as: UTF8.self))
        #expect(writer.summary.new == (baseline ? 3 : nil))
        #expect(marking.resolved?.map(\.widget.scenario) == (baseline ? ["gone"] : nil))
        #expect(try JSONDecoder().decode(Findings.self, from: bytes).findings == marked)
    }

    @Test func aWriterWithoutFindingsGivesTheEncodersBytes() throws {
        let gallery = Findings.Gallery(path: "public", generator: "glimpse 1", now: "2026-11-26T09:00:00Z", widgets: 0)
        var bytes = Data()
        let writer = Findings.Writer(baseline: false) { bytes.append($0) }
        try writer.finish(gallery: gallery, rules: [.blank], resolved: nil)
        let whole = Findings(gallery: gallery, rules: [.blank], findings: [])
        #expect(bytes == (try FormatJSON.encoder().encode(whole)))
    }

    /// The marking given one finding at a time says what the whole list said: accepted, new or
    /// persisting, and the baseline's findings no finding matched as resolved, however many share
    /// an identity.
    @Test func markingOneAtATimeMatchesTheBaselineAsTheWholeDid() {
        let accepted = AcceptedFindings(accepted: [
            AcceptedFindings.Acceptance(
                rule: .margin, widget: "habits/today/*", text: "Morning stretch", reason: "Full bleed by design")
        ])
        let persisting = Self.found[0]
        let twice = Self.finding("gone", frame: "t-0900")
        var marking = CheckFindings.Marking(accepted: accepted, baseline: [twice, persisting, twice])
        var marked = Self.found
        for index in marked.indices { marking.mark(&marked[index]) }
        #expect(marked.map(\.baseline) == [.persisting, .new, .new, .new])
        #expect(marked.map(\.accepted) == [nil, nil, "Full bleed by design", nil])
        #expect(marking.resolved == [twice, twice])
    }
}
