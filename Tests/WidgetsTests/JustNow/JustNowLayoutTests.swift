import Testing
import WidgetTimeline

@testable import Widgets

/// The time since gives up its lines in the designed order as the text grows and the widget shrinks.
struct JustNowLayoutTests {
    private let recent = JustNowLayout.Texts(heading: "Last meditation", since: "20 min ago", hasHistory: true)

    /// Large's prompt takes what the time since and the button leave: at xxLarge on the smallest
    /// screen a prompt of three lines keeps everything; one twice as long gives up its author and
    /// the heading, then steps its type down; one four times as long is clamped to the lines the
    /// room holds. The room never overflows.
    @Test func theLargePromptGivesWayToTheStartButton() throws {
        let layout = try #require(JustNowPromptLayout.of(.systemLarge))
        let size = WidgetSize(width: 292, height: 311)
        let top = JustNowLayout.Texts(heading: "Last meditation", since: "3 min ago", hasHistory: true)
        let prompt = "Meet whatever is here with a little kindness."
        let fit = try #require(
            JustNowPromptRoom.large(
                layout, prompt: prompt, hasAuthor: true, size: size, textSize: .xxLarge, top: top))
        #expect(fit.keepsAuthor && fit.keepsHeading && fit.lines >= 3)
        let double = try #require(
            JustNowPromptRoom.large(
                layout, prompt: prompt + " " + prompt, hasAuthor: true, size: size, textSize: .xxLarge, top: top))
        // Twice the prompt: the author and the heading give way, then the type steps down.
        #expect(!double.keepsAuthor && !double.keepsHeading && double.scale < 1)
        let line: Double = 26 * TextStyle.title3.scale(at: .xxLarge) * double.scale
        let room: Double = 311 - 32 - 42 - 68
        let lines = Double(double.lines)
        #expect(lines * line <= room)
        #expect((lines + 1) * line > room || double.lines == layout.lines)
        // Four times: nothing left to give way, so it is clamped at the family's size.
        let triple = try #require(
            JustNowPromptRoom.large(
                layout, prompt: Array(repeating: prompt, count: 4).joined(separator: " "), hasAuthor: true,
                size: size, textSize: .xxLarge, top: top))
        #expect(triple.scale == 1 && Double(triple.lines) * 26 * TextStyle.title3.scale(at: .xxLarge) <= room)
        // At Large on the largest screen the prompt keeps the family's six lines at most.
        let roomy = try #require(
            JustNowPromptRoom.large(
                layout, prompt: prompt, hasAuthor: true, size: WidgetSize(width: 364, height: 382),
                textSize: .large, top: top))
        #expect(roomy.lines == 6 && roomy.keepsAuthor && roomy.keepsHeading)
    }

    @Test func largeTextKeepsTheHeadingOnOneLine() {
        let layout = JustNowLayout.fitting(
            family: .systemSmall, size: WidgetSize(width: 170, height: 170), textSize: .large, texts: recent)
        #expect(layout.headingLines == 1)
        #expect(layout.sinceLines == 2)
    }

    @Test func theHeadingGivesWayOnTheSmallestScreen() {
        let layout = JustNowLayout.fitting(
            family: .systemSmall, size: WidgetSize(width: 141, height: 141), textSize: .xxLarge, texts: recent)
        #expect(layout.headingLines == 0)
    }

    @Test func aWordWiderThanTheColumnStepsDownItsType() {
        let none = JustNowLayout.Texts(heading: "Letzte Meditation", since: "Keine Sitzungen", hasHistory: false)
        let layout = JustNowLayout.fitting(
            family: .systemSmall, size: WidgetSize(width: 141, height: 141), textSize: .xxLarge, texts: none)
        #expect(layout.sinceScale < 1)
    }

    @Test func theRectangleLeavesOutAHeadingWiderThanItself() {
        let german = JustNowLayout.Texts(heading: "Letzte Meditation", since: "3 Min", hasHistory: true)
        let size = WidgetSize(width: 153, height: 68)
        #expect(
            JustNowLayout.fitting(family: .accessoryRectangular, size: size, textSize: .xxLarge, texts: german)
                .headingLines == 0)
        #expect(
            JustNowLayout.fitting(family: .accessoryRectangular, size: size, textSize: .large, texts: recent)
                .headingLines == 1)
    }

    @Test func theCircleStepsDownALongCompactTime() {
        let size = WidgetSize(width: 68, height: 68)
        let short = JustNowLayout.Texts(heading: "", since: "3m", hasHistory: true)
        let german = JustNowLayout.Texts(heading: "", since: "30 Min", hasHistory: true)
        #expect(
            JustNowLayout.fitting(family: .accessoryCircular, size: size, textSize: .large, texts: short).compactStep
                == 1)
        #expect(
            JustNowLayout.fitting(family: .accessoryCircular, size: size, textSize: .large, texts: german).compactStep
                > 1)
    }
}
