import Foundation

/// What the One Goal app writes to `group.com.onegoal.app/widget-snapshot.json` (docs/widgets/onegoal.md#store).
struct OneGoalStoreFile: Codable, Hashable, Sendable {
    var title: String
    var totalDays: Int
    var completedDays: Int
    /// A local date, "YYYY-MM-DD".
    var lastCompletedDate: String?
    var accentColor: String?
    var updatedAt: Date

    init(
        title: String, totalDays: Int, completedDays: Int, lastCompletedDate: String?, accentColor: String?,
        updatedAt: Date
    ) {
        self.title = title
        self.totalDays = totalDays
        self.completedDays = completedDays
        self.lastCompletedDate = lastCompletedDate
        self.accentColor = accentColor
        self.updatedAt = updatedAt
    }

    static let containerIdentifier = "group.com.onegoal.app"
    static let fileName = "widget-snapshot.json"
}
