import GlimpseCore
import Testing

@testable import Widgets

@Suite struct RedactionTests {
    let redaction = Redaction.on

    @Test func offChangesNothing() {
        let text = "Drink water 💧 182.4"
        #expect(
            Redaction.off.text(text) == text && Redaction.off.figure(text) == text
                && Redaction.off.excerpt(text) == text)
    }

    @Test func textKeepsLengthCaseSpacesPunctuationAndEmoji() {
        let placeholder = redaction.text("Drink a glass of Water, 2× 💧!")
        #expect(placeholder == "Lorem i psumd ol Orsit, 48× 💧!".replacingOccurrences(of: "48", with: "4"))
        #expect(placeholder.count == "Drink a glass of Water, 2× 💧!".count)
        #expect(!placeholder.contains("Drink") && !placeholder.contains("Water"))
        #expect(redaction.text("水を飲む") == "口口口口")
    }

    @Test func theSamePlaceholderForTheSameShapeWhateverTheValue() {
        #expect(redaction.text("Read") == redaction.text("Walk"))
        #expect(redaction.figure("$12,345.67") == redaction.figure("$98,765.43"))
        #expect(redaction.figure("$12,345.67") == "$48,151.62")
        #expect(redaction.figure("−2.4 lb") == "−4.8 lb")
    }

    @Test func anExcerptKeepsKeysAndStructureAndHidesValues() {
        let json = #"{"title": "No sugar", "totalDays": 30, "done": true, "groups": [{"name": "Morning"}]}"#
        let redacted = redaction.excerpt(json)
        #expect(redacted == #"{"title": "Lo remip", "totalDays": 48, "done": true, "groups": [{"name": "Loremip"}]}"#)
        #expect(
            redaction.excerpt("preferredWeightUnit = \"lb\"\ngoalWeight = 165.5")
                == "preferredWeightUnit = \"lo\"\ngoalWeight = 481.5")
    }

    @Test func aDiagnosticsQuotesAreHidden() {
        #expect(
            redaction.message(#"habits[1].createdAt: expected an ISO 8601 date, found "last Tuesday""#)
                == #"habits[1].createdAt: expected an ISO 8601 date, found "lore mTuesda""#.replacingOccurrences(
                    of: "mTuesda", with: "Mipsumd"))
        #expect(redaction.message("Tapped “Read”") == "Tapped “Lore”")
    }
}
