import Foundation
import GlimpseCore
import GRDB
import Testing
@testable import AppGroupStore

/// The typed table reader a widget declares its table through: every row once, each value typed
/// on demand, never trapping on a value of another type.
struct SQLiteTableTests {
    let table = SQLiteTable(name: "ZENTRY", columns: ["Z_PK", "ZVALUE", "ZUNIT"])

    func store(_ statements: [String]) throws -> (StoreFixture, GroupContainer) {
        let fixture = StoreFixture()
        let work = fixture.root.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: work.appendingPathComponent("default.store").path)
        try queue.write { db in for statement in statements { try db.execute(sql: statement) } }
        try queue.close()
        fixture.write("group.com.example.table/default.store", try Data(contentsOf: work.appendingPathComponent("default.store")))
        try FileManager.default.removeItem(at: work)
        return (fixture, try StoreRoot(url: fixture.root).container("group.com.example.table"))
    }

    @Test func valuesOfAnotherTypeAreNilNotFatal() throws {
        let (fixture, container) = try store([
            // No declared types: each value keeps the type it was stored with, as a damaged schema can.
            "CREATE TABLE ZENTRY (Z_PK, ZVALUE, ZUNIT)",
            "INSERT INTO ZENTRY VALUES (1, 180.5, 'lb')",
            "INSERT INTO ZENTRY VALUES (2, 81, 'kg')",
            "INSERT INTO ZENTRY VALUES ('three', X'00', 9.5e164)",
            "INSERT INTO ZENTRY VALUES (NULL, NULL, NULL)",
        ])
        _ = fixture
        var rows: [(Int64?, Double?, String?)] = []
        let count = try SQLiteSnapshot.forEachRow(of: table, in: "default.store", container: container) { row in
            rows.append((row.integer("Z_PK"), row.real("ZVALUE"), row.text("ZUNIT")))
        }
        #expect(count == 4)
        #expect(rows[0] == (1, 180.5, "lb"))
        #expect(rows[1] == (2, 81, "kg"), "an INTEGER reads as a real")
        #expect(rows[2].0 == nil && rows[2].1 == nil && rows[2].2 == nil)
        #expect(rows[3].0 == nil && rows[3].1 == nil && rows[3].2 == nil)
    }

    @Test func aMissingTableOrColumnNamesTheFile() throws {
        let (fixture, container) = try store(["CREATE TABLE ZENTRY (Z_PK INTEGER, ZVALUE REAL)"])
        _ = fixture
        #expect(throws: StoreError.corrupt(file: "group.com.example.table/default.store", codingPath: "", reason: "no such column: ZUNIT")) {
            try SQLiteSnapshot.forEachRow(of: table, in: "default.store", container: container) { _ in }
        }
        #expect(throws: StoreError.corrupt(file: "group.com.example.table/default.store", codingPath: "", reason: "no such table: ZOTHER")) {
            try SQLiteSnapshot.forEachRow(of: SQLiteTable(name: "ZOTHER", columns: ["Z_PK"]), in: "default.store", container: container) { _ in }
        }
    }

    @Test func namesAreQuotedNeverSQL() {
        #expect(SQLiteTable(name: "Z\"; DROP TABLE x; --", columns: ["a\"b"]).selectStatement == "SELECT \"a\"\"b\" FROM \"Z\"\"; DROP TABLE x; --\"")
    }
}

/// What a store read records: every folder listed and file looked for, found or not.
struct StoreInputLogTests {
    @Test func filesLookedForAreRecordedFoundOrNot() throws {
        let fixture = StoreFixture()
        fixture.write("group.com.example.app/data.json", "{}")
        let log = InputLog()
        let container = try StoreRoot(url: fixture.root, log: log).container("group.com.example.app")
        _ = try container.data(at: "data.json")
        #expect(!container.fileExists("later.json"))
        let root = fixture.root.standardizedFileURL.path
        let recorded = Set(log.recorded.filter { $0.kind == .store }.map { String($0.path.dropFirst(root.count)) })
        #expect(recorded.isSuperset(of: ["", "/group.com.example.app/data.json", "/group.com.example.app/later.json",
                                         "/group.com.example.app/.com.apple.mobile_container_manager.metadata.plist"]))
    }
}
