import AppGroupStore
import Foundation
import GlimpseCore
import WidgetTimeline

/// One Goal's rules (docs/widgets/onegoal.md): day-gating and the sanity checks on a snapshot.
enum OneGoalRules {
    /// The longest goal the widget draws. Anything above is a corrupt snapshot, not a grid of 10⁹ cells.
    static let totalDaysRange = 1...1000

    /// The goal can be marked done once per local calendar day (docs/widgets/onegoal.md#day-gating).
    static func canMarkDone(today: LocalDate, lastCompletedDate: LocalDate?) -> Bool {
        guard let lastCompletedDate else { return true }
        return lastCompletedDate != today
    }

    /// The state a goal shows on `today`.
    static func state(of goal: OneGoalProgress?, today: LocalDate) -> OneGoalState {
        guard let goal else { return .noGoal }
        if goal.isComplete { return .complete }
        return canMarkDone(today: today, lastCompletedDate: goal.lastCompletedDate) ? .notDoneToday : .doneToday
    }

    /// Checks a snapshot. Out-of-range counts make the whole goal a fallback; a bad colour or
    /// date only loses that field.
    ///
    /// - Parameter file: the snapshot's name, for diagnostics.
    /// - Returns: the goal, or `nil` for the fallback, and what was wrong.
    static func validate(
        _ snapshot: OneGoalStoreFile, file: String
    ) -> (goal: OneGoalProgress?, diagnostics: [Diagnostic]) {
        let fatal = countProblems(snapshot)
        guard fatal.isEmpty else { return (nil, fatal.map { Diagnostic(.warning, $0, file: file) }) }
        var problems: [String] = []
        var lastCompleted: LocalDate?
        if let text = snapshot.lastCompletedDate {
            lastCompleted = LocalDate(iso: text)
            if lastCompleted == nil {
                problems.append("lastCompletedDate: \"\(text.prefix(40))\" is not a YYYY-MM-DD date; treated as never")
            }
        }
        var accent: HexColor?
        if let text = snapshot.accentColor {
            accent = HexColor(text)
            if accent == nil {
                problems.append("accentColor: \"\(text.prefix(40))\" is not #RGB or #RRGGBB; using the default")
            }
        }
        if snapshot.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            problems.append("title: empty; showing the untitled copy")
        }
        let goal = OneGoalProgress(
            title: StoreText.displayable(snapshot.title), totalDays: snapshot.totalDays,
            completedDays: snapshot.completedDays, lastCompletedDate: lastCompleted, accent: accent)
        return (goal, problems.map { Diagnostic(.warning, $0, file: file) })
    }

    /// What makes the counts impossible: each shows the no-goal state.
    static func countProblems(_ snapshot: OneGoalStoreFile) -> [String] {
        var problems: [String] = []
        if !totalDaysRange.contains(snapshot.totalDays) {
            problems.append(
                "totalDays: \(snapshot.totalDays) is outside "
                    + "\(totalDaysRange.lowerBound)…\(totalDaysRange.upperBound); showing the no-goal state")
        }
        if snapshot.completedDays < 0 {
            problems.append("completedDays: \(snapshot.completedDays) is negative; showing the no-goal state")
        } else if snapshot.completedDays > snapshot.totalDays {
            problems.append(
                "completedDays: \(snapshot.completedDays) is more than totalDays (\(snapshot.totalDays)); "
                    + "showing the no-goal state")
        }
        return problems
    }

    /// As the app does it on "Mark as done": ignored when already done today or complete
    /// (docs/widgets/onegoal.md#day-gating).
    static func markDone(_ goal: OneGoalProgress, today: LocalDate) -> OneGoalProgress {
        guard !goal.isComplete, canMarkDone(today: today, lastCompletedDate: goal.lastCompletedDate) else {
            return goal
        }
        var updated = goal
        updated.completedDays += 1
        updated.lastCompletedDate = today
        return updated
    }
}
