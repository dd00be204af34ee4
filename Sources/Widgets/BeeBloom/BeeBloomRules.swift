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
        let diagnostics = validate(&cleaned, path: path)
        return (cleaned, diagnostics)
    }

    /// `validate(_:path:)` in place: a store of a million habits is checked and put in Today-view
    /// order without a second copy of them.
    static func validate(_ file: inout BeeBloomStoreFile, path: String) -> [Diagnostic] {
        let (groups, groupProblems) = validGroups(file.groups)
        file.groups = groups
        let habitProblems = validHabits(&file.habits, groups: Set(groups.map(\.id)))
        sortInTodayOrder(&file.habits, groups: groups)
        return (groupProblems + habitProblems).map { Diagnostic($0.severity, $0.message, file: path) }
    }

    /// Each group once, the first of an id kept; a colour that is not one is only reported.
    static func validGroups(_ groups: [BeeBloomStoreFile.Group]) -> ([BeeBloomStoreFile.Group], [Problem]) {
        var problems: [Problem] = []
        var seen: Set<String> = []
        let kept = groups.filter { group in
            guard seen.insert(group.id).inserted else {
                problems.append(.warning("groups: the id \"\(group.id.prefix(40))\" is used twice; the first is kept"))
                return false
            }
            if let color = group.color, HexColor(color) == nil {
                problems.append(
                    .warning(
                        "groups: \"\(group.id.prefix(40))\" has colour \"\(color.prefix(20))\", not #RGB or #RRGGBB; "
                            + "its habits show their own colours"))
            }
            return true
        }
        return (kept, problems)
    }

    /// A finding of validation, before it names its file.
    struct Problem {
        var severity: Diagnostic.Severity
        var message: String

        static func warning(_ message: String) -> Problem { Problem(severity: .warning, message: message) }
    }

    /// Each habit once, the first of an id kept, its title fit to show; a group that is not there,
    /// and weekdays outside 1…7, are dropped from it. A group that is not there is the app's own
    /// doing (clearing a habit's group keeps its id; TinyBase will not store null), so it is `info`.
    static func validHabits(_ habits: inout [BeeBloomStoreFile.Habit], groups: Set<String>) -> [Problem] {
        var problems: [Problem] = []
        var seen: Set<String> = []
        seen.reserveCapacity(habits.count)
        var kept = 0
        for index in habits.indices {
            guard seen.insert(habits[index].id).inserted else {
                problems.append(
                    .warning("habits: the id \"\(habits[index].id.prefix(40))\" is used twice; the first is kept"))
                continue
            }
            // Kept habits move down over the dropped ones, in their order.
            if kept != index { habits.swapAt(kept, index) }
            problems += fix(&habits[kept], groups: groups)
            kept += 1
        }
        habits.removeSubrange(kept...)
        return problems
    }

    /// One habit made fit to show: its title, and a group, weekdays or colour that cannot be used.
    static func fix(_ habit: inout BeeBloomStoreFile.Habit, groups: Set<String>) -> [Problem] {
        var problems: [Problem] = []
        habit.title = StoreText.displayable(habit.title)
        if let groupId = habit.groupId, !groups.contains(groupId) {
            problems.append(
                Problem(
                    severity: .info,
                    message: "habits: \"\(habit.id.prefix(40))\" is in group \"\(groupId.prefix(40))\", which does "
                        + "not exist; shown ungrouped"))
            habit.groupId = nil
        }
        if let weekdays = habit.weekdays, weekdays.contains(where: { !(1...7).contains($0) }) {
            problems.append(
                .warning(
                    "habits: \"\(habit.id.prefix(40))\" has weekdays \(weekdays.prefix(10)) outside 1…7; those "
                        + "are ignored"))
            habit.weekdays = weekdays.filter { (1...7).contains($0) }
        }
        if let color = habit.color, HexColor(color) == nil {
            problems.append(
                .warning(
                    "habits: \"\(habit.id.prefix(40))\" has colour \"\(color.prefix(20))\", not #RGB or #RRGGBB; "
                        + "shown without colour"))
            habit.color = nil
        }
        return problems
    }

    /// Whether a habit is scheduled on the local day of `date` (1 = Sunday … 7 = Saturday).
    static func isScheduled(_ habit: BeeBloomStoreFile.Habit, on date: Date, calendar: Calendar) -> Bool {
        guard let weekdays = habit.weekdays else { return true }
        return weekdays.contains(calendar.component(.weekday, from: date))
    }

    /// Today's habits in Today-view order: groups by `order`, habits by their `order` (the user's,
    /// in the real app), then `createdAt`, within a group; ungrouped habits after every group. Ties
    /// fall back to ids, so order is stable.
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
        var ordered = habits
        sortInTodayOrder(&ordered, groups: groups)
        return ordered
    }

    /// `inTodayOrder` in place: the keys and an order of indices are made, then the habits are
    /// moved along its cycles, so no second array of habits is ever held.
    static func sortInTodayOrder(_ habits: inout [BeeBloomStoreFile.Habit], groups: [BeeBloomStoreFile.Group]) {
        let groupRank = ranks(groups)
        let keys = habits.map { ($0.groupId.flatMap { groupRank[$0] } ?? Int.max, $0.order, $0.createdAt) }
        func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
            let (left, right) = (keys[lhs], keys[rhs])
            if left != right { return left < right }
            return habits[lhs].id < habits[rhs].id
        }
        let indices = Array(habits.indices)
        if zip(indices, indices.dropFirst()).allSatisfy({ !precedes($1, $0) }) { return }
        let order = indices.sorted(by: precedes)
        var placed = [Bool](repeating: false, count: habits.count)
        for start in habits.indices where !placed[start] {
            let first = habits[start]
            var current = start
            while true {
                placed[current] = true
                let next = order[current]
                if next == start {
                    habits[current] = first
                    break
                }
                habits[current] = habits[next]
                current = next
            }
        }
    }

    /// Today's habits with no completion within the local day of `date`.
    static func incompleteHabits(in file: BeeBloomStoreFile, on date: Date, calendar: Calendar) -> [BeeBloomToday.Habit]
    {
        let done = completedIds(in: file, on: date, calendar: calendar)
        let colors = groupColors(file)
        return todaysHabits(in: file, on: date, calendar: calendar)
            .filter { !done.contains($0.id) }
            .map { BeeBloomToday.Habit(id: $0.id, title: $0.title, color: color(of: $0, groupColors: colors)) }
    }

    /// `incompleteHabits` as an entry keeps it, in one pass that copies no habit: every simulated
    /// read asks, and a store can hold 100k habits. When the habits are not in Today-view order
    /// (the app created one during the day), falls back to `incompleteHabits`.
    static func todayList(in file: BeeBloomStoreFile, on date: Date, calendar: Calendar) -> BeeBloomToday {
        let done = completedIds(in: file, on: date, calendar: calendar)
        let colors = groupColors(file)
        let groupRank = ranks(file.groups)
        let weekday = calendar.component(.weekday, from: date)
        // Read in place: an array's element read by index is a copy of the habit (its strings
        // retained) in a build without optimisation, which `make test` runs on 200,000 habits.
        let today: BeeBloomToday? = file.habits.withUnsafeBufferPointer { habits in
            var leading: [BeeBloomToday.Habit] = []
            var count = 0
            // The last habit kept, and its group's rank: -1 before the first.
            var (previousRank, previousIndex) = (0, -1)
            for index in 0..<habits.count {
                guard !habits[index].archived, habits[index].weekdays?.contains(weekday) ?? true,
                    !done.contains(habits[index].id)
                else { continue }
                let rank = habits[index].groupId.flatMap { groupRank[$0] } ?? Int.max
                if previousIndex >= 0, !precedes(habits, previousIndex, rank: previousRank, index, rank: rank) {
                    return nil
                }
                (previousRank, previousIndex) = (rank, index)
                count += 1
                if leading.count < BeeBloomCapacity.mostRows {
                    leading.append(
                        BeeBloomToday.Habit(
                            id: habits[index].id, title: habits[index].title,
                            color: color(of: habits[index], groupColors: colors)))
                }
            }
            return BeeBloomToday(leading: leading, count: count)
        }
        return today ?? BeeBloomToday(incompleteHabits(in: file, on: date, calendar: calendar))
    }

    /// Whether habit `first` (of group rank `rank`) comes before habit `second` in the Today view:
    /// by group, then order, creation and id. Field by field, read in place: a comparison of tuples
    /// looks up their type's metadata at each call in a build without optimisation, and a habit
    /// passed is a copy.
    static func precedes(
        _ habits: UnsafeBufferPointer<BeeBloomStoreFile.Habit>, _ first: Int, rank: Int, _ second: Int,
        rank secondRank: Int
    ) -> Bool {
        if rank != secondRank { return rank < secondRank }
        if habits[first].order != habits[second].order { return habits[first].order < habits[second].order }
        if habits[first].createdAt != habits[second].createdAt {
            return habits[first].createdAt < habits[second].createdAt
        }
        return habits[first].id < habits[second].id
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

    /// The colour a habit's row shows: its group's (the spec's), or where the group has none (the
    /// real app never sets one), the habit's own, as the shipped widget shows it.
    static func color(of habit: BeeBloomStoreFile.Habit, groupColors: [String: HexColor?]) -> HexColor? {
        habit.groupId.flatMap { groupColors[$0] ?? nil } ?? habit.color.flatMap(HexColor.init)
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
