import AppGroupStore
import Foundation
import GlimpseCore
import WidgetTimeline

/// BeeBloom's rules (docs/widgets/beebloom.md#order-and-schedule): today's incomplete habits in
/// Today-view order.
enum BeeBloomRules {
    /// Checks a decoded file and drops what cannot be shown, with diagnostics naming `path`.
    static func validate(_ file: BeeBloomStoreFile, path: String) -> (BeeBloomStoreFile, [Diagnostic]) {
        var cleaned = file
        let (groups, groupProblems) = validGroups(file.groups)
        let (habits, habitProblems) = validHabits(file.habits, groups: Set(groups.map(\.id)))
        cleaned.groups = groups
        cleaned.habits = inTodayOrder(habits, groups: groups)
        let diagnostics = (groupProblems + habitProblems).map { Diagnostic(.warning, $0, file: path) }
        return (cleaned, diagnostics)
    }

    /// Each group once, the first of an id kept; a colour that is not one is only reported.
    static func validGroups(_ groups: [BeeBloomStoreFile.Group]) -> ([BeeBloomStoreFile.Group], [String]) {
        var problems: [String] = []
        var seen: Set<String> = []
        let kept = groups.filter { group in
            guard seen.insert(group.id).inserted else {
                problems.append("groups: the id \"\(group.id.prefix(40))\" is used twice; the first is kept")
                return false
            }
            if let color = group.color, HexColor(color) == nil {
                problems.append(
                    "groups: \"\(group.id.prefix(40))\" has colour \"\(color.prefix(20))\", not #RGB or #RRGGBB; "
                        + "shown without colour")
            }
            return true
        }
        return (kept, problems)
    }

    /// Each habit once, the first of an id kept, its title fit to show; a group that is not there,
    /// and weekdays outside 1…7, are dropped from it.
    static func validHabits(
        _ habits: [BeeBloomStoreFile.Habit], groups: Set<String>
    ) -> ([BeeBloomStoreFile.Habit], [String]) {
        var problems: [String] = []
        var seen: Set<String> = []
        let kept = habits.compactMap { habit -> BeeBloomStoreFile.Habit? in
            guard seen.insert(habit.id).inserted else {
                problems.append("habits: the id \"\(habit.id.prefix(40))\" is used twice; the first is kept")
                return nil
            }
            var habit = habit
            habit.title = StoreText.displayable(habit.title)
            if let groupId = habit.groupId, !groups.contains(groupId) {
                problems.append(
                    "habits: \"\(habit.id.prefix(40))\" is in group \"\(groupId.prefix(40))\", which does not "
                        + "exist; shown ungrouped")
                habit.groupId = nil
            }
            if let weekdays = habit.weekdays, weekdays.contains(where: { !(1...7).contains($0) }) {
                problems.append(
                    "habits: \"\(habit.id.prefix(40))\" has weekdays \(weekdays.prefix(10)) outside 1…7; those "
                        + "are ignored")
                habit.weekdays = weekdays.filter { (1...7).contains($0) }
            }
            return habit
        }
        return (kept, problems)
    }

    /// Whether a habit is scheduled on the local day of `date` (1 = Sunday … 7 = Saturday).
    static func isScheduled(_ habit: BeeBloomStoreFile.Habit, on date: Date, calendar: Calendar) -> Bool {
        guard let weekdays = habit.weekdays else { return true }
        return weekdays.contains(calendar.component(.weekday, from: date))
    }

    /// Today's habits in Today-view order: groups by `order`, habits by `createdAt` within a
    /// group, ungrouped habits after every group. Ties fall back to ids, so order is stable.
    static func todaysHabits(in file: BeeBloomStoreFile, on date: Date, calendar: Calendar) -> [BeeBloomStoreFile.Habit]
    {
        let scheduled = file.habits.filter { !$0.archived && isScheduled($0, on: date, calendar: calendar) }
        return inTodayOrder(scheduled, groups: file.groups)
    }

    /// Habits in Today-view order. Each key is worked out once, and a list already in order
    /// (as `validate` leaves the file) is not sorted again: stores hold thousands of habits,
    /// and every simulated read asks.
    static func inTodayOrder(
        _ habits: [BeeBloomStoreFile.Habit], groups: [BeeBloomStoreFile.Group]
    ) -> [BeeBloomStoreFile.Habit] {
        let groupRank = ranks(groups)
        let keyed = habits.map { (rank: $0.groupId.flatMap { groupRank[$0] } ?? Int.max, habit: $0) }
        func precedes(
            _ lhs: (rank: Int, habit: BeeBloomStoreFile.Habit), _ rhs: (rank: Int, habit: BeeBloomStoreFile.Habit)
        ) -> Bool {
            (lhs.rank, lhs.habit.createdAt, lhs.habit.id) < (rhs.rank, rhs.habit.createdAt, rhs.habit.id)
        }
        if zip(keyed, keyed.dropFirst()).allSatisfy({ !precedes($1, $0) }) { return habits }
        return keyed.sorted(by: precedes).map(\.habit)
    }

    /// Today's habits with no completion within the local day of `date`.
    static func incompleteHabits(in file: BeeBloomStoreFile, on date: Date, calendar: Calendar) -> [BeeBloomToday.Habit]
    {
        let done = completedIds(in: file, on: date, calendar: calendar)
        let colors = groupColors(file)
        return todaysHabits(in: file, on: date, calendar: calendar)
            .filter { !done.contains($0.id) }
            .map { BeeBloomToday.Habit(id: $0.id, title: $0.title, color: $0.groupId.flatMap { colors[$0] ?? nil }) }
    }

    /// `incompleteHabits` as an entry keeps it, in one pass that copies no habit: every simulated
    /// read asks, and a store can hold 100k habits. When the habits are not in Today-view order
    /// (the app created one during the day), falls back to `incompleteHabits`.
    static func todayList(in file: BeeBloomStoreFile, on date: Date, calendar: Calendar) -> BeeBloomToday {
        let done = completedIds(in: file, on: date, calendar: calendar)
        let colors = groupColors(file)
        let groupRank = ranks(file.groups)
        let weekday = calendar.component(.weekday, from: date)
        let habits = file.habits
        var leading: [BeeBloomToday.Habit] = []
        var count = 0
        var previous: (rank: Int, index: Int)?
        for index in habits.indices {
            guard !habits[index].archived, habits[index].weekdays?.contains(weekday) ?? true,
                !done.contains(habits[index].id)
            else { continue }
            let rank = habits[index].groupId.flatMap { groupRank[$0] } ?? Int.max
            if let (before, last) = previous {
                guard
                    (before, habits[last].createdAt, habits[last].id) < (
                        rank, habits[index].createdAt, habits[index].id
                    )
                else {
                    return BeeBloomToday(incompleteHabits(in: file, on: date, calendar: calendar))
                }
            }
            previous = (rank, index)
            count += 1
            if leading.count < BeeBloomCapacity.mostRows {
                leading.append(
                    BeeBloomToday.Habit(
                        id: habits[index].id, title: habits[index].title,
                        color: habits[index].groupId.flatMap { colors[$0] ?? nil }))
            }
        }
        return BeeBloomToday(leading: leading, count: count)
    }

    static func completedIds(in file: BeeBloomStoreFile, on date: Date, calendar: Calendar) -> Set<String> {
        let day =
            calendar.dateInterval(of: .day, for: date)
            ?? DateInterval(start: calendar.startOfDay(for: date), duration: 86_400)
        var done: Set<String> = []
        for completion in file.completions where day.start <= completion.completedAt && completion.completedAt < day.end
        {
            done.insert(completion.habitId)
        }
        return done
    }

    static func groupColors(_ file: BeeBloomStoreFile) -> [String: HexColor?] {
        Dictionary(
            file.groups.map { ($0.id, $0.color.flatMap(HexColor.init)) }, uniquingKeysWith: { first, _ in first })
    }

    /// Each group's place in the Today view: by `order`, then id.
    static func ranks(_ groups: [BeeBloomStoreFile.Group]) -> [String: Int] {
        Dictionary(
            groups.sorted { ($0.order, $0.id) < ($1.order, $1.id) }.enumerated().map { ($1.id, $0) },
            uniquingKeysWith: { first, _ in first })
    }
}
