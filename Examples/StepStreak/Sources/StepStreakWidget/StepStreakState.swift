import GlimpseKit

/// Every state a Step Streak frame can be in.
public enum StepStreakState: String, WidgetState {
    /// No container, no file, or a file that failed its checks.
    case noData
    /// No streak: yesterday missed the goal (or there is no yesterday), and today has not met it yet.
    case noStreak
    /// A streak through yesterday, and today not met yet: it ends at midnight unless it is.
    case atRisk
    /// Today's goal met: the streak counts today.
    case kept
}
