import Foundation

/// What the app writes to its App Group for the widget: `waterintake.json` in `group.com.example.waterintake`, as
/// `JSONEncoder` writes it (dates as seconds since 2001, or ISO 8601). Change it to what your app
/// really writes, and the sample stores under `content/scenarios/waterintake/` with it.
struct WaterIntakeStoreFile: Codable, Hashable, Sendable {
    /// The app's App Group.
    static let containerIdentifier = "group.com.example.waterintake"
    /// The file, relative to the group's container.
    static let fileName = "waterintake.json"

    /// The count of the day it was written on.
    var count: Int
    /// The count a day aims at.
    var goal: Int
    /// When the app wrote it.
    var updatedAt: Date
}
