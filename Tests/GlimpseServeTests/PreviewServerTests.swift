import Foundation
import Testing

@testable import GlimpseServe

/// What the server reads from a request: paths, clocks, what it adds to a page and strips.
@Suite struct PreviewServerTests {
    @Test(arguments: [
        ("/", "index.html"),
        ("/someapp/", "someapp/index.html"),
        ("/someapp/habits/small.html", "someapp/habits/small.html"),
        ("/someapp/long%20titles/small.html", "someapp/long titles/small.html"),
    ])
    func pathsInTheGallery(raw: String, expected: String) {
        #expect(PreviewServer.galleryPath(raw) == expected)
    }

    @Test(arguments: [
        "/../etc/passwd", "/%2e%2e/etc/passwd", "/assets/%2E%2E/%2e%2e/x", "/a/./b", "/a\\..\\b", "/a%00b",
        "/assets/..%2f..%2fetc/passwd", "//etc/passwd", "etc/passwd", "/%",
    ])
    func pathsThatStepOutAreRefused(raw: String) {
        #expect(PreviewServer.galleryPath(raw) == nil)
    }

    @Test func aLocalClockIsReadInItsZone() {
        let zone = TimeZone(identifier: "America/New_York")!
        #expect(
            PreviewServer.localDate("2026-11-22T23:58", in: zone)
                == ISO8601DateFormatter().date(from: "2026-11-23T04:58:00Z"))
        #expect(
            PreviewServer.localDate("2026-03-08T12:00", in: zone)
                == ISO8601DateFormatter().date(from: "2026-03-08T16:00:00Z"))
        #expect(PreviewServer.localDate("yesterday", in: zone) == nil)
        // The hour the clocks skip reads as the instant after it; dates that do not exist are refused.
        #expect(
            PreviewServer.localDate("2026-03-08T02:30", in: zone)
                == ISO8601DateFormatter().date(from: "2026-03-08T07:30:00Z"))
        for bad in [
            "2026-13-01T10:00", "2026-02-30T10:00", "2026-11-22T24:00", "2026-11-22T10:60", "2026-11-22T10:00:00:00",
        ] {
            #expect(PreviewServer.localDate(bad, in: zone) == nil, "\(bad)")
        }
    }

    @Test func whatServeAddsComesOutWhole() {
        let page = "<!doctype html><html><body><main id=\"main\">Hi</main>\n</body>\n</html>\n"
        let served =
            "<!doctype html><html><body><main "
            + "id=\"main\">Hi</main>\n\(Toolbar.begin)\n<script></script>\n\(Toolbar.end)\n</body>\n</html>\n"
        #expect(Toolbar.strip(served) == page)
    }

    @Test func pagesLinkTheirAssets() {
        let page = Data(
            #"<link rel="stylesheet" href="../../assets/glimpse.css"><script src="../../assets/glimpse.js"></script>"#
                .utf8)
        #expect(LiveReloadHub.linkedAssets(page) == ["assets/glimpse.css", "assets/glimpse.js"])
    }

    /// Before any build has succeeded, every page is the failure, through serve's own template:
    /// whatever the message holds reaches the page as text.
    @Test func theFailurePageEscapesItsMessage() throws {
        let html = try ServeTemplates.render(
            FailurePage(message: "error: templates/<b>.mustache: line 2 & \"3\""), "failure")
        #expect(html.contains("<h1>The gallery could not be built</h1>"))
        #expect(html.contains("<p>error: templates/&lt;b&gt;.mustache: line 2 &amp; &quot;3&quot;</p>"))
        #expect(html.hasSuffix("</body>\n</html>\n") && html.contains("<title>Build failed · Glimpse</title>"))
    }
}
