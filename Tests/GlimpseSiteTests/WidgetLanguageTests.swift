import Testing
import Widgets

@testable import GlimpseSite

/// A widget's root says its language when it is not English, and `dir="rtl"` when it is written
/// right to left; an English build's roots are as they were.
struct WidgetLanguageTests {
    @Test func theRootSaysItsLanguageAndDirection() {
        let root = { (locale: String, pseudo: Pseudolanguage?) in
            Language(locale: locale, pseudo: pseudo).rootAttributes(formatting: FormatLocale(identifier: locale))
        }
        #expect(root("ar_SA", nil) == " lang=\"ar-SA\" dir=\"rtl\"")
        #expect(root("he", nil) == " lang=\"he\" dir=\"rtl\"")
        #expect(root("ja_JP", nil) == " lang=\"ja-JP\"")
        for english in ["en_US", "en_GB", "en"] {
            #expect(root(english, nil).isEmpty)
        }
        // English under the right-to-left pseudolanguage: mirrored, with no language named.
        #expect(root("en_US", .rtl) == " dir=\"rtl\"")
    }
}
