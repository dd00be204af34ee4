import Testing
import Widgets

@testable import GlimpseSite

/// A widget's root says its language when it is not English, and `dir="rtl"` when it is written
/// right to left; an English build's roots are as they were.
struct WidgetLanguageTests {
    @Test func theRootSaysItsLanguageAndDirection() {
        #expect(WidgetHTML.Language(FormatLocale(identifier: "ar_SA"))?.attributes == " lang=\"ar-SA\" dir=\"rtl\"")
        #expect(WidgetHTML.Language(FormatLocale(identifier: "he"))?.attributes == " lang=\"he\" dir=\"rtl\"")
        #expect(WidgetHTML.Language(FormatLocale(identifier: "ja_JP"))?.attributes == " lang=\"ja-JP\"")
        for english in ["en_US", "en_GB", "en"] {
            #expect(WidgetHTML.Language(FormatLocale(identifier: english)) == nil)
        }
    }
}
