import Foundation
import WidgetTimeline

/// What the widget shows from `date` on: today's incomplete habits, or why there are none.
public struct BeeBloomEntry: TimelineEntry, Hashable {
    public enum Content: Hashable, Sendable {
        case noHabits
        case unreadable
        /// Incomplete habits in Today-view order; empty when everything is done.
        case incomplete(TodayList)
    }

    public var date: Date
    public var content: Content
}

/// Today's incomplete habits as an entry holds them: the first few, as many as the largest family
/// shows, and how many there are, which is all "+N more" needs. Every entry of a simulated day
/// held the whole list before: a store of 100k habits filled hundreds of megabytes with them.
public struct TodayList: Hashable, Sendable {
    /// The first habits in Today-view order, at most `HabitCapacity.mostRows`.
    public var leading: [TodayHabit]
    /// How many habits are incomplete, `leading` included.
    public var count: Int

    public init(_ habits: [TodayHabit]) {
        self.init(leading: Array(habits.prefix(HabitCapacity.mostRows)), count: habits.count)
    }

    public init(leading: [TodayHabit], count: Int) {
        self.leading = leading
        self.count = count
    }

    public var isEmpty: Bool { count == 0 }
}

/// Reads the store, and shows today's list until each local midnight, when every habit of the
/// new day's schedule is incomplete again (docs/widgets/beebloom.md#timeline).
public struct BeeBloomProvider: TimelineProvider {
    public var store: BeeBloomStore

    public init(store: BeeBloomStore) {
        self.store = store
    }

    static let sampleHabits = [
        TodayHabit(id: "sample-1", title: "Drink a glass of water", color: HexColor("#8CC7A1")),
        TodayHabit(id: "sample-2", title: "Stretch for five minutes", color: HexColor("#F2B5C4")),
        TodayHabit(id: "sample-3", title: "Read ten pages", color: nil),
    ]

    public func placeholder(in context: TimelineProviderContext) -> BeeBloomEntry {
        BeeBloomEntry(date: context.date, content: .incomplete(TodayList(Self.sampleHabits)))
    }

    public func snapshot(in context: TimelineProviderContext) -> BeeBloomEntry {
        (try? timeline(in: context).entries.first) ?? placeholder(in: context)
    }

    public func timeline(in context: TimelineProviderContext) throws -> Timeline<BeeBloomEntry> {
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

    static func content(of loaded: BeeBloomStore.Loaded, on date: Date, calendar: Calendar) -> BeeBloomEntry.Content {
        switch loaded {
        case .empty: return .noHabits
        case .unreadable: return .unreadable
        case .file(let file):
            guard file.habits.contains(where: { !$0.archived }) else { return .noHabits }
            return .incomplete(HabitRules.todayList(in: file, on: date, calendar: calendar))
        }
    }
}

/// The iOS 17 App Intent behind a tap on a habit row: completes it without opening the app.
public struct CompleteHabitIntent: Hashable, Sendable {
    public var habitId: String

    public init(habitId: String) {
        self.habitId = habitId
    }

    /// The deep link a row carries, and iOS 14–16 opens instead.
    public var url: String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#")
        return "beebloom://complete?habit=\(habitId.addingPercentEncoding(withAllowedCharacters: allowed) ?? habitId)"
    }

    /// The intent a row's link stands for; `nil` for any other link.
    public init?(url: String) {
        guard let components = URLComponents(string: url), components.scheme == "beebloom",
            components.host == "complete",
            let habit = components.queryItems?.first(where: { $0.name == "habit" })?.value, !habit.isEmpty
        else { return nil }
        habitId = habit
    }

    /// Adds a completion stamped with the tap time to a copy of the store.
    public func perform(on store: BeeBloomStore, at date: Date) -> BeeBloomStore {
        store.adding(.complete(habit: habitId), at: date)
    }
}
