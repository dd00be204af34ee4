import Foundation
import GlimpseKit

/// One frame's data: the count and goal at `date`, and its state.
struct WaterIntakeEntry: TimelineEntry, Hashable {
    var date: Date
    var count: Int
    var goal: Int
    var state: WaterIntakeState
}

/// As the widget's `TimelineProvider` would be: the count now, then 0 at the next local midnight.
struct WaterIntakeProvider: TimelineProvider {
    /// The store's file; `nil` when there is none to show.
    var file: WaterIntakeStoreFile?

    func placeholder(in context: TimelineProviderContext) -> WaterIntakeEntry {
        WaterIntakeEntry(date: context.date, count: 3, goal: 8, state: .counting)
    }

    func snapshot(in context: TimelineProviderContext) -> WaterIntakeEntry {
        entry(at: context.date, calendar: context.calendar)
    }

    func timeline(in context: TimelineProviderContext) throws -> Timeline<WaterIntakeEntry> {
        let midnight = context.calendar.startOfNextDay(after: context.date)
        let entries = [
            entry(at: context.date, calendar: context.calendar), entry(at: midnight, calendar: context.calendar),
        ]
        // Reload after midnight, when the app may have written the new day's count.
        return Timeline(entries: entries, policy: .atEnd)
    }

    func entry(at date: Date, calendar: Calendar) -> WaterIntakeEntry {
        guard let file else { return WaterIntakeEntry(date: date, count: 0, goal: 0, state: .noData) }
        let count = WaterIntakeRules.count(file, at: date, calendar: calendar)
        return WaterIntakeEntry(
            date: date, count: count, goal: file.goal, state: WaterIntakeRules.state(count: count, goal: file.goal))
    }
}
