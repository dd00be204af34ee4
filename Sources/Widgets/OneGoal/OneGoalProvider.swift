import Foundation
import WidgetTimeline

/// One Goal's entry: the goal as of `date`, and its state on that local day.
struct OneGoalEntry: TimelineEntry, Hashable {
    var date: Date
    var goal: OneGoalProgress?
    var state: OneGoalState
}

/// The store as it changes over the simulated day: the snapshot, then the app's events.
struct OneGoalStoreTimeline: Sendable {
    var initial: OneGoalProgress?
    /// `markDone` events, in order.
    var markDoneDates: [Date]

    init(initial: OneGoalProgress?, markDoneDates: [Date]) {
        self.initial = initial
        self.markDoneDates = markDoneDates.sorted()
    }

    /// The goal as the snapshot holds it at `date`.
    func goal(at date: Date, calendar: Calendar) -> OneGoalProgress? {
        guard var goal = initial else { return nil }
        for done in markDoneDates where done <= date {
            goal = OneGoalRules.markDone(goal, today: calendar.localDate(of: done))
        }
        return goal
    }
}

/// Reads the snapshot and shows it until the next local midnight, when "done today" may end.
struct OneGoalProvider: TimelineProvider {
    var store: OneGoalStoreTimeline

    init(store: OneGoalStoreTimeline) {
        self.store = store
    }

    /// The sample goal WidgetKit draws redacted before the first timeline.
    static let sampleGoal = OneGoalProgress(
        title: "Read 20 pages", totalDays: 30, completedDays: 12, lastCompletedDate: nil, accent: nil)

    func placeholder(in context: TimelineProviderContext) -> OneGoalEntry {
        OneGoalEntry(date: context.date, goal: Self.sampleGoal, state: .notDoneToday)
    }

    func snapshot(in context: TimelineProviderContext) -> OneGoalEntry {
        entry(
            at: context.date, goal: store.goal(at: context.date, calendar: context.calendar) ?? Self.sampleGoal,
            calendar: context.calendar)
    }

    func timeline(in context: TimelineProviderContext) throws -> Timeline<OneGoalEntry> {
        let goal = store.goal(at: context.date, calendar: context.calendar)
        let midnight = context.calendar.startOfNextDay(after: context.date)
        let entries = [
            entry(at: context.date, goal: goal, calendar: context.calendar),
            entry(at: midnight, goal: goal, calendar: context.calendar),
        ]
        // Reload at midnight: a real widget re-reads the snapshot then.
        return Timeline(entries: entries, policy: .atEnd)
    }

    func entry(at date: Date, goal: OneGoalProgress?, calendar: Calendar) -> OneGoalEntry {
        OneGoalEntry(date: date, goal: goal, state: OneGoalRules.state(of: goal, today: calendar.localDate(of: date)))
    }
}
