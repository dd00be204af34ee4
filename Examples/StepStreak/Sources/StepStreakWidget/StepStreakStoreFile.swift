import Foundation

/// What the app writes for its widget: `steps.json` in its App Group, as `JSONEncoder` writes a
/// `StepStreakStoreFile` (dates as seconds since 2001; ISO 8601 is read too).
struct StepStreakStoreFile: Codable, Hashable, Sendable {
    static let containerIdentifier = "group.com.example.stepstreak"
    static let fileName = "steps.json"

    /// The daily step goal.
    var goal: Int
    /// Each local day's total, as the app last counted it: `2026-11-21`.
    var days: [Day]

    struct Day: Codable, Hashable, Sendable {
        /// A local date, "YYYY-MM-DD".
        var date: String
        var steps: Int
    }
}
