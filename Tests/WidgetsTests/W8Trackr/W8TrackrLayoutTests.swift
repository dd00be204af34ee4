import Testing
import WidgetTimeline

@testable import Widgets

/// A weigh-in gives up its lines in the designed order as the text grows and the widget shrinks.
struct W8TrackrLayoutTests {
    private let texts = W8TrackrLayout.Texts(
        date: "Yesterday, 6:50 AM", goal: "6 lb to goal", reached: false, change: "-2.4 lb in 7 days")

    @Test func largeTextKeepsEveryLine() {
        let layout = W8TrackrLayout.fitting(
            family: .systemSmall, size: WidgetSize(width: 170, height: 170), textSize: .large, texts: texts)
        #expect(layout.showsHeading && layout.showsGoalText)
        #expect(layout.dateLines == 1)
    }

    @Test func theHeadingGoesFirstThenTheGoalsWordsButNeverTheBar() {
        let small = WidgetSize(width: 141, height: 141)
        let xxLarge = W8TrackrLayout.fitting(family: .systemSmall, size: small, textSize: .xxLarge, texts: texts)
        #expect(!xxLarge.showsHeading)
        let xxxLarge = W8TrackrLayout.fitting(family: .systemSmall, size: small, textSize: .xxxLarge, texts: texts)
        #expect(!xxxLarge.showsHeading && !xxxLarge.showsGoalText)
        #expect(xxxLarge.dateLines == 2)
    }

    @Test func aMessageKeepsItsWordsBeforeItsLogo() {
        let size = WidgetSize(width: 141, height: 141)
        let roomy = W8TrackrLayout.message("Log your first weight.", size: size, textSize: .large)
        #expect(roomy.logo)
        let long = W8TrackrLayout.message("Gewichte unlesbar. W8Trackr öffnen.", size: size, textSize: .xxxLarge)
        #expect(!long.logo)
        #expect(long.lines == 4 && long.scale == 1)
    }

    @Test func aMessageStepsDownItsTypeBeforeItIsCut() {
        // The small widget on 320x568: 17 ideographs and "W8Trackr" need five lines at xxLarge.
        let size = WidgetSize(width: 141, height: 141)
        let japanese = "読み込めません。W8Trackrを開いてください。"
        let fit = W8TrackrLayout.message(japanese, size: size, textSize: .xxLarge)
        #expect(!fit.logo && fit.scale < 1)
        let subheadline = TextStyle.subheadline.scale(at: .xxLarge)
        let needs = TextFit.lines(japanese, size: 15 * subheadline * fit.scale, weight: .semibold, width: 109)
        #expect(fit.lines == needs && Double(fit.lines) * 19 * subheadline * fit.scale <= 109)
        // Never under 11 pt: at xSmall the type has no step to take.
        let tiny = W8TrackrLayout.message(String(repeating: japanese, count: 4), size: size, textSize: .xSmall)
        #expect(tiny.scale == 1 && 15 * TextStyle.subheadline.scale(at: .xSmall) * tiny.scale >= 11)
    }
}
