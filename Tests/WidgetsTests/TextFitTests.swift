import Testing

@testable import Widgets

struct TextFitTests {
    /// A time in a right-to-left line is isolated (U+2068 … U+2069): the marks take no room, so a
    /// mirrored layout is the same layout.
    @Test func bidirectionalIsolatesAndMarksTakeNoRoom() {
        let plain = TextFit.width("Yesterday, 6:10 PM", size: 13, weight: .regular)
        let isolated = TextFit.width("Yesterday, \u{2068}6:10 PM\u{2069}", size: 13, weight: .regular)
        let marked = TextFit.width("\u{200F}Yesterday, 6:10 PM\u{061C}", size: 13, weight: .regular)
        #expect(isolated == plain)
        #expect(marked == plain)
        #expect(TextFit.width("Yesterday, 6:10 PM!", size: 13, weight: .regular) > plain)
    }
}
