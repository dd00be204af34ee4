import Foundation
import GlimpseKit

/// One frame: where the streak stands at `date`.
struct StepStreakEntry: TimelineEntry, Hashable {
    var date: Date
    /// `nil` in the no-data state.
    var progress: StepStreakProgress?

    var state: StepStreakState { progress?.state ?? .noData }
}

/// As the widget's provider would be: now, then the next local midnight, when today's steps start
/// at zero and a streak not kept ends (README.md#rules). It reloads then, as the app has a new day.
struct StepStreakProvider: TimelineProvider {
    var history: StepStreakHistory?

    func placeholder(in context: TimelineProviderContext) -> StepStreakEntry {
        StepStreakEntry(
            date: context.date, progress: StepStreakProgress(steps: 4_200, goal: 8_000, streak: 6, state: .atRisk))
    }

    func snapshot(in context: TimelineProviderContext) -> StepStreakEntry {
        entry(at: context.date, calendar: context.calendar)
    }

    func timeline(in context: TimelineProviderContext) throws -> Timeline<StepStreakEntry> {
        let midnight = context.calendar.startOfNextDay(after: context.date)
        let entries = [
            entry(at: context.date, calendar: context.calendar), entry(at: midnight, calendar: context.calendar),
        ]
        return Timeline(entries: entries, policy: .atEnd)
    }

    func entry(at date: Date, calendar: Calendar) -> StepStreakEntry {
        StepStreakEntry(
            date: date, progress: history.map { StepStreakRules.progress(of: $0, at: date, calendar: calendar) })
    }
}
