import Foundation

/// The most recent weight and the goal, as the widget shows them (docs/widgets/w8trackr.md#weight-and-goal).
struct W8TrackrSummary: Hashable, Sendable {
    var current: Double
    var unit: W8TrackrUnit
    var date: Date
    var goal: GoalProgress?
    /// Change since the latest entry at least 7 days older than `now`, when there is one.
    var weekChange: Double?

    /// The weight as the widget shows it: whole, cut toward zero as the shipped widget's
    /// `Int(weightValue(in:))` cuts it (179.9 shows 179).
    var shownWeight: Int { Self.whole(current) }

    /// A weight cut to the whole number the widget shows; 0 for one no widget could show.
    static func whole(_ value: Double) -> Int {
        value.isFinite && abs(value) < 1e9 ? Int(value) : 0
    }

    struct GoalProgress: Hashable, Sendable {
        var goal: Double
        var start: Double
        /// Still to go toward the goal, in its direction; 0 once reached.
        var remaining: Double
        /// (start − current) ÷ (start − goal), clamped to 0…1.
        var fraction: Double
        var reached: Bool
        var losing: Bool
        /// Still to go as the widget shows it: the whole weight shown to the whole goal, as the
        /// shipped widget works it out from the two `Int`s; never below 0.
        var shownRemaining: Int
    }

    static func of(_ data: W8TrackrLog, at now: Date) -> W8TrackrSummary? {
        let known = data.entries.filter { $0.date <= now }
        guard let latest = known.last, let first = known.first else { return nil }
        let current = latest.value(in: data.unit)
        var progress: GoalProgress?
        if let goal = data.goal {
            let start = first.value(in: data.unit)
            let losing = goal < start
            let remaining = losing ? current - goal : goal - current
            let span = start - goal
            let fraction = span == 0 ? 1 : min(max((start - current) / span, 0), 1)
            // Reached when the whole weight shown meets the whole goal: the widget's figures agree
            // (165.4 lb toward 165 shows 165 lb and "Goal reached!", never "0 lb to goal").
            let shown = losing ? whole(current) - whole(goal) : whole(goal) - whole(current)
            progress = GoalProgress(
                goal: goal, start: start, remaining: max(remaining, 0), fraction: shown <= 0 ? 1 : fraction,
                reached: shown <= 0, losing: losing, shownRemaining: max(shown, 0))
        }
        let weekAgo = known.last { $0.date <= now - 7 * 86_400 }
        return W8TrackrSummary(
            current: current, unit: data.unit, date: latest.date, goal: progress,
            weekChange: weekAgo.map { current - $0.value(in: data.unit) })
    }
}
