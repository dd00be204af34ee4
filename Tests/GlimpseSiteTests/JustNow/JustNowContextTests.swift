import Foundation
import Testing

@testable import GlimpseSite

/// Just Now's "Start Meditation" control where iOS 18 puts it, on each scenario's context page.
struct JustNowContextTests {
    @Test func theControlInEveryPlace() async throws {
        let gallery = try await sampleGallery()
        let page = try #require(gallery.files.first { $0.path == "justnow/three-minutes-ago/context.html" })
        let html = String(decoding: page.data, as: UTF8.self)
        // The control's tile; it opens the app as the widgets do, so its link is theirs.
        let control = "<div class=\"jn jn-control\">"
        // Control Center's small, medium and large, the Lock Screen's two corners (its own view and
        // both Lock Screens), the Dynamic Island.
        #expect(html.components(separatedBy: control).count - 1 == 3 + 1 + 2 + 1)
        #expect(html.contains("<div class=\"cc-module cc-small\" style=\"width:72px;height:72px\">"))
        #expect(html.contains("<div class=\"cc-module cc-tile cc-medium\" style=\"width:162px;height:72px\">"))
        #expect(html.contains("<div class=\"cc-module cc-tile cc-large\" style=\"width:162px;height:162px\">"))
        #expect(
            html.components(separatedBy: "<p class=\"cc-title clamp-2\">Start Meditation</p>").count - 1 == 2,
            "medium and large only")
        #expect(html.contains("<p class=\"ab-title\">Start Meditation</p>"))
        #expect(!html.contains("widget-caption"), "the title under the 72 pt tile belongs to the detail page")
        #expect(html.contains("Apple publishes no Control Center point sizes"))
    }
}
