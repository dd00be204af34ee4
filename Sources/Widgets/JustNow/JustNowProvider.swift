import Foundation
import WidgetTimeline

/// What a Just Now widget shows from `date` on.
struct JustNowEntry: TimelineEntry, Hashable {
    var date: Date
    var since: JustNowTimeSince
    var prompt: JustNowPrompt?
}

/// Entries wherever the shown text would change, at least 5 minutes apart, until the next
/// local midnight; then `.atEnd`. One timeline covers the day, so it costs two budgeted
/// reloads, not dozens (frequent updates are a non-goal: docs/widgets/justnow.md#timeline).
struct JustNowProvider: TimelineProvider {
    var store: JustNowStoreTimeline
    var rotation: JustNowPromptRotation
    /// Entries are never closer than this.
    static let entrySpacing: TimeInterval = 5 * 60

    init(store: JustNowStoreTimeline, rotation: JustNowPromptRotation) {
        self.store = store
        self.rotation = rotation
    }

    func placeholder(in context: TimelineProviderContext) -> JustNowEntry {
        JustNowEntry(date: context.date, since: .hours(2), prompt: rotation.prompts.first)
    }

    func snapshot(in context: TimelineProviderContext) -> JustNowEntry {
        entry(at: context.date, calendar: context.calendar)
    }

    func timeline(in context: TimelineProviderContext) -> Timeline<JustNowEntry> {
        let dates = entryDates(from: context.date, calendar: context.calendar)
        return Timeline(entries: dates.map { entry(at: $0, calendar: context.calendar) }, policy: .atEnd)
    }

    func entry(at date: Date, calendar: Calendar) -> JustNowEntry {
        JustNowEntry(
            date: date, since: JustNowTimeSince(lastEnded: store.lastEnded(at: date), now: date, calendar: calendar),
            prompt: rotation.prompt(at: date, calendar: calendar))
    }

    /// `start`, then each moment the shown text would change (a new minute while it reads
    /// minutes, a new hour, a local midnight, a prompt boundary, a session ending), but never
    /// sooner than `entrySpacing` after the previous entry: so minutes step by 5, and nothing
    /// lags by more than 5 minutes. The last entry is the first at or after the local midnight
    /// that follows `start` by at least the spacing; the timeline reloads there (`.atEnd`).
    func entryDates(from start: Date, calendar: Calendar) -> [Date] {
        let spacing = Self.entrySpacing
        let closing = calendar.startOfNextDay(after: start + spacing)
        // Every midnight and prompt boundary the walk can reach, worked out once: the calendar
        // arithmetic behind them is the costly part, and the walk asks hundreds of times.
        let anchors = Anchors(
            rotation.boundaries(
                in: DateInterval(start: start, end: calendar.startOfNextDay(after: closing)), calendar: calendar)
                + [calendar.startOfNextDay(after: start), closing])
        var dates = [start]
        var current = start
        while current < closing {
            let change = nextChange(after: current, anchors: anchors, calendar: calendar)
            var next = max(current + spacing, change)
            // A midnight or prompt boundary just after: land on it instead, when the text
            // that changed at `change` is not late by more than the spacing there. So
            // "Yesterday" shows at 12:00 AM sharp rather than at 12:02 AM.
            let anchor = anchors.first(after: current)
            if anchor > next, anchor < next + spacing, anchor.timeIntervalSince(change) <= spacing {
                next = anchor
            }
            current = next
            dates.append(current)
        }
        return dates
    }

    /// The local midnights and prompt boundaries of a stretch of time, in order.
    struct Anchors {
        let dates: [Date]

        init(_ dates: [Date]) {
            self.dates = Array(Set(dates)).sorted()
        }

        /// The first after `date`. The walk never passes the last one, the midnight after its end.
        func first(after date: Date) -> Date {
            var low = 0
            var high = dates.count
            while low < high {
                let middle = (low + high) / 2
                if dates[middle] <= date { low = middle + 1 } else { high = middle }
            }
            return low < dates.count ? dates[low] : dates[dates.count - 1]
        }
    }

    /// The first moment after `date` when the time since, the prompt or the last session changes.
    func nextChange(after date: Date, anchors: Anchors, calendar: Calendar) -> Date {
        var candidates = [anchors.first(after: date)]
        if let ending = store.nextEnd(after: date) { candidates.append(ending) }
        if let last = store.lastEnded(at: date) {
            let elapsed = date.timeIntervalSince(last)
            if elapsed < 3600 {
                candidates.append(last + (floor(elapsed / 60) + 1) * 60)
            } else if calendar.isDate(last, inSameDayAs: date) {
                candidates.append(last + (floor(elapsed / 3600) + 1) * 3600)
            }
        }
        return candidates.min()!
    }
}

/// The Control Center control has no timeline: it always offers to start.
struct JustNowControlProvider: TimelineProvider {
    struct Entry: TimelineEntry, Hashable {
        var date: Date
    }

    func placeholder(in context: TimelineProviderContext) -> Entry { Entry(date: context.date) }
    func snapshot(in context: TimelineProviderContext) -> Entry { Entry(date: context.date) }
    func timeline(in context: TimelineProviderContext) -> Timeline<Entry> {
        Timeline(entries: [Entry(date: context.date)], policy: .never)
    }
}
