import Foundation
import Testing
import WidgetTimeline
@testable import Widgets

/// Every app simulates a day once and shows it in every family (`sharedSimulation`). That holds
/// only while no provider reads the context's family or size: each provider must live the same
/// day, reload for reload and entry for entry, whichever family it is simulated for.
struct SharedSimulationTests {
    let now = date("2026-11-22T09:00:00-05:00")
    let families: [(WidgetFamily, WidgetSize)] = [
        (.systemSmall, WidgetSize(width: 158, height: 158)), (.systemLarge, WidgetSize(width: 338, height: 354)),
        (.accessoryCircular, WidgetSize(width: 76, height: 76)),
    ]

    /// The day `provider` lives as `family`: frames and reloads, comparable.
    func day<Provider: TimelineProvider>(_ provider: Provider, _ family: WidgetFamily, _ size: WidgetSize) -> [AnyHashable]
        where Provider.Entry: Hashable
    {
        let simulation = TimelineSimulator(budget: ReloadBudget(limit: 40)).simulate(
            provider, family: family, displaySize: size, window: DateInterval(start: now, duration: 86_400),
            calendar: calendar("America/New_York"), freeReloads: [FreeReloadRequest(at: now + 5_400, kind: .appEvent)])
        return simulation.frames.map { AnyHashable([AnyHashable($0.start), AnyHashable($0.end), AnyHashable($0.entry), AnyHashable($0.reload)]) }
            + simulation.reloads.map(AnyHashable.init)
    }

    func expectSameDay<Provider: TimelineProvider>(_ make: () -> Provider) where Provider.Entry: Hashable {
        let days = families.map { day(make(), $0.0, $0.1) }
        #expect(days[0].count > 2)
        #expect(days.allSatisfy { $0 == days[0] }, "\(Provider.self)")
    }

    @Test func everyProviderLivesTheSameDayInEveryFamily() {
        let rotation = PromptRotation(prompts: (1...5).map { Prompt(id: "\($0)", html: .empty, text: "") })
        expectSameDay { JustNowProvider(store: JustNowStore(initial: [MeditationSession(startedAt: now - 900, durationSeconds: 600)]), rotation: rotation) }
        let refresh = WidgetRefreshData(currency: "USD", holdings: [
            RefreshHolding(coinId: "btc", symbol: "BTC", name: "Bitcoin", quantity: 1, averageCost: 50_000),
        ], realizedPnL: 0)
        let script = PriceScript(series: ["btc": (0..<24).map { PriceScript.Point(at: now + Double($0) * 3600, price: Decimal(60_000 + $0 * 100)) }],
                                 outages: [PriceScript.Outage(interval: DateInterval(start: now + 3 * 3600, duration: 3600), failure: .offline)])
        expectSameDay { BitPalProvider(refresh: refresh, stored: nil, source: .scripted(script)) }
        let weights = (0..<20).map { WeightEntry(id: Int64($0), value: 180 - Double($0) / 4, unit: .lb, date: now - Double(20 - $0) * 86_400) }
        expectSameDay { W8TrackrProvider(source: .data(W8TrackrData(entries: weights, unit: .lb, goal: 170))) }
        expectSameDay {
            OneGoalProvider(store: OneGoalStoreTimeline(initial: Goal(title: "Run", totalDays: 30, completedDays: 12, lastCompletedDate: nil, accent: nil),
                                                        markDoneDates: [now + 7_200]))
        }
        expectSameDay {
            BeeBloomProvider(store: BeeBloomStore(initial: .file(HabitsFile(habits: (1...5).map {
                Habit(id: "h\($0)", title: "Habit \($0)", createdAt: now - 86_400)
            }))))
        }
    }
}
