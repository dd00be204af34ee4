import Foundation

/// The spec's `WidgetSnapshot` (§8.1), as One Goal's JavaScript builds it
/// (MariannaMilovanova/Goal-Tracker@2dff268, `src/utils/widgetSnapshot.ts`). Its native writer is not
/// in the repository, so no shipped app writes a file: Glimpse reads the snapshot's JSON from
/// `widget-snapshot.json`, a name of its own (docs/widgets/onegoal.md#store).
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

    /// The real app's group (`app.json`).
    static let containerIdentifier = "group.com.mj.onegoal"
    /// The spec's example group (§8.1): found too.
    static let specContainerIdentifier = "group.com.onegoal.app"
    static let fileName = "widget-snapshot.json"
}
