import Foundation
import GlimpseFormat
import GlimpseTemplates
import TestSupport
import Testing

@testable import GlimpseDiff
@testable import GlimpseGallery
@testable import GlimpseReview

/// The review site renders through its templates: whatever text a gallery holds reaches
/// its pages escaped, and each page is built from the report alone.
struct ReviewSiteTests {
    static let hostile = "<script>alert('x')</script> & \"q\""

    /// Two galleries whose one widget differs in a frame's text and whose new one has a diagnostic.
    func report() -> (DiffReport, Gallery, Gallery) {
        typealias Tests = GalleryDiffTests
        let base = Tests.gallery([Tests.widget(Self.hostile)], assets: [:])
        let changed = Tests.widget(
            Self.hostile,
            frames: [
                Tests.frame("2026-11-22T09:00:00-05:00", texts: [Self.hostile], hash: "h2"),
                Tests.frame("2026-11-23T00:00:00-05:00", state: "later"),
            ],
            diagnostics: [["severity": "warning", "message": Self.hostile, "file": "<b>.json"]])
        let new = Tests.gallery([changed], assets: [:])
        return (GalleryDiff.compare(base, new), base, new)
    }

    func pages() throws -> [String: String] {
        let (report, base, new) = report()
        let site = try ReviewSite()
        let files = try site.files(
            report, failOn: .changes, base: base, new: new, out: URL(fileURLWithPath: "/review"), schema: Data())
        return Dictionary(
            uniqueKeysWithValues: files.filter { $0.path.hasSuffix(".html") }.map {
                ($0.path, String(decoding: $0.data, as: UTF8.self))
            })
    }

    @Test func everyTextFromAGalleryIsEscapedOnEveryPage() throws {
        let pages = try pages()
        #expect(pages.count == 3, "the index, the widget's page, its row's picture")
        for (path, html) in pages {
            #expect(!html.contains("<script>alert"), "\(path)")
            #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;"), "\(path)")
        }
    }

    @Test func theWidgetPageShowsTheFrameTheDayAndTheNewDiagnostic() throws {
        let pages = try pages()
        let page = try #require(pages.first { $0.key.hasPrefix("widgets/") }?.value)
        #expect(page.contains(#"<article class="review-frame" id="t-0900""#))
        #expect(page.contains("<dt>Before</dt><dd><bdi>Hello</bdi></dd>"))
        #expect(page.contains(#"<li class="is-changed" style="left:0.000%;"#))
        #expect(page.contains("<li>new: warning <code>&lt;b&gt;.json</code> <bdi>&lt;script&gt;"))
        #expect(page.contains(#"<script src="../../../assets/review.js"></script>"#))
    }

    @Test func theIndexListsTheChangeAndSaysHowItWasCompared() throws {
        let index = try #require(try pages()["index.html"])
        #expect(index.contains("1 widgets: 1 changed, 0 added, 0 removed, 0 unchanged; 1 frames changed"))
        #expect(index.contains("Compared by manifest only"))
        #expect(index.contains(#"<td>1 frame changed; 1 new diagnostic(s)</td>"#))
        // The list's filters, without the decisions' script or column: no decisions were read.
        #expect(index.contains(#"<script src="assets/review.js"></script>"#) && !index.contains("review-live.js"))
        #expect(!index.contains("review-decision"))
    }

    /// What the index says of a changed shared asset: with `--pixels`, how many widgets it reached.
    @Test func aChangedAssetSaysWhatItReached() {
        var change = DiffReport.AssetChange(path: "assets/glimpse.css", change: "changed", reaches: 3)
        #expect(ReviewIndexPage.asset(change, compared: false).drawn == nil)
        #expect(
            ReviewIndexPage.asset(change, compared: true).drawn?.contains(
                "frames of 3 widgets: those frames were drawn again") == true)
        change.reaches = 0
        #expect(ReviewIndexPage.asset(change, compared: true).drawn?.contains("none was drawn again") == true)
    }

    @Test func aBrokenReviewTemplateNamesItsFile() throws {
        let root = temporaryFolder("glimpse-review-templates")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("{{#open}}".utf8).write(to: root.appendingPathComponent("index.mustache"))
        #expect {
            try ReviewSite(folder: root, displayDirectory: "review")
        } throws: { error in
            (error as? TemplateError)?.file == "review/index.mustache"
        }
    }

    /// Each variant of a widget has a review page of its own: a full-axis diff wrote them all to one.
    @Test func eachVariantOfAWidgetHasItsOwnPage() {
        let pages = ["", "@430x932", "@430x932@AX5"].map { variant in
            WidgetReviewPage.path(
                of: DiffReport.WidgetChange(
                    key: "app/one/systemSmall\(variant)", app: "app", scenario: "one", family: "systemSmall",
                    device: nil, textSize: nil))
        }
        #expect(
            pages == [
                "widgets/app/one/systemSmall.html", "widgets/app/one/systemSmall@430x932.html",
                "widgets/app/one/systemSmall@430x932@AX5.html",
            ])
    }
}
