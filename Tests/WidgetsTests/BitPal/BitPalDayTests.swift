import Foundation
import TestSupport
import Testing
import WidgetTimeline

@testable import Widgets

/// BitPal lives the same day in every family.
struct BitPalDayTests {
    let now = SharedSimulation.now

    @Test func theProviderLivesTheSameDayInEveryFamily() {
        let refresh = WidgetRefreshData(
            currency: "USD",
            holdings: [
                RefreshHolding(coinId: "btc", symbol: "BTC", name: "Bitcoin", quantity: 1, averageCost: 50_000)
            ], realizedPnL: 0)
        let script = PriceScript(
            series: [
                "btc": (0..<24).map {
                    PriceScript.Point(at: now + Double($0) * 3600, price: Decimal(60_000 + $0 * 100))
                }
            ],
            outages: [
                PriceScript.Outage(interval: DateInterval(start: now + 3 * 3600, duration: 3600), failure: .offline)
            ])
        SharedSimulation.expectSameDay { BitPalProvider(refresh: refresh, stored: nil, source: .scripted(script)) }
    }
}
