import Foundation
import GRDB

/// A SQLite store (SwiftData's `default.store`) read from a private copy.
///
/// A read-only open of the user's file would still write its `-shm`, and could checkpoint
/// its `-wal`. So the database and its `-wal` and `-shm` are copied, each bounded in size,
/// into a temporary folder; that copy is opened, which replays the WAL, and removed after.
public enum SQLiteSnapshot {
    /// Each of the database, its `-wal` and its `-shm` is refused over this (1 GiB). The copy is
    /// made a mebibyte at a time and read through SQLite's own cache, so no file is ever held
    /// whole in memory; `body` decides how much of the data it keeps.
    public static let sizeLimit = 1 << 30
    /// A read of one store stops after this long: a store crafted to make a query endless (a
    /// recursive view, say) gets a diagnostic, not a hang.
    public static let deadline: TimeInterval = 10

    /// Opens a private copy of `relativePath` (and its `-wal`, `-shm`) and runs `body` on it.
    ///
    /// - Throws: `StoreError` naming the file: missing, too large, or not a database.
    static func read<Value>(_ relativePath: String, in container: GroupContainer, limit: Int = sizeLimit,
                            deadline: TimeInterval = deadline, _ body: (Database) throws -> Value) throws(StoreError) -> Value {
        let file = container.displayPath(relativePath)
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("glimpse-sqlite-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .unreadable(file: file, reason: "cannot make a private copy: \(error.localizedDescription)")
        }
        let copy = folder.appendingPathComponent("store.sqlite")
        for suffix in ["", "-wal", "-shm"] {
            let part = relativePath + suffix
            guard suffix.isEmpty || container.fileExists(part) else { continue }
            try container.copy(part, to: URL(fileURLWithPath: copy.path + suffix), limit: limit)
        }
        do {
            var configuration = Configuration()
            configuration.label = file
            // Nothing in the store's schema runs with more trust than plain data, and nothing writes.
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA trusted_schema = OFF")
                try db.execute(sql: "PRAGMA query_only = ON")
            }
            let queue = try DatabaseQueue(path: copy.path, configuration: configuration)
            defer { try? queue.close() }
            let interrupt = DispatchWorkItem { queue.interrupt() }
            DispatchQueue.global().asyncAfter(deadline: .now() + deadline, execute: interrupt)
            defer { interrupt.cancel() }
            return try queue.read(body)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
            throw .unreadable(file: file, reason: "reading it took longer than \(Int(deadline)) s; stopped")
        } catch let error as DatabaseError {
            throw .corrupt(file: file, codingPath: "", reason: sqliteReason(error))
        } catch let error as StoreError {
            throw error
        } catch {
            throw .unreadable(file: file, reason: String(describing: error))
        }
    }

    static func sqliteReason(_ error: DatabaseError) -> String {
        switch error.resultCode {
        case .SQLITE_NOTADB: "not a SQLite database"
        case .SQLITE_CORRUPT: "the database is corrupt"
        default: error.message ?? "SQLite error \(error.resultCode.rawValue)"
        }
    }
}
