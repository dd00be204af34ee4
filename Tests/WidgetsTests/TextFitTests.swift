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

    /// An accented letter takes its base letter's room, precomposed ("é", one scalar) or combined
    /// ("e" and U+0301): ASCII is read straight from the table, every other scalar decomposed first.
    @Test func anAccentedLetterTakesItsBaseLettersRoom() {
        let base = TextFit.width("Resume", size: 13, weight: .semibold)
        #expect(TextFit.width("Résumé", size: 13, weight: .semibold) == base)
        #expect(TextFit.width("Re\u{301}sume\u{301}", size: 13, weight: .semibold) == base)
        #expect(
            TextFit.width("Ådne", size: 13, weight: .semibold) == TextFit.width("Adne", size: 13, weight: .semibold))
        #expect(
            TextFit.width("Résumé", size: 13, weight: .semibold) != TextFit.width("Rxsumx", size: 13, weight: .semibold)
        )
    }
}
