import AppGroupStore
import Foundation
import TestSupport
import Testing

@testable import Widgets

/// One Goal's container: the real app's group `group.com.mj.onegoal`, or the spec's example group.
struct OneGoalStoreTests {
    /// The snapshot as the app's JavaScript builds it: `JSON.stringify`, `updatedAt` from `toISOString()`.
    let snapshot =
        #"{"title":"Read 20 pages","totalDays":30,"completedDays":12,"lastCompletedDate":"2026-11-21","#
        + #""updatedAt":"2026-11-22T02:14:03.000Z"}"#

    func load(group: String) throws -> LoadedStore<OneGoalProgress?> {
        let root = temporaryFolder("onegoal-store")
        defer { try? FileManager.default.removeItem(at: root) }
        let container = root.appendingPathComponent(group)
        try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
        try Data(snapshot.utf8).write(to: container.appendingPathComponent("widget-snapshot.json"))
        return OneGoalApp().load(store: try StoreRoot(url: root))
    }

    @Test(arguments: ["group.com.mj.onegoal", "group.com.onegoal.app"])
    func theRealGroupAndTheSpecsExampleAreRead(group: String) throws {
        let loaded = try load(group: group)
        #expect(loaded.value?.title == "Read 20 pages")
        #expect(loaded.diagnostics.isEmpty)
    }

    @Test func withNeitherTheNoteNamesTheRealGroup() throws {
        let loaded = try load(group: "group.com.example.other")
        #expect(loaded.diagnostics.map(\.message) == ["no container group.com.mj.onegoal in this store"])
    }
}
