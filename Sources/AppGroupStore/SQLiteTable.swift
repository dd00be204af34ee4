import Foundation
import GRDB
import GRDBSQLite
import GlimpseCore

/// A table of a SQLite store and the columns a widget reads from it, declared by the widget.
public struct SQLiteTable: Hashable, Sendable {
    public var name: String
    public var columns: [String]
    /// The most bytes a TEXT or BLOB value of `columns` may hold: a row with a longer one is
    /// skipped, unread, so that a store cannot fill memory with one value.
    public var maximumValueBytes: Int
    /// Whether a database without the table is read as one with no rows, as an app that makes its
    /// table on its first write reads it; otherwise it is an error naming the table.
    public var mayBeMissing: Bool

    /// 64 KiB: more than any value a widget reads from a table.
    public static let standardMaximumValueBytes = Limits.storeValue.value

    public init(
        name: String, columns: [String], maximumValueBytes: Int = standardMaximumValueBytes, mayBeMissing: Bool = false
    ) {
        self.name = name
        self.columns = columns
        self.maximumValueBytes = maximumValueBytes
        self.mayBeMissing = mayBeMissing
    }

    /// `SELECT "a", "b" FROM "table"`, every name quoted, so a name is never read as SQL.
    var selectStatement: String {
        "SELECT \(columns.map(Self.quoted).joined(separator: ", ")) FROM \(Self.quoted(name))"
    }

    /// The columns of the rows after row `after` (every row for `nil`), in row id order, each
    /// row's id first, as `rowIDColumn`. `rowID` is the alias of the row id the table leaves free.
    func selectStatement(rowID: String, after: Int64?) -> String {
        "SELECT \(rowID) AS \(Self.rowIDColumn), \(columns.map(Self.quoted).joined(separator: ", "))"
            + rows(rowID: rowID, after: after)
    }

    /// The id of the row after row `after`.
    func nextRowIDStatement(rowID: String, after: Int64?) -> String {
        "SELECT \(rowID)" + rows(rowID: rowID, after: after) + " LIMIT 1"
    }

    private func rows(rowID: String, after: Int64?) -> String {
        " FROM \(Self.quoted(name))" + (after.map { " WHERE \(rowID) > \($0)" } ?? "") + " ORDER BY \(rowID)"
    }

    static let rowIDColumn = "glimpse_rowid"

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
    /// A TEXT value, shortened to `Limits.storeString` characters and "…" as every store string is
    /// where it enters (a longer one than `SQLiteTable.maximumValueBytes` is never read at all).
    public func text(_ column: String) -> String? {
        (value(column) as String?).map(StoreText.capped)
    }

    /// A TEXT or BLOB value's bytes as they are, uncapped: a document kept in one cell (TinyBase's
    /// JSON), bounded by `SQLiteTable.maximumValueBytes` and by whatever reads it.
    /// Copied once from SQLite's own buffer, never through a `String`.
    public func bytes(_ column: String) -> Data? {
        let copy = try? row.withUnsafeData(named: column) { data in
            data.map { data in
                data.withUnsafeBytes {
                    Data(bytes: $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, count: $0.count)
                }
            }
        }
        return copy ?? nil
    }

    private func value<Value: DatabaseValueConvertible>(_ column: String) -> Value? {
        (row[column] as DatabaseValue?).flatMap { Value.fromDatabaseValue($0) }
    }
}

/// What a pass over a table read.
public struct SQLiteTableRead: Hashable, Sendable {
    /// Rows handed to the body.
    public var rows = 0
    /// Rows skipped, unread, because a value of theirs is longer than `SQLiteTable.maximumValueBytes`.
    public var oversized = 0
    /// Which of the layouts asked for the table has: an index into them.
    public var layout = 0
}

extension SQLiteSnapshot {
    /// Every row of `table` in the store at `relativePath`, read once through a cursor from a
    /// private copy, so that `body` keeps only what it needs of a store of any size.
    ///
    /// No value longer than `table.maximumValueBytes` is read: SQLite refuses it before loading it
    /// (`SQLITE_LIMIT_LENGTH`), and the row that holds it is skipped and counted.
    ///
    /// - Returns: how many rows were read, and how many skipped for a value too long.
    /// - Throws: `StoreError` naming the file: missing, too large, not a database, or without the
    ///   table or one of its columns.
    @discardableResult
    public static func forEachRow(
        of table: SQLiteTable, in relativePath: String, container: GroupContainer, limit: Int = sizeLimit,
        _ body: (SQLiteRow) -> Void
    ) throws(StoreError) -> SQLiteTableRead {
        try forEachRow(of: [table], in: relativePath, container: container, limit: limit, body)
    }

    /// `forEachRow(of:in:container:limit:_:)` for the first of `layouts` whose table has every
    /// column it names: one table as an app wrote it in different versions (a column renamed).
    /// With none whole, the first is read, and the error names what it misses.
    ///
    /// - Returns: what was read, with the index of the layout read in `layout`.
    @discardableResult
    public static func forEachRow(
        of layouts: [SQLiteTable], in relativePath: String, container: GroupContainer, limit: Int = sizeLimit,
        _ body: (SQLiteRow) -> Void
    ) throws(StoreError) -> SQLiteTableRead {
        let file = container.displayPath(relativePath)
        return try read(relativePath, in: container, limit: limit) { db in
            let index = try layoutIndex(layouts, in: db)
            let table = layouts[index]
            guard try tableExists(table, in: db) || !table.mayBeMissing else { return SQLiteTableRead() }
            try requireTable(table, in: db, file: file)
            let rowID = try freeRowID(of: table, in: db)
            var read = try withValueLimit(table.maximumValueBytes, on: db) {
                guard let rowID else { return try readInOnePass(table, in: db, body) }
                return try readByRowID(table, rowID: rowID, in: db, body)
            }
            read.layout = index
            return read
        }
    }

    /// The first of `layouts` whose table has each of its columns (names compared as SQLite does,
    /// without case); 0 when none has.
    private static func layoutIndex(_ layouts: [SQLiteTable], in db: Database) throws -> Int {
        guard layouts.count > 1 else { return 0 }
        for (index, layout) in layouts.enumerated() {
            let names = Set(
                try Row.fetchAll(db, sql: "PRAGMA table_info(\(SQLiteTable.quoted(layout.name)))").compactMap {
                    ($0["name"] as String?)?.lowercased()
                })
            if layout.columns.allSatisfy({ names.contains($0.lowercased()) }) { return index }
        }
        return 0
    }

    /// Whether the database has anything named as `table` is (a table, or a view `requireTable` refuses).
    private static func tableExists(_ table: SQLiteTable, in db: Database) throws -> Bool {
        try String.fetchOne(
            db, sql: "SELECT type FROM sqlite_master WHERE name = ? COLLATE NOCASE", arguments: [table.name]) != nil
    }

    /// Throws unless `table` is a real table: a view of the same name may compute rows without end.
    private static func requireTable(_ table: SQLiteTable, in db: Database, file: String) throws {
        let kind = try String.fetchOne(
            db, sql: "SELECT type FROM sqlite_master WHERE name = ? COLLATE NOCASE", arguments: [table.name])
        if let kind, kind != "table" {
            throw StoreError.corrupt(
                file: file, codingPath: table.name,
                reason: "\(table.name) is a \(kind), not a table; only tables are read")
        }
    }

    /// The first name of the row id (`rowid`, `_rowid_`, `oid`) that no column of `table` takes,
    /// if a query accepts it; `nil` for a table without a row id, or whose columns take every name of it.
    private static func freeRowID(of table: SQLiteTable, in db: Database) throws -> String? {
        let quotedName = SQLiteTable.quoted(table.name)
        let names = Set(
            try Row.fetchAll(db, sql: "PRAGMA table_info(\(quotedName))").compactMap {
                ($0["name"] as String?)?.lowercased()
            })
        return ["rowid", "_rowid_", "oid"].first { !names.contains($0) }.flatMap { alias in
            (try? db.makeStatement(sql: "SELECT \(alias) FROM \(quotedName) LIMIT 0")).map { _ in alias }
        }
    }

    /// Every row of a table read without a row id, in one pass: with nothing to resume after, one
    /// value too long makes the table unreadable.
    private static func readInOnePass(
        _ table: SQLiteTable, in db: Database, _ body: (SQLiteRow) -> Void
    ) throws -> SQLiteTableRead {
        var read = SQLiteTableRead()
        let cursor = try Row.fetchCursor(db, sql: table.selectStatement)
        while let row = try cursor.next() {
            read.rows += 1
            body(SQLiteRow(row: row))
        }
        return read
    }

    /// Every row in row id order, through `rowID`: a row that holds a value too long is skipped
    /// and counted, and the pass starts again after it.
    private static func readByRowID(
        _ table: SQLiteTable, rowID: String, in db: Database, _ body: (SQLiteRow) -> Void
    ) throws -> SQLiteTableRead {
        var read = SQLiteTableRead()
        var after: Int64?
        while true {
            do {
                let cursor = try Row.fetchCursor(db, sql: table.selectStatement(rowID: rowID, after: after))
                while let row = try cursor.next() {
                    after = row[SQLiteTable.rowIDColumn]
                    read.rows += 1
                    body(SQLiteRow(row: row))
                }
                return read
            } catch let error as DatabaseError where error.resultCode == .SQLITE_TOOBIG {
                // The next row holds a value too long: skip it, and read on after it.
                guard let next = try Int64.fetchOne(db, sql: table.nextRowIDStatement(rowID: rowID, after: after))
                else { return read }
                read.oversized += 1
                after = next
            }
        }
    }

    /// Runs `body` with SQLite refusing any string or blob longer than `bytes` (`SQLITE_TOOBIG`)
    /// before it loads it, then puts the previous limit back.
    static func withValueLimit<Value>(_ bytes: Int, on db: Database, _ body: () throws -> Value) throws -> Value {
        let previous = sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_LENGTH, Int32(clamping: bytes))
        defer { sqlite3_limit(db.sqliteConnection, SQLITE_LIMIT_LENGTH, previous) }
        return try body()
    }
}
