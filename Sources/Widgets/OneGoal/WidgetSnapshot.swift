import Foundation

/// What the One Goal app writes to `group.com.onegoal.app/widget-snapshot.json` (docs/widgets/onegoal.md#store).
public struct WidgetSnapshot: Codable, Hashable, Sendable {
    public var title: String
    public var totalDays: Int
    public var completedDays: Int
    /// A local date, "YYYY-MM-DD".
    public var lastCompletedDate: String?
    public var accentColor: String?
    public var updatedAt: Date

    public init(
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

    public static let containerIdentifier = "group.com.onegoal.app"
    public static let fileName = "widget-snapshot.json"
}
