import Foundation
import WidgetTimeline

/// One Goal's entry: the goal as of `date`, and its state on that local day.
public struct OneGoalEntry: TimelineEntry, Hashable {
    public var date: Date
    public var goal: Goal?
    public var state: OneGoalState
}

/// The store as it changes over the simulated day: the snapshot, then the app's events.
public struct OneGoalStoreTimeline: Sendable {
    public var initial: Goal?
    /// `markDone` events, in order.
    public var markDoneDates: [Date]

    public init(initial: Goal?, markDoneDates: [Date]) {
        self.initial = initial
        self.markDoneDates = markDoneDates.sorted()
    }

    /// The goal as the snapshot holds it at `date`.
    public func goal(at date: Date, calendar: Calendar) -> Goal? {
        guard var goal = initial else { return nil }
        for done in markDoneDates where done <= date {
            goal = OneGoalRules.markDone(goal, today: calendar.localDate(of: done))
        }
        return goal
    }
}

/// Reads the snapshot and shows it until the next local midnight, when "done today" may end.
public struct OneGoalProvider: TimelineProvider {
    public var store: OneGoalStoreTimeline

    public init(store: OneGoalStoreTimeline) {
        self.store = store
    }

    /// The sample goal WidgetKit draws redacted before the first timeline.
    public static let sampleGoal = Goal(
        title: "Read 20 pages", totalDays: 30, completedDays: 12, lastCompletedDate: nil, accent: nil)

    public func placeholder(in context: TimelineProviderContext) -> OneGoalEntry {
        OneGoalEntry(date: context.date, goal: Self.sampleGoal, state: .notDoneToday)
    }

    public func snapshot(in context: TimelineProviderContext) -> OneGoalEntry {
        entry(
            at: context.date, goal: store.goal(at: context.date, calendar: context.calendar) ?? Self.sampleGoal,
            calendar: context.calendar)
    }

    public func timeline(in context: TimelineProviderContext) throws -> Timeline<OneGoalEntry> {
        let goal = store.goal(at: context.date, calendar: context.calendar)
        let midnight = context.calendar.startOfNextDay(after: context.date)
        let entries = [
            entry(at: context.date, goal: goal, calendar: context.calendar),
            entry(at: midnight, goal: goal, calendar: context.calendar),
        ]
        // Reload at midnight: a real widget re-reads the snapshot then.
        return Timeline(entries: entries, policy: .atEnd)
    }

    func entry(at date: Date, goal: Goal?, calendar: Calendar) -> OneGoalEntry {
        OneGoalEntry(date: date, goal: goal, state: OneGoalRules.state(of: goal, today: calendar.localDate(of: date)))
    }
}
