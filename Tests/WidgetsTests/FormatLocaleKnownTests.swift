import Testing

@testable import Widgets

/// `--locale` takes what ICU has CLDR data for, and names the closest when it is not.
struct FormatLocaleKnownTests {
    @Test func icuKnowsTheLocalesTheGalleryIsBuiltIn() {
        for identifier in ["en_US", "de_DE", "fr_FR", "ja_JP", "ar_SA", "he_IL", "de", "ja"] {
            #expect(FormatLocale.known(identifier) == identifier, "\(identifier)")
        }
        #expect(FormatLocale.known("de-DE") == "de_DE")
        for unknown in ["xx_YY", "english", "de_XX", "", "en_US_POSIX_EXTRA"] {
            #expect(FormatLocale.known(unknown) == nil, "\(unknown)")
        }
    }

    @Test func theClosestComeFirst() {
        #expect(FormatLocale.closest(to: "de_XX").first == "de")
        #expect(FormatLocale.closest(to: "english").first == "en")
        #expect(FormatLocale.closest(to: "japanese").first == "ja")
        #expect(FormatLocale.closest(to: "en_UK").contains("en_GB") || FormatLocale.closest(to: "en_UK").first == "en")
        #expect(FormatLocale.closest(to: "xx_YY", count: 5).count == 5)
    }

    @Test func editDistanceIsLevenshteins() {
        #expect(FormatLocale.distance(Array("kitten"), Array("sitting")) == 3)
        #expect(FormatLocale.distance([], Array("de")) == 2)
        #expect(FormatLocale.distance(Array("de_DE"), Array("de_DE")) == 0)
    }
}
