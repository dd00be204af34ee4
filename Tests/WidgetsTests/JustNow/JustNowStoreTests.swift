import AppGroupStore
import Foundation
import TestSupport
import Testing

@testable import Widgets

/// Just Now's container: the real app's group, `group.net.bomash.illya.LittleMoments`, holding
/// Glimpse's `sessions.json` (the shipped app shares nothing); the group of Glimpse's earlier samples
/// is still read, with a warning.
struct JustNowStoreTests {
    func load(group: String) throws -> LoadedStore<[JustNowStoreFile.Session]> {
        let root = temporaryFolder("justnow-store")
        defer { try? FileManager.default.removeItem(at: root) }
        let container = root.appendingPathComponent(group)
        try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
        try Data(#"[{"startedAt": "2026-11-22T08:47:00-05:00", "durationSeconds": 600}]"#.utf8).write(
            to: container.appendingPathComponent("sessions.json"))
        return JustNowApp().load(store: try StoreRoot(url: root), now: date("2026-11-22T09:00:00-05:00"))
    }

    @Test func theRealGroupIsRead() throws {
        let loaded = try load(group: "group.net.bomash.illya.LittleMoments")
        #expect(loaded.value.count == 1 && loaded.diagnostics.isEmpty)
    }

    @Test func theEarlierGroupIsReadWithAWarning() throws {
        let loaded = try load(group: "group.app.justnow")
        #expect(loaded.value.count == 1)
        #expect(
            loaded.diagnostics.map(\.message) == [
                "group.app.justnow is the group Glimpse's earlier samples used; Just Now's group is "
                    + "group.net.bomash.illya.LittleMoments. Read until the next release"
            ])
    }
}
