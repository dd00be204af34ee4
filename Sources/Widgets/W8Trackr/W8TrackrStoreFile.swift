import AppGroupStore

/// What W8Trackr shares in its App Group (docs/widgets/w8trackr.md#store), as wsaults/W8Trackr
/// writes it: the suite `group.com.saults.W8Trackr` with the preferred unit and the goal
/// (`ContentView.swift`), and SwiftData's store of `WeightEntry` (`SharedModelContainer.swift`).
enum W8TrackrStoreFile {
    /// The real app's group.
    static let containerIdentifier = "group.com.saults.W8Trackr"
    /// The group Glimpse's sample stores used before they were the real app's: read until the next
    /// release, with a warning naming the real one.
    static let earlierContainerIdentifier = "group.com.w8trackr.shared"
    /// The suite's plist in `container`: the suite is named after the group.
    static func suitePath(in container: String) -> String { "Library/Preferences/\(container).plist" }
    /// Where SwiftData puts its store in a group container; the container's root is accepted too
    /// (the app's migration from its private store copies one there).
    static let storePaths = ["Library/Application Support/default.store", "default.store"]
    /// SwiftData's table of `WeightEntry` (Core Data's naming: `Z` and the property's name in
    /// capitals) and what is read of it.
    static let weightTable = SQLiteTable(
        name: "ZWEIGHTENTRY", columns: ["Z_PK", "ZWEIGHTVALUE", "ZWEIGHTUNIT", "ZDATE"])
    /// The same table as Glimpse's earlier samples had it, with a column `ZUNIT` SwiftData never makes.
    static let earlierWeightTable = SQLiteTable(
        name: "ZWEIGHTENTRY", columns: ["Z_PK", "ZWEIGHTVALUE", "ZUNIT", "ZDATE"])
}
