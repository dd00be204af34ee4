import Foundation
import TestSupport
import Testing
import WidgetTimeline

@testable import Widgets

/// BitPal lives the same day in every family.
struct BitPalDayTests {
    let now = SharedSimulation.now

    @Test func theProviderLivesTheSameDayInEveryFamily() {
        let refresh = BitPalStoreFile.RefreshData(
            currency: "USD",
            holdings: [
                BitPalStoreFile.RefreshData.Holding(
                    coinId: "btc", symbol: "BTC", name: "Bitcoin", quantity: 1, averageCost: 50_000)
            ], realizedPnL: 0)
        let script = BitPalPrices.Script(
            series: [
                "btc": (0..<24).map {
                    BitPalPrices.Script.Point(at: now + Double($0) * 3600, price: Decimal(60_000 + $0 * 100))
                }
            ],
            outages: [
                BitPalPrices.Script.Outage(
                    interval: DateInterval(start: now + 3 * 3600, duration: 3600), failure: .offline)
            ])
        SharedSimulation.expectSameDay { BitPalProvider(refresh: refresh, stored: nil, source: .scripted(script)) }
    }
}
