import Foundation
import GRDB
import GlimpseCore
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
        fixture.write(
            "group.com.example.table/default.store", try Data(contentsOf: work.appendingPathComponent("default.store")))
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
        let read = try SQLiteSnapshot.forEachRow(of: table, in: "default.store", container: container) { row in
            rows.append((row.integer("Z_PK"), row.real("ZVALUE"), row.text("ZUNIT")))
        }
        #expect(read == SQLiteTableRead(rows: 4, oversized: 0))
        #expect(rows[0] == (1, 180.5, "lb"))
        #expect(rows[1] == (2, 81, "kg"), "an INTEGER reads as a real")
        #expect(rows[2].0 == nil && rows[2].1 == nil && rows[2].2 == nil)
        #expect(rows[3].0 == nil && rows[3].1 == nil && rows[3].2 == nil)
    }

    @Test func aMissingTableOrColumnNamesTheFile() throws {
        let (fixture, container) = try store(["CREATE TABLE ZENTRY (Z_PK INTEGER, ZVALUE REAL)"])
        _ = fixture
        #expect(
            throws: StoreError.corrupt(
                file: "group.com.example.table/default.store", codingPath: "", reason: "no such column: ZUNIT")
        ) {
            try SQLiteSnapshot.forEachRow(of: table, in: "default.store", container: container) { _ in }
        }
        #expect(
            throws: StoreError.corrupt(
                file: "group.com.example.table/default.store", codingPath: "", reason: "no such table: ZOTHER")
        ) {
            try SQLiteSnapshot.forEachRow(
                of: SQLiteTable(name: "ZOTHER", columns: ["Z_PK"]), in: "default.store", container: container
            ) { _ in }
        }
    }

    /// A value longer than the table's cap is refused by SQLite before it is loaded: its row is
    /// skipped and counted, and the rows around it are read.
    @Test(arguments: ["ZUNIT", "ZVALUE"])
    func aRowWithAValueTooLongIsSkippedUnread(column: String) throws {
        let huge = column == "ZUNIT" ? "replace(hex(zeroblob(150000)), '0', 'x')" : "zeroblob(300000)"
        let (fixture, container) = try store([
            "CREATE TABLE ZENTRY (Z_PK INTEGER PRIMARY KEY, ZVALUE, ZUNIT)",
            "INSERT INTO ZENTRY VALUES (1, 180.5, 'lb')",
            "INSERT INTO ZENTRY (Z_PK, ZVALUE, ZUNIT) VALUES (2, 81, 'kg')",
            "UPDATE ZENTRY SET \(column) = \(huge) WHERE Z_PK = 2",
            "INSERT INTO ZENTRY VALUES (3, 79.5, 'kg')",
            "INSERT INTO ZENTRY VALUES (4, 79, 'kg')",
        ])
        _ = fixture
        var keys: [Int64?] = []
        let read = try SQLiteSnapshot.forEachRow(of: table, in: "default.store", container: container) {
            keys.append($0.integer("Z_PK"))
        }
        #expect(read == SQLiteTableRead(rows: 3, oversized: 1))
        #expect(keys == [1, 3, 4])
    }

    @Test func aValueTooLongInATableWithoutRowIDsMakesItUnreadable() throws {
        let (fixture, container) = try store([
            "CREATE TABLE ZENTRY (Z_PK INTEGER PRIMARY KEY, ZVALUE, ZUNIT) WITHOUT ROWID",
            "INSERT INTO ZENTRY VALUES (1, 180.5, replace(hex(zeroblob(150000)), '0', 'x'))",
        ])
        _ = fixture
        #expect(
            throws: StoreError.corrupt(
                file: "group.com.example.table/default.store", codingPath: "", reason: "a value is too long to read")
        ) {
            try SQLiteSnapshot.forEachRow(of: table, in: "default.store", container: container) { _ in }
        }
    }

    @Test func aColumnNamedRowIDDoesNotStandForTheRowID() throws {
        let (fixture, container) = try store([
            "CREATE TABLE ZENTRY (Z_PK INTEGER PRIMARY KEY, ZVALUE, ZUNIT, rowid TEXT)",
            "INSERT INTO ZENTRY VALUES (1, 180.5, 'lb', 'b')",
            "INSERT INTO ZENTRY VALUES (2, 81, replace(hex(zeroblob(150000)), '0', 'x'), 'a')",
            "INSERT INTO ZENTRY VALUES (3, 79.5, 'kg', 'a')",
        ])
        _ = fixture
        var keys: [Int64?] = []
        let read = try SQLiteSnapshot.forEachRow(of: table, in: "default.store", container: container) {
            keys.append($0.integer("Z_PK"))
        }
        #expect(read == SQLiteTableRead(rows: 2, oversized: 1))
        #expect(keys == [1, 3])
    }

    @Test func namesAreQuotedNeverSQL() {
        #expect(
            SQLiteTable(name: "Z\"; DROP TABLE x; --", columns: ["a\"b"]).selectStatement
                == "SELECT \"a\"\"b\" FROM \"Z\"\"; DROP TABLE x; --\"")
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
        #expect(
            recorded.isSuperset(of: [
                "", "/group.com.example.app/data.json", "/group.com.example.app/later.json",
                "/group.com.example.app/.com.apple.mobile_container_manager.metadata.plist",
            ]))
    }
}
