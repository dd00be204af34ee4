import Testing
import WidgetTimeline

@testable import Widgets

/// The time since gives up its lines in the designed order as the text grows and the widget shrinks.
struct JustNowLayoutTests {
    private let recent = JustNowLayout.Texts(heading: "Last meditation", since: "20 min ago", hasHistory: true)

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
