import GlimpseFormat
import Testing

@testable import GlimpseCheck

/// `not-localized`: the app's copy drawn in English under another locale, found by its English
/// text with any text in its placeholders; store text and translated copy are not.
struct NotLocalizedTests {
    static func copy(_ key: String, _ text: String) -> UntranslatedCopy {
        UntranslatedCopy(Manifest.NotLocalized(app: "habits", key: key, text: text))
    }

    @Test func englishCopyMatchesWithAnythingInItsPlaceholders() {
        let more = Self.copy("more", "+{count} more")
        #expect(more.file == "content/copy/habits/more.md")
        #expect(more.matches("+3 more") && more.matches("+1,204 more"))
        #expect(!more.matches("+3 weitere") && !more.matches("3 more") && !more.matches("+3 more!"))
        let done = Self.copy("done", "Done today")
        #expect(done.matches("Done today") && !done.matches("Done today, again"))
        let between = Self.copy("of", "{done} of {total} days")
        #expect(between.matches("12 of 30 days") && !between.matches("12 von 30 Tagen"))
        // A copy of only a placeholder says nothing of its own to find.
        #expect(!Self.copy("title", "{title}").matches("Anything"))
    }

    @Test func theRuleFlagsTheAppsCopyNotStoreText() throws {
        var store = CheckRulesTests.text("Done today", box: [16, 30, 40, 10], size: 13)
        store.store = true
        let texts = [
            CheckRulesTests.text("Done today", box: [16, 16, 40, 10], size: 13),
            CheckRulesTests.text("Heute erledigt", box: [16, 44, 40, 10], size: 13), store,
        ]
        let rules = Rules(
            frame: CheckRulesTests.key, measurement: CheckRulesTests.measurement(texts: texts),
            pixels: CheckRulesTests.tile(text: .init(hex: "#000000")!, rect: [16, 16, 20, 10]),
            notLocalized: [Self.copy("done", "Done today")])
        let found = rules.findings([.notLocalized])
        #expect(found.map(\.element.text) == ["Done today"] && found[0].element.box.y == 16)
        #expect(found[0].severity == .warning)
        #expect(
            found[0].message
                == "“Done today” is in English: content/copy/habits/done.md has no translation for this locale")
        // An English gallery has nothing untranslated: nothing is found.
        let english = Rules(frame: rules.frame, measurement: rules.measurement, pixels: rules.pixels)
        #expect(english.findings(Set(CheckRule.allCases)).allSatisfy { $0.rule != .notLocalized })
    }
}
