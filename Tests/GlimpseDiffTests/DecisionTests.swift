import Foundation
import GlimpseFormat
import Testing

@testable import GlimpseDiff
@testable import GlimpseReports
@testable import GlimpseReview

/// Decisions that stick: a change is named by the digests before and after it, so an approval
/// passes that change wherever it appears again and never another; changes requested always fail.
@Suite struct DecisionTests {
    typealias Make = GalleryDiffTests

    /// A base with widgets `one` and `two`, and a new gallery where each says something else.
    static func report(
        one: String = "Hello there", two: String = "Goodbye", css: String = "a",
        now: String = "2026-11-22T09:00:00-05:00"
    ) -> DiffReport {
        let frames = { (text: String) in
            [Make.frame("2026-11-22T09:00:00-05:00", texts: [text], hash: text)]
        }
        let base = Make.gallery([
            Make.widget("one", frames: frames("Hello")), Make.widget("two", frames: frames("Bye")),
        ])
        let new = Make.gallery(
            [
                Make.widget(
                    "one", now: now, frames: frames(one).map { $0.merging(["start": now]) { $1 } },
                    reloads: [Make.reload(budgetLeft: 71, at: now)]),
                Make.widget(
                    "two", now: now, frames: frames(two).map { $0.merging(["start": now]) { $1 } },
                    reloads: [Make.reload(budgetLeft: 71, at: now)]),
            ], now: now, assets: ["assets/glimpse.css": css])
        return GalleryDiff.compare(base, new)
    }

    static func decided(_ report: DiffReport, approving keys: [String], requesting: [String] = []) -> DiffReport {
        var store = DecisionStore(location: DecisionLocation(folder: "/d"))
        store.decide(
            report.decidable(matching: keys).matched, .approve, by: "jane", at: "2026-11-26T09:00:00Z", note: "ok")
        store.decide(
            report.decidable(matching: requesting).matched, .requestChanges, by: "max", at: "2026-11-26T09:01:00Z",
            note: "The ring is too thin")
        var decided = report
        decided.apply(store.approvals, store.notes, file: "a", reviewFile: "r")
        return decided
    }

    @Test func approvingOneOfTwoChangesLeavesTheOtherFailing() {
        let report = Self.decided(Self.report(), approving: ["app/one/*"])
        #expect(report.widgets.map(\.decision?.kind) == ["approved", nil])
        #expect(DiffFailOn.changes.failsBuild(report))
        let junit = String(decoding: ReviewJUnit.xml(report, failOn: .changes), as: UTF8.self)
        #expect(junit.contains(#"<testcase name="one/systemSmall" classname="app"><system-out>approved by jane"#))
        #expect(junit.contains(#"<testcase name="two/systemSmall" classname="app"><failure type="changed""#))
        #expect(junit.contains(#"failures="1""#))
    }

    @Test func approvingBothPassesAndARebuildOfTheSameContentStaysApproved() {
        let decided = Self.decided(Self.report(), approving: ["app/*"])
        #expect(!DiffFailOn.changes.failsBuild(decided))
        var rebuilt = Self.report()
        rebuilt.apply(Self.approvals(of: decided), ReviewNotes(), file: "a", reviewFile: "r")
        #expect(!DiffFailOn.changes.failsBuild(rebuilt) && rebuilt.approvals?.stale == [])
    }

    /// A later clock moves every frame's start, but not its offset from the widget's now: the
    /// same change, still approved.
    @Test func aRebuildAtAnotherClockWithTheSameOffsetsStaysApproved() {
        let approved = Self.approvals(of: Self.decided(Self.report(), approving: ["app/*"]))
        var later = Self.report(now: "2026-11-23T09:00:00-05:00")
        later.apply(approved, ReviewNotes(), file: "a", reviewFile: "r")
        #expect(later.widgets.allSatisfy { $0.decision?.isApproved == true })
    }

    @Test func changingOneWidgetAgainFailsThatWidgetOnlyAndItsApprovalIsStale() {
        let approved = Self.approvals(of: Self.decided(Self.report(), approving: ["app/*"]))
        var again = Self.report(two: "Goodbye, and see you")
        again.apply(approved, ReviewNotes(), file: "a", reviewFile: "r")
        #expect(again.widgets.filter { DiffFailOn.changes.fails($0) }.map(\.key) == ["app/two/systemSmall"])
        #expect(again.approvals?.stale.map(\.key) == ["app/two/systemSmall"])
    }

    /// A restyle changes no frame's HTML but every widget's look: an approval of the copy change
    /// does not cover the stylesheet's.
    @Test func aChangedStylesheetIsAnotherChange() {
        let approved = Self.approvals(of: Self.decided(Self.report(), approving: ["app/*"]))
        var restyled = Self.report(css: "b")
        restyled.apply(approved, ReviewNotes(), file: "a", reviewFile: "r")
        #expect(restyled.widgets.allSatisfy { $0.decision == nil })
        #expect(restyled.assets.map(\.path) == ["assets/glimpse.css"] && DiffFailOn.changes.fails(restyled.assets[0]))
        let all = Self.decided(restyled, approving: ["*"])
        #expect(!DiffFailOn.changes.failsBuild(all))
    }

    @Test func changesRequestedFailEvenWithFailOnNever() {
        let report = Self.decided(Self.report(), approving: ["app/one/*"], requesting: ["app/two/*"])
        #expect(DiffFailOn.never.failsBuild(report))
        #expect(report.approvals?.approved == 1 && report.approvals?.requested == 1)
        let junit = String(decoding: ReviewJUnit.xml(report, failOn: .never), as: UTF8.self)
        #expect(junit.contains(#"<failure type="changes-requested" message="changes requested by max"#))
        let approvedAfterAll = Self.decided(report, approving: ["app/*"])
        #expect(approvedAfterAll.widgets.allSatisfy { $0.decision?.isApproved == true })
    }

    @Test func pruningKeepsOnlyDecisionsOnTheseChanges() throws {
        var store = DecisionStore(
            location: DecisionLocation(folder: "/d"),
            approvals: Self.approvals(of: Self.decided(Self.report(), approving: ["*"])))
        let again = Self.report(two: "Goodbye, and see you")
        #expect(store.prune(keeping: again.decidable) == 1)
        #expect(store.approvals.approvals.map(\.key) == ["app/one/systemSmall"])
        let bytes = try DecisionFiles.encoded(store.approvals)
        #expect(try DecisionFiles.approvals(bytes, file: "a") == store.approvals)
    }

    @Test func aMalformedApprovalsFileIsNamedWithWhatIsWrong() {
        #expect(throws: DecisionFileError(file: "a.json", message: "not valid JSON")) {
            try DecisionFiles.approvals(Data("{".utf8), file: "a.json")
        }
        #expect(throws: DecisionFileError(file: "a.json", message: "schemaVersion 9; this glimpse reads 1")) {
            try DecisionFiles.approvals(Data(#"{"schemaVersion": 9, "approvals": []}"#.utf8), file: "a.json")
        }
        #expect(throws: DecisionFileError(file: "a.json", message: "approvals[0].by: missing")) {
            try DecisionFiles.approvals(
                Data(#"{"schemaVersion": 1, "approvals": [{"key": "k", "at": "t"}]}"#.utf8), file: "a.json")
        }
    }

    /// The approvals a decided report holds, as the file would.
    static func approvals(of report: DiffReport) -> Approvals {
        Approvals(
            approvals: report.decidable.compactMap { change in
                let mark =
                    report.widgets.first { $0.key == change.key }?.decision
                    ?? report.assets.first { $0.path == change.key }?.decision
                guard let mark, mark.isApproved else { return nil }
                return Decision(
                    key: change.key, variant: change.variant, before: change.before, after: change.after,
                    pixels: nil, by: mark.by, at: mark.at, note: mark.note)
            })
    }
}
