import GlimpseFormat
import Testing

@testable import GlimpseCheck

/// A problem is one cause: the same element cut in every scheme, text size, screen and language is
/// one problem; two elements of one frame are two.
struct ProblemTallyTests {
    static func finding(
        _ text: String, source: String?, scheme: String = "light", textSize: String = "Large",
        device: String = "393x852", locale: String = "en_US", pseudo: String? = nil, scenario: String = "today"
    ) -> Findings.Finding {
        let key = "habits/\(scenario)/systemMedium@\(device)@\(textSize)@\(locale)\(pseudo.map { "+\($0)" } ?? "")"
        return Findings.Finding(
            rule: .truncated, severity: .warning,
            widget: Findings.WidgetKey(
                key: key, app: "habits", scenario: scenario, family: "systemMedium", device: device,
                textSize: textSize, locale: locale, pseudo: pseudo),
            page: "habits/\(scenario).html", frame: "t-0900", scheme: scheme,
            element: Findings.Element(
                text: text, role: nil, source: source, box: .init(x: 0, y: 0, width: 10, height: 10)),
            message: "“\(text)” is cut", measured: .init())
    }

    @Test func aProblemAcrossSchemesSizesAndLanguagesIsOneProblem() throws {
        var tally = ProblemTally()
        let title = "store:habits[].title"
        let seen = [
            Self.finding("Call grandma before it gets late", source: title, textSize: "AX5", device: "320x568"),
            Self.finding(
                "Call grandma before it gets late", source: title, scheme: "dark", textSize: "AX5", device: "320x568"),
            Self.finding("Oma anrufen, bevor es spät wird", source: title, textSize: "xxLarge", locale: "de_DE"),
            Self.finding("Ćàļļ ĝŕàñðɱà", source: title, textSize: "xxLarge", pseudo: "accented", scenario: "long"),
            // Another element of the same frames: another problem.
            Self.finding("+3 more", source: "copy:habits/more", textSize: "AX5", device: "320x568"),
        ]
        for finding in seen.sorted(by: CheckFindings.order) { tally.count(finding) }
        let axes = ProblemTally.Axes(
            textSizes: ["Large", "xxLarge", "AX5"], devices: ["320x568", "393x852"],
            languages: ["de_DE", "en_US", "en_US+accented"])
        let problems = tally.problems(axes: axes, images: [], baseline: false)
        #expect(problems.count == 2)
        let titles = try #require(problems.first { $0.element.source == title })
        #expect(titles.findings == 4 && titles.frames == 3 && titles.scenarios == ["long", "today"])
        #expect(titles.textSizes == ["xxLarge", "AX5"] && titles.languages == ["de_DE", "en_US", "en_US+accented"])
        let extent = "xxLarge and above on every screen; in every language; 3 frames of 3 widgets; light and dark"
        #expect(titles.extent == extent + "; 2 scenarios")
        // Its frame: the smallest text size, then the widest screen.
        #expect(titles.representative.widget.contains("xxLarge") && titles.representative.widget.contains("393x852"))
        #expect(Set(seen.map(\.problemID)).count == 2)
    }

    @Test func aFrameOfDataShowsAProblemBeforeThePlaceholder() {
        var placeholder = Self.finding("+3 more", source: "copy:habits/more")
        placeholder.frame = "placeholder"
        var data = Self.finding("+3 more", source: "copy:habits/more")
        data.frame = "t-0900"
        var best = ProblemRank.Best(primaryLocale: "en_US")
        best.consider(placeholder)
        best.consider(data)
        #expect(best.frames[data.problemKey]?.key.anchor == "t-0900")
    }

    /// A problem partly accepted shows what is still wrong: the German cut the accept file does not
    /// cover, not the double-length one it does, though the doubled one is at a smaller text size.
    @Test func aPartlyAcceptedProblemIsShownByAFindingNotAccepted() throws {
        let entry = AcceptedFindings.Acceptance(
            rule: .truncated, widget: "habits/*@en_US+double", source: "copy:habits/*", reason: "Doubled copy.")
        var doubled = Self.finding("Done today Done today", source: "copy:habits/done", textSize: "Large")
        doubled.widget.key = "habits/today/systemMedium@393x852@Large@en_US+double"
        doubled.widget.pseudo = "double"
        let german = Self.finding("Heute erledigt", source: "copy:habits/done", textSize: "AX2", locale: "de_DE")
        #expect(entry.accepts(doubled) && !entry.accepts(german))
        // While the run measures: the accept file decides which frame's picture is kept.
        var best = ProblemRank.Best(primaryLocale: "en_US", accepted: AcceptedFindings(accepted: [entry]))
        best.consider(doubled)
        best.consider(german)
        #expect(best.frames[german.problemKey]?.key.widget.key == german.widget.key)
        // In the report: the same frame represents the problem.
        var tally = ProblemTally()
        for var finding in [doubled, german] {
            finding.accepted = entry.accepts(finding) ? entry.reason : nil
            tally.count(finding)
        }
        let axes = ProblemTally.Axes(
            textSizes: ["Large", "AX2"], devices: ["393x852"], languages: ["de_DE", "en_US+double"])
        let problem = try #require(tally.problems(axes: axes, images: [], baseline: false).first)
        #expect(problem.accepted == 1 && problem.representative.widget == german.widget.key)
    }

    @Test func withoutASourceTheTextIsTheElement() {
        let one = Self.finding("Call grandma", source: nil)
        let other = Self.finding("Water the plants", source: nil)
        #expect(one.problemKey != other.problemKey)
        #expect(one.problemID.hasPrefix("p-") && one.problemID.count == 14)
    }
}
