import Foundation
import TestSupport
import Testing
import WidgetTimeline

@testable import Widgets

/// One Goal lives the same day in every family, and done-today turns at every local midnight,
/// in every time zone, on ordinary and daylight-saving days.
struct OneGoalDayTests {
    let now = SharedSimulation.now

    @Test func theProviderLivesTheSameDayInEveryFamily() {
        SharedSimulation.expectSameDay {
            OneGoalProvider(
                store: OneGoalStoreTimeline(
                    initial: OneGoalProgress(
                        title: "Run", totalDays: 30, completedDays: 12, lastCompletedDate: nil, accent: nil),
                    markDoneDates: [now + 7_200]))
        }
    }

    @Test func oneGoalDoneTodayFlipsAtEveryLocalMidnight() {
        #expect(MidnightCases.all.count > TimeZone.knownTimeZoneIdentifiers.count)
        for (zone, start) in MidnightCases.all {
            let calendar = calendar(zone)
            let goal = OneGoalProgress(
                title: "Read", totalDays: 30, completedDays: 12, lastCompletedDate: calendar.localDate(of: start),
                accent: nil)
            let window = DateInterval(start: start, duration: 86_400)
            let simulation = TimelineSimulator().simulate(
                OneGoalProvider(store: OneGoalStoreTimeline(initial: goal, markDoneDates: [])), family: .systemSmall,
                displaySize: WidgetSize(width: 158, height: 158), window: window, calendar: calendar)
            let midnight = MidnightCases.nextDayStart(after: start, in: calendar)
            // Done today until the first moment of the next local day, not done from then on. A
            // 25 h day can leave no midnight in the window; a reload just after one (the 5-minute
            // floor) can add a frame that shows the same state.
            for frame in simulation.frames {
                #expect(frame.entry.state == (frame.start < midnight ? .doneToday : .notDoneToday), "\(zone) \(start)")
            }
            #expect(midnight >= window.end || simulation.frames.contains { $0.start == midnight }, "\(zone) \(start)")
        }
    }
}
