import Foundation
import Testing
import WidgetTimeline
@testable import Widgets

/// Every local midnight in the window turns "today" into "yesterday", in every time zone
/// Foundation knows, on ordinary days and on each zone's daylight-saving days.
struct MidnightPropertyTests {
    /// (zone, window start): for each zone, a fixed-seed instant of 2026, and the start of the
    /// day before each of its 2026 transitions (so the window holds the 23 h or 25 h day).
    static let cases: [(String, Date)] = {
        var random = SplitMix(seed: 2026)
        var cases: [(String, Date)] = []
        let yearStart = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
        for zone in TimeZone.knownTimeZoneIdentifiers {
            cases.append((zone, yearStart + Double(Int.random(in: 0..<(364 * 86_400), using: &random))))
            let timeZone = TimeZone(identifier: zone)!
            var instant = yearStart
            while let transition = timeZone.nextDaylightSavingTimeTransition(after: instant), transition < yearStart + 365 * 86_400 {
                cases.append((zone, transition - 14 * 3600 - Double(Int.random(in: 0..<(8 * 3600), using: &random))))
                instant = transition
            }
        }
        return cases
    }()

    /// The first moment of the local day after `date`'s, from Foundation's own day interval.
    func nextDayStart(after date: Date, in calendar: Calendar) -> Date {
        calendar.dateInterval(of: .day, for: date)!.end
    }

    @Test func oneGoalDoneTodayFlipsAtEveryLocalMidnight() {
        #expect(Self.cases.count > TimeZone.knownTimeZoneIdentifiers.count)
        for (zone, start) in Self.cases {
            let calendar = calendar(zone)
            let goal = Goal(title: "Read", totalDays: 30, completedDays: 12, lastCompletedDate: calendar.localDate(of: start), accent: nil)
            let window = DateInterval(start: start, duration: 86_400)
            let simulation = TimelineSimulator().simulate(
                OneGoalProvider(store: OneGoalStoreTimeline(initial: goal, markDoneDates: [])), family: .systemSmall,
                displaySize: WidgetSize(width: 158, height: 158), window: window, calendar: calendar)
            let midnight = nextDayStart(after: start, in: calendar)
            // Done today until the first moment of the next local day, not done from then on. A
            // 25 h day can leave no midnight in the window; a reload just after one (the 5-minute
            // floor) can add a frame that shows the same state.
            for frame in simulation.frames {
                #expect(frame.entry.state == (frame.start < midnight ? .doneToday : .notDoneToday), "\(zone) \(start)")
            }
            #expect(midnight >= window.end || simulation.frames.contains { $0.start == midnight }, "\(zone) \(start)")
        }
    }

    @Test func w8TrackrTodayBecomesYesterdayAtEveryLocalMidnight() {
        for (zone, start) in Self.cases {
            let calendar = calendar(zone)
            let dayStart = calendar.dateInterval(of: .day, for: start)!.start
            let weighIn = max(dayStart, start - 3600)
            let window = DateInterval(start: start, duration: 86_400)
            let data = W8TrackrData(entries: [WeightEntry(id: 1, value: 170, unit: .lb, date: weighIn)], unit: .lb, goal: nil)
            let simulation = TimelineSimulator().simulate(
                W8TrackrProvider(source: .data(data)), family: .systemSmall,
                displaySize: WidgetSize(width: 158, height: 158), window: window, calendar: calendar)
            let midnight = nextDayStart(after: start, in: calendar)
            #expect(midnight >= window.end || simulation.frames.contains { $0.start == midnight }, "\(zone) \(start)")
            #expect(simulation.frames.allSatisfy { $0.start == start || $0.start >= midnight }, "\(zone) \(start): a change before midnight")
        }
    }
}
