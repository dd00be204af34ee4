import AppGroupStore

/// What W8Trackr shares in its App Group (docs/widgets/w8trackr.md#store): its preferences suite,
/// with the preferred unit and the goal, and its SwiftData store of weigh-ins.
enum W8TrackrStoreFile {
    static let containerIdentifier = "group.com.w8trackr.shared"
    static let suite = "group.com.w8trackr.shared"
    /// The suite's plist in the container.
    static let suitePath = "Library/Preferences/\(suite).plist"
    /// Where SwiftData puts its store; the container's root is accepted too.
    static let storePaths = ["Library/Application Support/default.store", "default.store"]
    /// SwiftData's table of weigh-ins (Core Data's naming: `Z` before each name) and what is read of it.
    static let weightTable = SQLiteTable(name: "ZWEIGHTENTRY", columns: ["Z_PK", "ZWEIGHTVALUE", "ZUNIT", "ZDATE"])
}
