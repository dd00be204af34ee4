import Testing
import WidgetTimeline

@testable import Widgets

/// The summary gives up its lines in the designed order as the text grows and the box shrinks.
struct BitPalSummaryLayoutTests {
    private let fresh = BitPalSummaryLayout.Texts(
        heading: "Portfolio", change: "▲ +$36,133", percent: "+25.6%", updated: "Updated 9:00 AM", stale: nil,
        staleIcon: false)

    @Test func largeTextOnTheLargestSmallWidgetKeepsEveryLine() {
        let layout = BitPalSummaryLayout.fitting(width: 138, height: 138, textSize: .large, texts: fresh)
        #expect(layout == .full)
    }

    @Test func theChangeGoesBeforeTheHeadingOnTheSmallestScreen() {
        let layout = BitPalSummaryLayout.fitting(width: 109, height: 109, textSize: .xLarge, texts: fresh)
        #expect(!layout.showsChange)
        #expect(layout.showsHeading)
        #expect(layout.showsUpdated)
    }

    @Test func theTimeGivesWayOnlyBesideTheStaleBadge() {
        var stale = fresh
        stale.stale = "Veraltet · 16h alt"
        stale.updated = "Aktualisiert 2:45"
        let layout = BitPalSummaryLayout.fitting(width: 104, height: 109, textSize: .xLarge, texts: stale)
        #expect(!layout.showsHeading && !layout.showsChange && !layout.showsUpdated)
        #expect(layout.staleLines == 2)
        let roomy = BitPalSummaryLayout.fitting(width: 104, height: 400, textSize: .xLarge, texts: stale)
        #expect(roomy.showsUpdated && roomy.showsHeading)
    }

    /// The total is never cut: it steps down until it fits, and Arabic's total ("US$" after its
    /// digits) needs a step below English's in the narrow side.
    @Test func theTotalStepsDownUntilItFitsTheNarrowSide() {
        #expect(BitPalApp.fit("$66,930.17", family: .systemMedium, width: 124) == "bp-fit-3")
        #expect(BitPalApp.fit("$66,930.17", family: .systemMedium, width: 104) == "bp-fit-4")
        #expect(BitPalApp.fit("\u{200F}٦٦٬٩٣٠٫١٧\u{00A0}US$", family: .systemMedium, width: 104) == "bp-fit-5")
        // The small widget's 137 pt column: Arabic's total is 123 pt at 17 pt in Chromium, 145 at 20.
        #expect(BitPalApp.fit("\u{200F}٦٦٬٩٣٠٫١٧\u{00A0}US$", family: .systemSmall, width: 137) == "bp-fit-3")
    }

    /// BitPal's figures are tabular: each digit as wide as a zero, so "+11,7 %" is measured wider
    /// than its proportional ones (German's "▲ +15.907 $ +11,7 %" was put on one line and cut).
    @Test func figuresAreMeasuredAsTheTabularDigitsTheyAreDrawnIn() {
        #expect(TextFit.tabular("▲ +15.907 $ +11,7 %") == "▲ +00.000 $ +00,0 %")
        #expect(TextFit.tabular("\u{200F}٦٦٬٩٣٠٫١٧") == "\u{200F}٦٦٬٩٣٠٫١٧")
        let (drawn, proportional) = (
            TextFit.width(TextFit.tabular("+11,7 %"), size: 13, weight: .semibold),
            TextFit.width("+11,7 %", size: 13, weight: .semibold)
        )
        #expect(drawn > proportional)
    }

    /// On the narrowest medium widget the side narrows at xLarge and above, and at Large where a
    /// holding's symbol and value do not fit beside the 124 pt side ("DOGE ‏٢٢٬٤٧٠ US$"); English
    /// keeps the wide side there.
    @Test func theSideNarrowsWhereAHoldingIsWiderThanItsColumn() {
        let narrowest = WidgetSize(width: 292, height: 141)
        let row = { (symbol: String, value: String) in
            BitPalViewModel.HoldingModel(symbol: symbol, value: value, percent: "+1.0%", trend: "gain")
        }
        let english = [row("BTC", "$40,191"), row("DOGE", "$22,470")]
        let arabic = [row("BTC", "\u{200F}٤٠٬١٩١\u{00A0}US$"), row("DOGE", "\u{200F}٢٢٬٤٧٠\u{00A0}US$")]
        #expect(!BitPalApp.narrowSide(size: narrowest, textSize: .large, holdings: english))
        #expect(BitPalApp.narrowSide(size: narrowest, textSize: .large, holdings: arabic))
        #expect(BitPalApp.narrowSide(size: narrowest, textSize: .xLarge, holdings: english))
        #expect(!BitPalApp.narrowSide(size: WidgetSize(width: 329, height: 155), textSize: .xLarge, holdings: arabic))
    }
}
