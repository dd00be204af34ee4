import Testing

@testable import GlimpseSite

struct FrameSourcesTests {
    /// An element's text is its words joined by one space, whatever whitespace the markup put
    /// between them: ASCII is split on its bytes, other text by `Character.isWhitespace`, and the
    /// two agree.
    @Test func whitespaceCollapsesToOneSpaceAsCharacterSaysIt() {
        let texts = [
            "  Drink\twater \r\n today\u{0B}\u{0C}now  ", "\n\n", "", "one", "+3 more",
            "Caf\u{E9}\u{A0}ouvert \u{2003} demain", "今日は 水を\u{3000}飲む", "5\u{202F}kg left\n",
        ]
        for text in texts {
            let expected = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(FrameSources.collapsingWhitespace(Array(text.utf8)) == expected, "\(text.debugDescription)")
        }
    }

    /// A copy key's text in a frame's markup: children's text too, tags left out, entities read.
    @Test func aCopyKeysTextIsItsElementsWordsWithoutTags() {
        let html = """
            <div class="w"><p data-source="copy:app/done">All habits
                <b>completed</b> today! 🌸</p><span data-source="store:x">kept out</span>\
            <em data-source="copy:app/more">+3 more &amp; then</em></div>
            """
        let found = FrameSources.scan(html)
        #expect(
            found == [
                "copy:app/done": "All habits completed today! 🌸", "copy:app/more": "+3 more & then",
            ])
    }
}
