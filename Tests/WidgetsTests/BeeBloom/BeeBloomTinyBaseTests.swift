import AppGroupStore
import Foundation
import GRDB
import GlimpseCore
import TestSupport
import Testing
import WidgetTimeline

@testable import Widgets

/// BeeBloom's store as IlyaKukarkin/bee_bloom@8002b16 keeps it: a TinyBase store in
/// `group.com.ilyakukarkinorg.beebloom/beebloom.db`, one row of JSON.
struct BeeBloomTinyBaseTests {
    let sunday = date("2026-11-22T09:00:00-05:00")

    /// What the widget loads from a store whose `beebloom.db` is made by `write`.
    func load(
        zone: String = "America/New_York", _ write: (URL) throws -> Void
    ) throws -> LoadedStore<BeeBloomStoreTimeline.Loaded> {
        let root = temporaryFolder("beebloom-tinybase")
        defer { try? FileManager.default.removeItem(at: root) }
        try write(root.appendingPathComponent("group.com.ilyakukarkinorg.beebloom/beebloom.db"))
        return BeeBloomApp().load(store: try StoreRoot(url: root), calendar: calendar(zone))
    }

    func file(_ json: String, zone: String = "America/New_York") throws -> (BeeBloomStoreFile?, [Diagnostic]) {
        let loaded = try load(zone: zone) { try writeTinyBaseStore(json, to: $0) }
        guard case .file(let file) = loaded.value else { return (nil, loaded.diagnostics) }
        return (file, loaded.diagnostics)
    }

    /// The research's example, as TinyBase 7.3.1 wrote it: one group, two habits, one check.
    @Test func theAppsStoreIsReadAsTheWidgetReadsIt() throws {
        let (read, diagnostics) = try file(
            #"[{"habitGroups":{"g1":{"id":"g1","title":"Morning","order":0,"createdAt":"2026-03-08T09:33:20.000Z"}},"#
                + ##""habits":{"h1":{"id":"h1","title":"Drink water","color":"#3c7c5a","groupId":"g1","order":0,"##
                + #""createdAt":"2026-03-08T09:35:00.000Z","weeklyTarget":7},"#
                + ##""h2":{"id":"h2","title":"Read 10 pages","description":"Before bed","color":"#7a9cb8","order":0,"##
                + #""createdAt":"2026-03-08T09:36:40.000Z","weeklyTarget":3}},"#
                + #""checks":{"h1:2026-11-22":{"habitId":"h1","date":"2026-11-22","completed":true,"#
                + #""updatedAt":"2026-11-22T12:12:45.123Z"}}},{}]"#)
        let store = try #require(read)
        #expect(diagnostics.isEmpty)
        #expect(store.groups.map(\.name) == ["Morning"] && store.groups[0].color == nil)
        // Done today in New York: only the ungrouped habit is left, in its own colour.
        let left = BeeBloomRules.incompleteHabits(in: store, on: sunday, calendar: calendar())
        #expect(left.map(\.id) == ["h2"])
        #expect(left[0].color == HexColor("#7a9cb8"))
        // The next day both are to do, the grouped one first.
        #expect(
            BeeBloomRules.incompleteHabits(in: store, on: sunday + 86_400, calendar: calendar()).map(\.id) == [
                "h1", "h2",
            ])
    }

    /// `order` is the user's: a habit dragged up comes first, whatever its `createdAt`. A deleted
    /// habit (`deletedAt`) is not shown; an unchecked check (`completed: false`) leaves it to do.
    @Test func orderDeletionAndUncheckedChecks() throws {
        let (read, _) = try file(
            #"[{"habits":{"a":{"title":"Made first","order":10,"createdAt":"2026-01-01T00:00:00.000Z"},"#
                + #""b":{"title":"Dragged up","order":0,"createdAt":"2026-01-02T00:00:00.000Z"},"#
                + #""c":{"title":"Deleted","order":20,"createdAt":"2026-01-03T00:00:00.000Z","#
                + #""deletedAt":"2026-11-20T00:00:00.000Z"}},"#
                + #""checks":{"a:2026-11-22":{"habitId":"a","date":"2026-11-22","completed":false}}},{}]"#)
        let store = try #require(read)
        #expect(BeeBloomRules.incompleteHabits(in: store, on: sunday, calendar: calendar()).map(\.id) == ["b", "a"])
    }

    /// A check counts on the local day of its key, in the build's zone, whatever the zone's offset.
    @Test(arguments: ["America/New_York", "Asia/Kathmandu", "Pacific/Kiritimati", "UTC"])
    func aCheckCountsOnItsLocalDay(zone: String) throws {
        let (read, _) = try file(
            #"[{"habits":{"a":{"title":"A","order":0}},"#
                + #""checks":{"a:2026-11-21":{"habitId":"a","date":"2026-11-21","completed":true}}},{}]"#, zone: zone)
        let store = try #require(read)
        let local = calendar(zone)
        let saturday = try #require(local.date(from: DateComponents(year: 2026, month: 11, day: 21)))
        for hour in [0.0, 11.99, 23.99] {
            #expect(BeeBloomRules.incompleteHabits(in: store, on: saturday + hour * 3600, calendar: local).isEmpty)
        }
        #expect(BeeBloomRules.incompleteHabits(in: store, on: saturday + 24 * 3600, calendar: local).count == 1)
    }

    /// A cell of the wrong type is dropped, as TinyBase drops it on load, and counted; a habit
    /// left without a title is not shown.
    @Test func cellsOfTheWrongTypeAreDroppedAndCounted() throws {
        let (read, diagnostics) = try file(
            #"[{"habits":{"a":{"title":"Fine","order":"first","color":7},"b":{"title":null},"#
                + #""c":{"title":["x"]}},"checks":{"a:2026-11-22":{"completed":1}}},{}]"#)
        let store = try #require(read)
        #expect(store.habits.map(\.id) == ["a"])
        #expect(
            diagnostics.map(\.message) == [
                "checks.completed: 1 cell of the wrong type, dropped as TinyBase drops them on load",
                "habits.color: 1 cell of the wrong type, dropped as TinyBase drops them on load",
                "habits.order: 1 cell of the wrong type, dropped as TinyBase drops them on load",
                "habits.title: 2 cells of the wrong type, dropped as TinyBase drops them on load",
                "habits: 2 habits have no title and are not shown",
            ])
    }

    /// The app makes `beebloom.db` at its first launch and its table at its first save: a store
    /// without them has no habits yet. JSON that is not TinyBase's is unreadable, named.
    @Test func missingAndBrokenStores() throws {
        let noTable = try load { url in
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try DatabaseQueue(path: url.path).write { try $0.execute(sql: "CREATE TABLE other (x)") }
        }
        guard case .empty = noTable.value else { throw Failure("expected no habits, got \(noTable.value)") }
        let empty = try file("[{},{}]").0
        #expect(empty?.habits.isEmpty == true)
        let broken = try load { try writeTinyBaseStore(#"{"habits":{}}"#, to: $0) }
        guard case .unreadable = broken.value else { throw Failure("expected unreadable, got \(broken.value)") }
        #expect(broken.diagnostics.first?.file == "group.com.ilyakukarkinorg.beebloom/beebloom.db")
        let notADatabase = try load { url in
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("not sqlite".utf8).write(to: url)
        }
        guard case .unreadable = notADatabase.value else { throw Failure("expected unreadable") }
    }

    /// Glimpse's earlier samples: `group.app.beebloom/habits.json`. Read, with a warning naming
    /// what the real app writes.
    @Test func theEarlierFormatIsReadWithAWarning() throws {
        let root = temporaryFolder("beebloom-earlier")
        defer { try? FileManager.default.removeItem(at: root) }
        let container = root.appendingPathComponent("group.app.beebloom")
        try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
        try Data(#"{"habits":[{"id":"h1","title":"Old","createdAt":"2026-01-01T08:00:00Z"}]}"#.utf8).write(
            to: container.appendingPathComponent("habits.json"))
        let loaded = BeeBloomApp().load(store: try StoreRoot(url: root), calendar: calendar())
        guard case .file(let store) = loaded.value else { throw Failure("expected the file") }
        #expect(store.habits.map(\.title) == ["Old"])
        #expect(
            loaded.diagnostics.contains { $0.message.contains("BeeBloom keeps its habits in beebloom.db (TinyBase)") })
    }
}

struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
