import Foundation
import GRDB
import GlimpseCore

/// A SQLite store (SwiftData's `default.store`) read from a private copy.
///
/// A read-only open of the user's file would still write its `-shm`, and could checkpoint
/// its `-wal`. So the database and its `-wal` and `-shm` are copied, each bounded in size,
/// into a temporary folder; that copy is opened, which replays the WAL, and removed after.
public enum SQLiteSnapshot {
    /// Each of the database, its `-wal` and its `-shm` is refused over this (1 GiB). The copy is
    /// made a mebibyte at a time and read through SQLite's own cache, so no file is ever held
    /// whole in memory; `body` decides how much of the data it keeps.
    public static let sizeLimit = Limits.storeDatabase.value

    /// Opens a private copy of `relativePath` (and its `-wal`, `-shm`) and runs `body` on it.
    ///
    /// The copies and the query count against the container's `StoreReadBudget`: a store crafted
    /// to make a query endless (a recursive view, say) is interrupted when the budget runs out.
    ///
    /// - Throws: `StoreError` naming the file: missing, too large, not a database, or past the
    ///   store's timeout.
    static func read<Value>(
        _ relativePath: String, in container: GroupContainer, limit: Int = sizeLimit,
        _ body: (Database) throws -> Value
    ) throws(StoreError) -> Value {
        let file = container.displayPath(relativePath)
        let budget = container.budget
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "glimpse-sqlite-\(UUID().uuidString)")
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
        let left = budget.remaining
        guard left > 0 else { throw budget.exceeded(file) }
        do {
            return try budget.charging {
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
                DispatchQueue.global().asyncAfter(deadline: .now() + left, execute: interrupt)
                defer { interrupt.cancel() }
                return try queue.read(body)
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
            budget.charge(budget.seconds)
            throw budget.exceeded(file)
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
        case .SQLITE_TOOBIG: "a value is too long to read"
        default: error.message ?? "SQLite error \(error.resultCode.rawValue)"
        }
    }
}
