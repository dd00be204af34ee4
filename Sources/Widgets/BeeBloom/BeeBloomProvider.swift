import Foundation
import WidgetTimeline

/// What the widget shows from `date` on: today's incomplete habits, or why there are none.
struct BeeBloomEntry: TimelineEntry, Hashable {
    enum Content: Hashable, Sendable {
        case noHabits
        case unreadable
        /// Incomplete habits in Today-view order; empty when everything is done.
        case incomplete(BeeBloomToday)
    }

    var date: Date
    var content: Content
}

/// Today's incomplete habits as an entry holds them: the first few, as many as the largest family
/// shows, and how many there are, which is all "+N more" needs. Every entry of a simulated day
/// held the whole list before: a store of 100k habits filled hundreds of megabytes with them.
struct BeeBloomToday: Hashable, Sendable {
    /// The first habits in Today-view order, at most `BeeBloomCapacity.mostRows`.
    var leading: [BeeBloomToday.Habit]
    /// How many habits are incomplete, `leading` included.
    var count: Int

    init(_ habits: [BeeBloomToday.Habit]) {
        self.init(leading: Array(habits.prefix(BeeBloomCapacity.mostRows)), count: habits.count)
    }

    init(leading: [BeeBloomToday.Habit], count: Int) {
        self.leading = leading
        self.count = count
    }

    var isEmpty: Bool { count == 0 }
}

/// Reads the store, and shows today's list until each local midnight, when every habit of the
/// new day's schedule is incomplete again (docs/widgets/beebloom.md#timeline).
struct BeeBloomProvider: TimelineProvider {
    var store: BeeBloomStoreTimeline

    init(store: BeeBloomStoreTimeline) {
        self.store = store
    }

    static let sampleHabits = [
        BeeBloomToday.Habit(id: "sample-1", title: "Drink a glass of water", color: HexColor("#8CC7A1")),
        BeeBloomToday.Habit(id: "sample-2", title: "Stretch for five minutes", color: HexColor("#F2B5C4")),
        BeeBloomToday.Habit(id: "sample-3", title: "Read ten pages", color: nil),
    ]

    func placeholder(in context: TimelineProviderContext) -> BeeBloomEntry {
        BeeBloomEntry(date: context.date, content: .incomplete(BeeBloomToday(Self.sampleHabits)))
    }

    func snapshot(in context: TimelineProviderContext) -> BeeBloomEntry {
        (try? timeline(in: context).entries.first) ?? placeholder(in: context)
    }

    func timeline(in context: TimelineProviderContext) throws -> Timeline<BeeBloomEntry> {
        let loaded = try store.read(at: context.date)
        // Every midnight of the next 24 h, and always the next one, so `.atEnd` reloads at a midnight.
        var midnights = context.calendar.midnights(in: DateInterval(start: context.date, duration: 24 * 3600))
        if midnights.isEmpty { midnights = [context.calendar.startOfNextDay(after: context.date)] }
        let dates = [context.date] + midnights
        let entries = dates.map { date in
            BeeBloomEntry(date: date, content: Self.content(of: loaded, on: date, calendar: context.calendar))
        }
        // The last entry is a midnight: reload then, to read the new day's completions.
        return Timeline(entries: entries, policy: .atEnd)
    }

    static func content(
        of loaded: BeeBloomStoreTimeline.Loaded, on date: Date, calendar: Calendar
    ) -> BeeBloomEntry.Content {
        switch loaded {
        case .empty: return .noHabits
        case .unreadable: return .unreadable
        case .file(let file):
            guard file.habits.contains(where: { !$0.archived }) else { return .noHabits }
            return .incomplete(BeeBloomRules.todayList(in: file, on: date, calendar: calendar))
        }
    }
}

extension BeeBloomToday {
    /// A habit as the widget shows it.
    struct Habit: Hashable, Sendable {
        var id: String
        var title: String
        /// The group's colour, when the habit is in a group that has a valid one.
        var color: HexColor?
    }
}
