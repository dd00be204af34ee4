import Foundation

/// What W8Trackr shares: weights from its SwiftData store, and preferences from its suite.
struct W8TrackrLog: Hashable, Sendable {
    /// Oldest first; ties by row id, so "the most recent" is well defined.
    var entries: [W8TrackrWeighIn]
    var unit: W8TrackrUnit
    /// In `unit`.
    var goal: Double?

    init(entries: [W8TrackrWeighIn], unit: W8TrackrUnit, goal: Double?) {
        self.entries = entries.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
        self.unit = unit
        self.goal = goal
    }

}
