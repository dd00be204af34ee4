import Foundation
import Testing

@testable import GlimpseShots

@Suite struct FrameMarkupTests {
    static let page = """
        <!doctype html><html lang="en"><head><meta charset="utf-8">
        <link rel="stylesheet" href="../../assets/fonts.css">\
        <link rel="stylesheet" href="../../assets/glimpse.css"><link rel="icon" href="x.png">
        </head><body><main>
        <section class="frame" id="t-0900" data-index="0"><h3>9:00</h3>
        <div class="schemes"><figure class="stage stage-light"><div class="stage-canvas">\
        <div class="widget w-systemSmall app-x scheme-light" \
        data-app="x" data-family="systemSmall" data-state="ok" data-scheme="light" style="width:158px;height:158px">\
        <a class="widget-link" href="x://a?b=1&amp;c=2">\
        <p class="t">Café <b>bold</b> <i>it</i> 🌸 &lt;script&gt;</p><svg viewBox="0 0 10 10"><path d="M0 0L10 10"/>\
        <linearGradient id="g"/></svg></a></div>\
        <p class="widget-caption" aria-hidden="true">Caption</p></div></figure>
        <figure class="stage stage-dark"><div class="stage-canvas">\
        <div class="widget scheme-dark" data-app="x" data-family="systemSmall" data-state="ok" data-scheme="dark">\
        <p>Dark</p></div></div></figure></div>
        </section>
        <section class="placeholder">\
        <div class="widget is-redacted" data-app="x" data-family="systemSmall" data-state="placeholder" \
        data-scheme="light"><p>…</p></div></section>
        <ol class="storyboard-steps"><li id="tap-1">\
        <div class="widget" data-family="systemSmall" data-scheme="tinted"><p>Tapped</p></div></li></ol>
        <div class="thumbs"><div class="widget" data-thumb="systemSmall" data-scheme="light"></div></div>
        </main></body></html>
        """

    @Test func everyFullSizeWidgetWithItsAnchorAndScheme() throws {
        let page = try FrameMarkup.read(Data(Self.page.utf8))
        #expect(
            page.widgets.map { "\($0.anchor) \($0.scheme)" } == [
                "t-0900 light", "t-0900 dark", "placeholder light", "tap-1 tinted",
            ])
        #expect(page.stylesheets == ["../../assets/fonts.css", "../../assets/glimpse.css"])
    }

    @Test func markupKeepsTextSpacingEscapesAndSVGAndLeavesTheCaptionOut() throws {
        let markup = try FrameMarkup.read(Data(Self.page.utf8)).widgets[0].markup
        #expect(markup.hasPrefix("<div class=\"widget w-systemSmall app-x scheme-light\""))
        #expect(markup.contains("Café <b>bold</b> <i>it</i> 🌸 &lt;script&gt;"))
        #expect(markup.contains("style=\"width:158px;height:158px\""))
        #expect(!markup.contains("Caption") && !markup.contains("<script>"))
        // Self-closed SVG elements are closed; names come back lower-case, which a browser's HTML
        // parser restores inside <svg> (viewBox, linearGradient).
        #expect(
            markup.contains(
                "<svg viewbox=\"0 0 10 10\"><path d=\"M0 0L10 10\"></path><lineargradient "
                    + "id=\"g\"></lineargradient></svg></a></div>"
            ))
    }

    @Test func garbageAndDeepNestingAreReadWithoutCrashing() throws {
        #expect(try FrameMarkup.read(Data([0xFF, 0x00, 0x3C, 0x3E])).widgets.isEmpty)
        let deep = String(repeating: "<div>", count: 100_000) + "<div data-family=\"x\" data-scheme=\"light\"></div>"
        _ = try FrameMarkup.read(Data(deep.utf8))
        #expect(throws: MarkupError.self) { try FrameMarkup.read(Data(count: FrameMarkup.maximumPageBytes + 1)) }
    }
}
