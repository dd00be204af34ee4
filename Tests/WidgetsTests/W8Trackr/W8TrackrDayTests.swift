import Foundation
import TestSupport
import Testing
import WidgetTimeline

@testable import Widgets

/// W8Trackr lives the same day in every family, and "Today" turns "Yesterday" at every local
/// midnight, in every time zone, on ordinary and daylight-saving days.
struct W8TrackrDayTests {
    let now = SharedSimulation.now

    @Test func theProviderLivesTheSameDayInEveryFamily() {
        let weights = (0..<20).map {
            W8TrackrWeighIn(id: Int64($0), value: 180 - Double($0) / 4, unit: .lb, date: now - Double(20 - $0) * 86_400)
        }
        SharedSimulation.expectSameDay {
            W8TrackrProvider(source: .data(W8TrackrLog(entries: weights, unit: .lb, goal: 170)))
        }
    }

    @Test func w8TrackrTodayBecomesYesterdayAtEveryLocalMidnight() {
        for (zone, start) in MidnightCases.all {
            let calendar = calendar(zone)
            let dayStart = calendar.dateInterval(of: .day, for: start)!.start
            let weighIn = max(dayStart, start - 3600)
            let window = DateInterval(start: start, duration: 86_400)
            let data = W8TrackrLog(
                entries: [W8TrackrWeighIn(id: 1, value: 170, unit: .lb, date: weighIn)], unit: .lb, goal: nil)
            let simulation = TimelineSimulator().simulate(
                W8TrackrProvider(source: .data(data)), family: .systemSmall,
                displaySize: WidgetSize(width: 158, height: 158), window: window, calendar: calendar)
            let midnight = MidnightCases.nextDayStart(after: start, in: calendar)
            #expect(midnight >= window.end || simulation.frames.contains { $0.start == midnight }, "\(zone) \(start)")
            #expect(
                simulation.frames.allSatisfy { $0.start == start || $0.start >= midnight },
                "\(zone) \(start): a change before midnight")
        }
    }
}
