import Foundation
import GlimpseFormat
import Testing

@testable import GlimpseDiff
@testable import GlimpseGallery
@testable import GlimpseReports
@testable import GlimpseReview

/// `glimpse review`'s decisions: each written to its file before it is shown, on a widget or on
/// one of its frames, and a request that names nothing of the review refused without a write.
@Suite struct LiveReviewTests {
    typealias Make = GalleryDiffTests

    /// Widget `one` changes two frames' texts (and nothing else); widget `two` changes its one frame.
    static func review(in folder: URL) throws -> LiveReview {
        let frames = { (texts: [String]) in
            zip(["09", "10"], texts).map { hour, text in
                Make.frame("2026-11-22T\(hour):00:00-05:00", texts: [text], hash: text)
            }
        }
        let base = Make.gallery([
            Make.widget("one", frames: frames(["A", "B"])), Make.widget("two", frames: frames(["C"])),
        ])
        let new = Make.gallery([
            Make.widget("one", frames: frames(["A2", "B2"])), Make.widget("two", frames: frames(["C2"])),
        ])
        let store = try DecisionStore.read(location(in: folder))
        return try LiveReview(
            report: GalleryDiff.compare(base, new), base: base, new: new, store: store, failOn: .changes)
    }

    /// The decisions folder in `folder`.
    static func location(in folder: URL) -> DecisionLocation {
        DecisionLocation(folder: folder.appendingPathComponent("glimpse-decisions").path)
    }

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("live-review-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func request(
        _ key: String, _ verdict: String, frame: String? = nil, note: String? = nil
    )
        -> LiveReview.DecisionRequest
    {
        LiveReview.DecisionRequest(key: key, verdict: verdict, frame: frame, scheme: nil, note: note)
    }

    static let one = "app/one/systemSmall"
    static let at = "2026-11-26T09:00:00Z"

    /// A cause decided in the review decides each change it alone made; what nothing explains is
    /// not decided as one.
    @Test func aCauseDecidedInTheReviewDecidesEachChangeItAloneMade() throws {
        let folder = try Self.folder()
        let frame = { (text: String) in
            var frame = Make.frame("2026-11-22T09:00:00-05:00", texts: [text], hash: text)
            frame["sources"] = ["copy:app/done": text]
            return frame
        }
        let base = Make.gallery([
            Make.widget("one", frames: [frame("Done")]), Make.widget("two", frames: [frame("Done")]),
        ])
        let new = Make.gallery([
            Make.widget("one", frames: [frame("Done!")]), Make.widget("two", frames: [frame("Done!")]),
            Make.widget("three", frames: [Make.frame("2026-11-22T09:00:00-05:00", texts: ["?"], hash: "?")]),
        ])
        var review = try LiveReview(
            report: GalleryDiff.compare(base, new), base: base, new: new,
            store: try DecisionStore.read(Self.location(in: folder)), failOn: .changes)
        let outcome = try review.decide(Self.request("cause:copy:app/done@en_US", "approve"), by: "jane", at: Self.at)
        #expect(outcome.decision == "approved")
        #expect(outcome.widgets.count == 2 && outcome.widgets.values.allSatisfy { $0.decision == "approved" })
        #expect(outcome.counts.approved == 2 && outcome.counts.undecided == 1, "the added widget is left")
        #expect(throws: ReviewRequestError.self) {
            try review.decide(Self.request("cause:unattributed:app", "approve"), by: "jane", at: Self.at)
        }
    }

    /// A change with two causes is decided when both are, and not before.
    @Test func aChangeWithTwoCausesNeedsBothDecisions() throws {
        let folder = try Self.folder()
        let frame = { (title: String, status: String) in
            var frame = Make.frame("2026-11-22T09:00:00-05:00", texts: [title, status], hash: title + status)
            frame["sources"] = ["copy:app/title": title, "copy:app/status": status]
            return frame
        }
        let base = Make.gallery([Make.widget("one", frames: [frame("Goal", "Done")])])
        let new = Make.gallery([Make.widget("one", frames: [frame("Your goal", "Done!")])])
        var review = try LiveReview(
            report: GalleryDiff.compare(base, new), base: base, new: new,
            store: try DecisionStore.read(Self.location(in: folder)), failOn: .changes)
        #expect(review.report.widgets[0].causes == ["copy:app/status@en_US", "copy:app/title@en_US"])
        let first = try review.decide(Self.request("cause:copy:app/title@en_US", "approve"), by: "jane", at: Self.at)
        #expect(first.decision == "approved" && first.widgets[Self.one]?.decision == "undecided")
        let second = try review.decide(Self.request("cause:copy:app/status@en_US", "approve"), by: "jane", at: Self.at)
        #expect(second.widgets[Self.one]?.decision == "approved" && second.counts.undecided == 0)
        #expect(review.report.widgets[0].decision?.note?.hasPrefix("each of its 2 causes approved") == true)
    }

    @Test func anApprovalIsWrittenToTheFileAndShownOnTheNextPage() throws {
        let folder = try Self.folder()
        var review = try Self.review(in: folder)
        #expect(String(decoding: try #require(try review.file("index.html")), as: UTF8.self).contains("undecided"))
        let outcome = try review.decide(Self.request(Self.one, "approve", note: "per spec"), by: "jane", at: Self.at)
        #expect(outcome.decision == "approved" && outcome.counts.approved == 1 && outcome.counts.undecided == 1)
        let written = try DecisionStore.read(Self.location(in: folder)).approvals
        #expect(written.approvals.map(\.key) == [Self.one] && written.approvals.first?.note == "per spec")
        let file = try #require(outcome.file.split(separator: "/").last.map(String.init))
        #expect(
            outcome.file.hasPrefix(folder.path) && file.hasPrefix("app.one.systemSmall.") && file.hasSuffix(".json"))
        let index = String(decoding: try #require(try review.file("index.html")), as: UTF8.self)
        #expect(index.contains(#"data-key="app/one/systemSmall" data-decision="approved""#))
        #expect(DiffFailOn.changes.fails(try #require(review.report.widgets.first { $0.key == "app/two/systemSmall" })))
    }

    @Test func approvingEveryChangedFrameApprovesTheWidgetAndOneRequestSendsItBack() throws {
        var review = try Self.review(in: try Self.folder())
        _ = try review.decide(Self.request(Self.one, "approve", frame: "t-0900"), by: "jane", at: Self.at)
        #expect(review.report.widgets.first { $0.key == Self.one }?.decision == nil)
        let both = try review.decide(Self.request(Self.one, "approve", frame: "t-1000"), by: "jane", at: Self.at)
        #expect(both.decision == "approved" && both.frames == ["t-0900": "approved", "t-1000": "approved"])
        let sent = try review.decide(Self.request(Self.one, "request-changes", frame: "t-1000"), by: "max", at: Self.at)
        #expect(sent.decision == "changes-requested" && sent.said?.contains("frame t-1000") == true)
        let cleared = try review.decide(Self.request(Self.one, "clear"), by: "max", at: Self.at)
        #expect(cleared.decision == "undecided" && cleared.frames.isEmpty)
    }

    @Test func aCommentIsPinnedToItsFrameAndSchemeAndShownEscaped() throws {
        let folder = try Self.folder()
        var review = try Self.review(in: folder)
        let comment = LiveReview.CommentRequest(
            key: Self.one, frame: "t-1000", scheme: "dark", text: "  The ring is <b>too</b> thin  ")
        _ = try review.comment(comment, by: "jane", at: Self.at)
        let notes = try DecisionStore.read(Self.location(in: folder)).notes
        #expect(
            notes.comments?.map { [$0.frame, $0.scheme, $0.text] } == [
                ["t-1000", "dark", "The ring is <b>too</b> thin"]
            ])
        #expect(notes.requests.isEmpty && review.report.widgets.allSatisfy { $0.decision == nil })
        let page = String(decoding: try #require(try review.file("widgets/app/one/systemSmall.html")), as: UTF8.self)
        #expect(page.contains("dark: <bdi>The ring is &lt;b&gt;too&lt;/b&gt; thin</bdi>"))
    }

    @Test(arguments: [
        (Self.request("app/nine/systemSmall", "approve"), "key app/nine/systemSmall"),
        (Self.request(Self.one, "approve", frame: "t-2300"), "frame t-2300"),
        (Self.request(Self.one, "maybe"), "verdict maybe"),
        (Self.request(Self.one, "approve", note: String(repeating: "x", count: 2_001)), "note: 2001 characters"),
    ])
    func aRequestThatNamesNothingOfTheReviewIsRefusedAndNothingIsWritten(
        request: LiveReview.DecisionRequest, message: String
    ) throws {
        let folder = try Self.folder()
        var review = try Self.review(in: folder)
        #expect {
            _ = try review.decide(request, by: "jane", at: Self.at)
        } throws: { ($0 as? ReviewRequestError)?.description.hasPrefix(message) == true }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// Another writer (`glimpse approve`, a second review) decides meanwhile: the next page shows
    /// it, and this review's next decision keeps it.
    @Test func anotherWritersDecisionIsShownAndKept() throws {
        let folder = try Self.folder()
        var review = try Self.review(in: folder)
        let two = try #require(review.report.decidable.first { $0.key == "app/two/systemSmall" })
        _ = try DecisionStore.update(Self.location(in: folder), as: DecisionStore.Writer(holder: "approve")) { store in
            store.decide([two], .approve, by: "max", at: Self.at, note: nil)
        }
        #expect(review.counts.approved == 0)
        review.refresh()
        #expect(review.counts.approved == 1)
        _ = try review.decide(Self.request(Self.one, "approve"), by: "jane", at: Self.at)
        let written = try DecisionStore.read(Self.location(in: folder)).approvals.approvals
        #expect(written.map(\.by) == ["jane", "max"] && review.counts.approved == 2)
    }

    @Test func aWriteThatFailsChangesNothingShown() throws {
        let folder = try Self.folder()
        var review = try Self.review(in: folder)
        // The approvals file's folder is a file: the write fails.
        try Data().write(to: folder.appendingPathComponent("blocked"))
        review.store.location = DecisionLocation(
            folder: folder.appendingPathComponent("blocked/glimpse-decisions").path)
        #expect(throws: GalleryError.self) {
            _ = try review.decide(Self.request(Self.one, "approve"), by: "j", at: Self.at)
        }
        #expect(review.report.widgets.allSatisfy { $0.decision == nil } && review.store.approvals.approvals.isEmpty)
    }

    @Test func pagesLinkTheServedGalleriesAndTheirNeighbours() throws {
        let review = try Self.review(in: try Self.folder())
        let page = String(decoding: try #require(try review.file("widgets/app/one/systemSmall.html")), as: UTF8.self)
        #expect(page.contains(#"href="/_base/app/one/systemSmall.html#t-0900""#))
        #expect(page.contains(#"href="/_new/app/one/systemSmall.html""#))
        #expect(page.contains(#"rel="next" href="../../../widgets/app/two/systemSmall.html""#))
        #expect(try review.file("widgets/app/nine/systemSmall.html") == nil)
        #expect(page.contains(#"<script src="../../../assets/review-live.js"></script>"#))
    }

    /// Each row of the list loads its widget's first changed frame before and after from a page
    /// the review serves; a widget the review has not changed has none.
    @Test func eachRowsPictureIsServed() throws {
        let review = try Self.review(in: try Self.folder())
        let index = String(decoding: try #require(try review.file("index.html")), as: UTF8.self)
        for key in ["one", "two"] {
            #expect(index.contains(#"data-src="pictures/app/\#(key)/systemSmall.html""#))
            let picture = try #require(try review.file("pictures/app/\(key)/systemSmall.html"))
            #expect(String(decoding: picture, as: UTF8.self).contains("app/\(key)/systemSmall · t-0900"))
        }
        #expect(try review.file("pictures/app/nine/systemSmall.html") == nil)
    }
}
