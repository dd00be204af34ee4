import Foundation
import GlimpseFormat
import Testing

@testable import GlimpseDiff
@testable import GlimpseReview

/// The summary for a pull request fits one comment however large the diff, says how many changes it
/// leaves out, and shows a store's text as text.
@Suite struct PullRequestSummaryTests {
    static func report(changed count: Int, title: String = "Read 25 pages") -> DiffReport {
        var report = DiffReport(
            base: DiffReport.Side(path: "base", generator: "g", schemaVersion: 3, now: "n", widgets: count),
            new: DiffReport.Side(path: "new", generator: "g", schemaVersion: 3, now: "n", widgets: count))
        report.widgets = (0..<count).map { index in
            var widget = DiffReport.WidgetChange(
                key: "app/scenario-with-a-long-name-\(index)/accessoryRectangular@430x932@AX5", app: "app",
                scenario: "scenario-with-a-long-name-\(index)", family: "accessoryRectangular", device: "430x932",
                textSize: "AX5")
            widget.status = "changed"
            var frame = DiffReport.FrameChange(offset: 0, anchor: "t-0900", start: "s", change: "changed")
            frame.textsAfter = [title]
            frame.pixels = [
                DiffReport.SchemePixels(
                    scheme: "light", width: 158, height: 158, changedPixels: 1_000 + index,
                    base: "img/\(index)/t-0900.light.base.png", new: "img/\(index)/t-0900.light.new.png")
            ]
            widget.frames = [frame]
            widget.visual = true
            return widget
        }
        report.summary = DiffReport.Summary(report)
        return report
    }

    @Test func aFullAxisDiffFitsOneCommentAndSaysHowManyItLeavesOut() {
        let markdown = PullRequestSummary.markdown(
            Self.report(changed: 15_108), failOn: .visual, review: "review",
            baseURL: "https://qa.example.com/pull/12/review")
        #expect(markdown.utf8.count < PullRequestSummary.maximumBytes)
        let shown = markdown.components(separatedBy: "\n").filter { $0.hasPrefix("| [app") }.count
        #expect(shown > 50)
        #expect(markdown.contains("… and \(15_108 - shown) more changes in the review."))
        #expect(markdown.contains("glimpse approve review --all --note"))
        #expect(markdown.contains("git add glimpse-decisions && git commit"))
        #expect(markdown.contains("**Fails** (`--fail-on visual`): 15108 changes to review."))
    }

    @Test func aFewChangesAreNamedOneByOneInTheCommand() {
        let markdown = PullRequestSummary.markdown(
            Self.report(changed: 2), failOn: .visual, review: "my review", baseURL: nil)
        #expect(!markdown.contains("more changes"))
        #expect(markdown.contains("glimpse approve 'my review' --widget app/scenario-with-a-long-name-"))
        // A folder of its own is named in the command, and is what to commit.
        var decided = Self.report(changed: 2)
        decided.apply(Approvals(), ReviewNotes(), file: "ui/decisions", reviewFile: "ui/decisions")
        let named = PullRequestSummary.markdown(decided, failOn: .visual, review: "review", baseURL: nil)
        #expect(named.contains("--decisions ui/decisions --note") && named.contains("git add ui/decisions && git"))
        // Without a published address, no image: a relative one would not show in a comment.
        #expect(!markdown.contains("!["))
        #expect(
            markdown.contains(
                "](my%20review/widgets/app/scenario-with-a-long-name-0/accessoryRectangular@430x932@AX5.html)"))
    }

    @Test func storeTextIsEscapedNotRead() {
        #expect(
            PullRequestSummary.escape("<img src=x> | *bold* [link](y)\nnext")
                == "\\<img src=x\\> \\| \\*bold\\* \\[link\\](y) next")
    }
}
