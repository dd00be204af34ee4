import Foundation
import GRDB
import Testing

@testable import AppGroupStore

struct SQLiteSnapshotTests {
    static let table =
        "CREATE TABLE ZWEIGHTENTRY (Z_PK INTEGER PRIMARY KEY, ZWEIGHTVALUE FLOAT, ZUNIT VARCHAR, ZDATE TIMESTAMP)"

    /// Writes a WAL-mode store whose last rows are only in its `-wal`, and copies the three
    /// files into the fixture while the writer is open, as a running app leaves them.
    func storeWithWAL(in fixture: StoreFixture, checkpointed: Int, inWAL: Int) throws -> String {
        let work = fixture.root.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let path = work.appendingPathComponent("default.store").path
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
        let pool = try DatabasePool(path: path, configuration: configuration)
        try pool.write { db in
            try db.execute(sql: Self.table)
            for pk in 1...checkpointed {
                try db.execute(
                    sql: "INSERT INTO ZWEIGHTENTRY VALUES (?, ?, 'lb', ?)",
                    arguments: [pk, 180.0 - Double(pk), Double(pk) * 86_400])
            }
        }
        try pool.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        try pool.write { db in
            for pk in checkpointed + 1...checkpointed + inWAL {
                try db.execute(
                    sql: "INSERT INTO ZWEIGHTENTRY VALUES (?, ?, 'lb', ?)",
                    arguments: [pk, 180.0 - Double(pk), Double(pk) * 86_400])
            }
        }
        let relative = "group.com.example.weights/Library/Application Support/default.store"
        for suffix in ["", "-wal", "-shm"] {
            fixture.write(relative + suffix, try Data(contentsOf: URL(fileURLWithPath: path + suffix)))
        }
        try pool.close()
        return "Library/Application Support/default.store"
    }

    @Test func rowsInTheWALAreRead() throws {
        let fixture = StoreFixture()
        let path = try storeWithWAL(in: fixture, checkpointed: 5, inWAL: 3)
        let walSize = try Data(contentsOf: fixture.root.appendingPathComponent("group.com.example.weights/\(path)-wal"))
            .count
        #expect(walSize > 0, "the last rows are only in the WAL")
        let container = try StoreRoot(url: fixture.root).container("group.com.example.weights")
        let count = try SQLiteSnapshot.read(path, in: container) { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ZWEIGHTENTRY")
        }
        #expect(count == 8)
    }

    @Test func theUsersFilesAreNeverTouched() throws {
        let fixture = StoreFixture()
        let path = try storeWithWAL(in: fixture, checkpointed: 3, inWAL: 2)
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("work"))
        let before = fixture.listing()
        let container = try StoreRoot(url: fixture.root).container("group.com.example.weights")
        for _ in 0..<3 {
            _ = try SQLiteSnapshot.read(path, in: container) { db in
                try Row.fetchAll(db, sql: "SELECT * FROM ZWEIGHTENTRY")
            }
        }
        #expect(fixture.listing() == before, "bytes and dates of the store, its -wal and -shm")
    }

    @Test func anEndlessQueryStopsAtTheDeadline() throws {
        let fixture = StoreFixture()
        let work = fixture.root.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: work.appendingPathComponent("default.store").path)
        try queue.write { db in try db.execute(sql: "CREATE TABLE t (x)") }
        try queue.close()
        fixture.write(
            "group.com.example.weights/default.store",
            try Data(contentsOf: work.appendingPathComponent("default.store")))
        let container = try StoreRoot(url: fixture.root, timeout: 0.5).container("group.com.example.weights")
        // The query never ends by itself: that it comes back at all is the deadline's doing. How
        // long it takes is not asserted; on a busy machine it took 13.5 s of a 0.5 s deadline.
        #expect {
            try SQLiteSnapshot.read("default.store", in: container) { db in
                try Int.fetchOne(
                    db, sql: "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n")
            }
        } throws: { error in
            guard case StoreError.unreadable(let file, let reason) = error else { return false }
            return file == "group.com.example.weights/default.store" && reason.contains("took longer than 0.5 s")
        }
        #expect(container.budget.remaining == 0, "what follows of the same store fails at once")
    }

    @Test func theStoreCannotWriteThroughItsCopy() throws {
        let fixture = StoreFixture()
        let path = try storeWithWAL(in: fixture, checkpointed: 2, inWAL: 1)
        let container = try StoreRoot(url: fixture.root).container("group.com.example.weights")
        #expect(throws: StoreError.self) {
            try SQLiteSnapshot.read(path, in: container) { db in try db.execute(sql: "DELETE FROM ZWEIGHTENTRY") }
        }
    }

    @Test func aFileThatIsNotADatabaseNamesTheFile() throws {
        let fixture = StoreFixture()
        fixture.write(
            "group.com.example.weights/default.store",
            Data("SQLite format 3\u{0}".utf8) + Data(repeating: 7, count: 4096))
        let container = try StoreRoot(url: fixture.root).container("group.com.example.weights")
        #expect {
            try SQLiteSnapshot.read("default.store", in: container) { db in
                try Row.fetchAll(db, sql: "SELECT * FROM ZWEIGHTENTRY")
            }
        } throws: { error in
            guard case StoreError.corrupt(let file, _, _) = error else { return false }
            return file == "group.com.example.weights/default.store"
        }
    }

    @Test func aHugeDatabaseIsRefusedBeforeItIsCopied() throws {
        let fixture = StoreFixture()
        fixture.write("group.com.example.weights/default.store", Data(repeating: 0, count: 4096))
        let container = try StoreRoot(url: fixture.root).container("group.com.example.weights")
        #expect(throws: StoreError.tooLarge(file: "group.com.example.weights/default.store", bytes: 4096, limit: 1024))
        {
            try SQLiteSnapshot.read("default.store", in: container, limit: 1024) { _ in 0 }
        }
    }

    @Test func theDefaultCapIsOneGibibyteForADatabase() throws {
        // A sparse file one byte over: refused from its size, before a byte is copied.
        let fixture = StoreFixture()
        fixture.write("group.com.example.weights/default.store", Data())
        let path = fixture.root.appendingPathComponent("group.com.example.weights/default.store").path
        #expect(truncate(path, off_t(SQLiteSnapshot.sizeLimit + 1)) == 0)
        let container = try StoreRoot(url: fixture.root).container("group.com.example.weights")
        #expect(
            throws: StoreError.tooLarge(
                file: "group.com.example.weights/default.store", bytes: (1 << 30) + 1, limit: 1 << 30)
        ) {
            try SQLiteSnapshot.read("default.store", in: container) { _ in 0 }
        }
    }

    @Test func aDatabaseOverTheJSONCapIsStillRead() throws {
        // 70 MiB, over the 64 MiB every other store file is held to: copied a mebibyte at a time.
        let fixture = StoreFixture()
        let work = fixture.root.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: work.appendingPathComponent("default.store").path)
        try queue.write { db in
            try db.execute(sql: Self.table + ";CREATE TABLE ZPAD (ZBLOB BLOB)")
            try db.execute(sql: "INSERT INTO ZWEIGHTENTRY VALUES (1, 180.5, 'lb', 0)")
            try db.execute(sql: "INSERT INTO ZPAD VALUES (zeroblob(70 * 1024 * 1024))")
        }
        try queue.close()
        let bytes = try Data(contentsOf: work.appendingPathComponent("default.store"))
        #expect(bytes.count > GroupContainer.defaultSizeLimit)
        fixture.write("group.com.example.weights/default.store", bytes)
        let container = try StoreRoot(url: fixture.root).container("group.com.example.weights")
        let weight = try SQLiteSnapshot.read("default.store", in: container) { db in
            try Double.fetchOne(db, sql: "SELECT ZWEIGHTVALUE FROM ZWEIGHTENTRY")
        }
        #expect(weight == 180.5)
    }
}
