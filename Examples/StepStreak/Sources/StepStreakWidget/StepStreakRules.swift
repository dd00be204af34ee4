import Foundation
import GlimpseKit

/// Step Streak's rules (README.md#rules), as pure functions of the history, a date and a calendar.
enum StepStreakRules {
    /// Goals the widget draws: anything else is a corrupt file.
    static let goalRange = 100...100_000
    /// The most steps a day may have: more is a corrupt file, not a figure to draw.
    static let maximumSteps = 1_000_000

    /// Where the streak stands at `date`, in its local day.
    static func progress(of history: StepStreakHistory, at date: Date, calendar: Calendar) -> StepStreakProgress {
        let today = calendar.localDate(of: date)
        let steps = history.steps(on: today, asOf: date)
        var streak = 0
        var day = previous(today, calendar: calendar)
        // A history has a day per entry at most: a streak is no longer than the file.
        while let earlier = day, streak <= history.days.count, history.steps(on: earlier, asOf: date) >= history.goal {
            streak += 1
            day = previous(earlier, calendar: calendar)
        }
        let met = steps >= history.goal
        let state: StepStreakState = met ? .kept : streak > 0 ? .atRisk : .noStreak
        return StepStreakProgress(steps: steps, goal: history.goal, streak: met ? streak + 1 : streak, state: state)
    }

    /// The local day before `day`.
    static func previous(_ day: LocalDate, calendar: Calendar) -> LocalDate? {
        calendar.noon(of: day).flatMap { calendar.date(byAdding: .day, value: -1, to: $0) }.map(calendar.localDate(of:))
    }

    /// The file as the widget may use it, or `nil` and why not.
    static func validate(_ file: StepStreakStoreFile, file name: String) -> (StepStreakHistory?, [Diagnostic]) {
        guard goalRange.contains(file.goal) else {
            return (
                nil, [Diagnostic(.warning, "goal: \(file.goal) is outside 100…100000; showing no data", file: name)]
            )
        }
        var days: [LocalDate: Int] = [:]
        var problems: [Diagnostic] = []
        for (index, day) in file.days.enumerated() {
            guard let date = LocalDate(iso: day.date), (0...maximumSteps).contains(day.steps) else {
                problems.append(
                    Diagnostic(
                        .warning, "days[\(index)]: \"\(day.date.prefix(20))\", \(day.steps): left out", file: name))
                continue
            }
            days[date] = day.steps
        }
        return (StepStreakHistory(goal: file.goal, days: days), problems)
    }
}

/// The history as the widget reads it: each local day's steps, and the walks the day adds.
struct StepStreakHistory: Hashable, Sendable {
    var goal: Int
    var days: [LocalDate: Int]
    /// Walks the scenario scripts, each added to its day's steps from its time on.
    var walks: [Walk] = []

    struct Walk: Hashable, Sendable {
        var at: Date
        var day: LocalDate
        var steps: Int
    }

    /// `day`'s steps as the app has counted them by `date`.
    func steps(on day: LocalDate, asOf date: Date) -> Int {
        walks.filter { $0.day == day && $0.at <= date }.reduce(days[day] ?? 0) { $0 + $1.steps }
    }
}

/// Where the streak stands at one moment.
struct StepStreakProgress: Hashable, Sendable {
    var steps: Int
    var goal: Int
    /// Days in a row the goal was met, today included once it is.
    var streak: Int
    var state: StepStreakState
}
