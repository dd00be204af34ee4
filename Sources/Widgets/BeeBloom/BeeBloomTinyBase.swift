import AppGroupStore
import Foundation
import GlimpseCore
import WidgetTimeline

/// BeeBloom's TinyBase store (IlyaKukarkin/bee_bloom@8002b16, `src/store/schema.ts`) decoded
/// straight into the widget's `BeeBloomStoreFile` (docs/widgets/beebloom.md#store), a row at a
/// time, with no dictionary of every cell kept on the way: a store can hold a million habits.
///
/// - `habitGroups`: `title`, `color`, `order`, `createdAt`;
/// - `habits`: `title`, `description`, `color`, `groupId`, `order`, `createdAt` (ISO 8601),
///   `deletedAt` (set when deleted), `weeklyTarget`;
/// - `checks`, each keyed `<habitId>:<YYYY-MM-DD>` by the device's local date: `habitId`, `date`,
///   `completed`, `updatedAt`.
///
/// The JSON is TinyBase's `[tables, values]` (`TinyBase`). A cell of the wrong type is dropped, as
/// TinyBase's schema drops it on load, and counted in a warning; a habit left without a title is
/// not shown.
struct BeeBloomTinyBase: Decodable {
    var groups: [BeeBloomStoreFile.Group] = []
    var habits: [BeeBloomStoreFile.Habit] = []
    /// Checks done, by habit and local day.
    var done: [(habit: String, day: LocalDate)] = []
    var dropped = BeeBloomDroppedCells()
    var untitled = 0
    /// Habits whose `createdAt` is there but no ISO 8601 date: they sort as made first.
    var undated = 0

    init(from decoder: any Decoder) throws {
        var list = try decoder.unkeyedContainer()
        let tables = try list.nestedContainer(keyedBy: TableKey.self)
        if tables.contains(.habitGroups) {
            try Self.rows(of: tables, .habitGroups) { id, cells in try self.group(id, cells) }
        }
        if tables.contains(.habits) {
            try Self.rows(of: tables, .habits) { id, cells in try self.habit(id, cells) }
        }
        if tables.contains(.checks) {
            try Self.rows(of: tables, .checks) { id, cells in try self.check(id, cells) }
        }
    }

    /// The store file, each check at noon of its local day in `calendar`, with what was set aside.
    /// Takes the rows, leaving none here: the file's arrays are the only ones, free to change in place.
    mutating func takeStoreFile(calendar: Calendar, file: String) -> (BeeBloomStoreFile, [Diagnostic]) {
        let completions = done.compactMap { check in
            calendar.noon(of: check.day).map { BeeBloomStoreFile.Completion(habitId: check.habit, completedAt: $0) }
        }
        done = []
        let (groups, habits) = (self.groups, self.habits)
        (self.groups, self.habits) = ([], [])
        var diagnostics = dropped.diagnostics(file: file)
        if untitled > 0 {
            let rows = untitled == 1 ? "1 habit has" : "\(untitled) habits have"
            let verb = untitled == 1 ? "is" : "are"
            diagnostics.append(Diagnostic(.warning, "habits: \(rows) no title and \(verb) not shown", file: file))
        }
        if undated > 0 {
            let rows = undated == 1 ? "1 habit's createdAt is" : "\(undated) habits' createdAt are"
            diagnostics.append(
                Diagnostic(
                    .warning, "habits: \(rows) not an ISO 8601 date; sorted as made first among equals", file: file))
        }
        return (BeeBloomStoreFile(groups: groups, habits: habits, completions: completions), diagnostics)
    }

    /// Each row of `table`, its id and its cells, in the JSON's order.
    private static func rows(
        of tables: KeyedDecodingContainer<TableKey>, _ table: TableKey,
        _ body: (String, KeyedDecodingContainer<CellKey>) throws -> Void
    ) throws {
        let rows = try tables.nestedContainer(keyedBy: CellKey.self, forKey: table)
        for row in rows.allKeys {
            try body(row.stringValue, try rows.nestedContainer(keyedBy: CellKey.self, forKey: row))
        }
    }

    private mutating func group(_ id: String, _ cells: KeyedDecodingContainer<CellKey>) throws {
        var typed = BeeBloomTinyBaseCells(cells, table: "habitGroups")
        defer { dropped.add(typed) }
        groups.append(
            BeeBloomStoreFile.Group(
                id: id, name: StoreText.displayable(typed.string("title") ?? ""), color: typed.string("color"),
                order: Int(clamping: Int64(typed.number("order") ?? 0))))
    }

    private mutating func habit(_ id: String, _ cells: KeyedDecodingContainer<CellKey>) throws {
        var typed = BeeBloomTinyBaseCells(cells, table: "habits")
        defer { dropped.add(typed) }
        guard let title = typed.string("title") else {
            untitled += 1
            return
        }
        let createdText = typed.string("createdAt")
        let created = createdText.flatMap(StoreJSON.parseISO8601)
        if createdText != nil && created == nil { undated += 1 }
        habits.append(
            BeeBloomStoreFile.Habit(
                id: id, title: StoreText.displayable(title), groupId: typed.string("groupId"),
                createdAt: created ?? .distantPast,
                archived: typed.string("deletedAt") != nil, weekdays: nil, order: typed.number("order") ?? 0,
                color: typed.string("color")))
    }

    /// A check done (`completed: true`) on the local day of its `date`, or else of its key's end.
    private mutating func check(_ key: String, _ cells: KeyedDecodingContainer<CellKey>) throws {
        var typed = BeeBloomTinyBaseCells(cells, table: "checks")
        defer { dropped.add(typed) }
        guard typed.boolean("completed") == true else { return }
        let habit = typed.string("habitId") ?? String(key.prefix { $0 != ":" })
        let day = typed.string("date") ?? String(key.split(separator: ":").last ?? "")
        if let day = LocalDate(iso: day) { done.append((habit, day)) }
    }

    /// The three tables the app has; any other is left unread.
    enum TableKey: String, CodingKey {
        case habitGroups, habits, checks
    }

    /// A row id or a cell id: any string.
    struct CellKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// One row's cells, each read as the type the app's schema gives it; a cell of another type is
/// dropped and counted, as TinyBase drops it on load.
struct BeeBloomTinyBaseCells {
    let cells: KeyedDecodingContainer<BeeBloomTinyBase.CellKey>
    let table: String
    /// `table.cell` of each dropped cell.
    var dropped: [String] = []

    init(_ cells: KeyedDecodingContainer<BeeBloomTinyBase.CellKey>, table: String) {
        self.cells = cells
        self.table = table
    }

    mutating func string(_ cell: String) -> String? { typed(cell, String.self) }

    mutating func number(_ cell: String) -> Double? { typed(cell, Double.self).flatMap { $0.isFinite ? $0 : nil } }

    mutating func boolean(_ cell: String) -> Bool? { typed(cell, Bool.self) }

    private mutating func typed<Value: Decodable>(_ cell: String, _ type: Value.Type) -> Value? {
        let key = BeeBloomTinyBase.CellKey(stringValue: cell)
        guard cells.contains(key) else { return nil }
        if let value = try? cells.decode(type, forKey: key) { return value }
        dropped.append("\(table).\(cell)")
        return nil
    }
}

/// Cells dropped for their type, by table and cell, as TinyBase's schema drops them on load.
struct BeeBloomDroppedCells {
    private var counts: [String: Int] = [:]

    mutating func add(_ cells: BeeBloomTinyBaseCells) {
        for cell in cells.dropped { counts[cell, default: 0] += 1 }
    }

    func diagnostics(file: String) -> [Diagnostic] {
        counts.keys.sorted().map { cell in
            let count = counts[cell]!
            return Diagnostic(
                .warning,
                "\(cell): \(count) cell\(count == 1 ? "" : "s") of the wrong type, dropped as TinyBase drops "
                    + "them on load",
                file: file)
        }
    }
}
