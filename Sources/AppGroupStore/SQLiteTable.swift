import Foundation
import GRDB

/// A table of a SQLite store and the columns a widget reads from it, declared by the widget.
public struct SQLiteTable: Hashable, Sendable {
    public var name: String
    public var columns: [String]

    public init(name: String, columns: [String]) {
        self.name = name
        self.columns = columns
    }

    /// `SELECT "a", "b" FROM "table"`, every name quoted, so a name is never read as SQL.
    var selectStatement: String {
        "SELECT \(columns.map(Self.quoted).joined(separator: ", ")) FROM \(Self.quoted(name))"
    }

    static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// One row of an `SQLiteTable`, its values typed on demand.
///
/// SQLite lets any column hold any type, whatever the schema says: each accessor gives `nil` for
/// NULL and for a value of another type, where a typed read would trap (`make fuzz` found a REAL
/// in a text column stopping a build).
public struct SQLiteRow {
    let row: Row

    public func integer(_ column: String) -> Int64? { value(column) }
    /// A REAL, or an INTEGER as a `Double`.
    public func real(_ column: String) -> Double? { value(column) }
    public func text(_ column: String) -> String? { value(column) }

    private func value<Value: DatabaseValueConvertible>(_ column: String) -> Value? {
        (row[column] as DatabaseValue?).flatMap { Value.fromDatabaseValue($0) }
    }
}

extension SQLiteSnapshot {
    /// Every row of `table` in the store at `relativePath`, read once through a cursor from a
    /// private copy, so that `body` keeps only what it needs of a store of any size.
    ///
    /// - Returns: how many rows were read.
    /// - Throws: `StoreError` naming the file: missing, too large, not a database, or without the
    ///   table or one of its columns.
    @discardableResult
    public static func forEachRow(of table: SQLiteTable, in relativePath: String, container: GroupContainer, limit: Int = sizeLimit,
                                  _ body: (SQLiteRow) -> Void) throws(StoreError) -> Int {
        let file = container.displayPath(relativePath)
        return try read(relativePath, in: container, limit: limit) { db in
            // Only a real table: a view of the same name may compute rows without end.
            let kind = try String.fetchOne(db, sql: "SELECT type FROM sqlite_master WHERE name = ? COLLATE NOCASE", arguments: [table.name])
            if let kind, kind != "table" {
                throw StoreError.corrupt(file: file, codingPath: table.name, reason: "\(table.name) is a \(kind), not a table; only tables are read")
            }
            let cursor = try Row.fetchCursor(db, sql: table.selectStatement)
            var count = 0
            while let row = try cursor.next() {
                count += 1
                body(SQLiteRow(row: row))
            }
            return count
        }
    }
}
