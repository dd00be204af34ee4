import AppGroupStore
import Foundation
import GlimpseCore

extension W8TrackrApp {
    /// Reads the suite and a private copy of the SwiftData store, once for all families. Without
    /// a container the app has never been opened: not set up.
    ///
    /// Every row is read once, through a cursor, but only the weights `window` can show are kept
    /// (`W8TrackrRelevantWeights`): years of weigh-ins cost a pass over them, not memory.
    func load(store: StoreRoot?, window: DateInterval) -> LoadedStore<W8TrackrProvider.Source> {
        var reader = StoreReader(store, containers: containerIdentifiers)
        guard let group = reader.containerIdentifier else { return reader.loaded(.notSetUp) }
        if group != containerIdentifier {
            reader.note(Self.earlierContainerNote(group))
        }
        var unit = W8TrackrUnit.lb
        var goal: Double?
        let suitePath = W8TrackrStoreFile.suitePath(in: group)
        let suite = reader.suite(suitePath, ifMissing: "it holds preferredWeightUnit: showing lb")
        if let suite = suite.value {
            let preferences = W8TrackrRules.preferences(suite, file: reader.displayPath(suitePath))
            (unit, goal) = (preferences.unit, preferences.goal)
            for diagnostic in preferences.diagnostics { reader.note(diagnostic) }
        }
        var kept = W8TrackrRelevantWeights(window: window)
        var rows = W8TrackrRowCount()
        let read = reader.rows(
            of: [W8TrackrStoreFile.weightTable, W8TrackrStoreFile.earlierWeightTable],
            at: W8TrackrStoreFile.storePaths, ifMissing: "no SwiftData store (default.store) yet: no entries"
        ) { row in
            // A column may hold any type: a row whose values are not what they should be is skipped.
            guard let weighIn = Self.weighIn(row, counting: &rows) else { return }
            kept.add(weighIn)
        }
        switch read {
        case .noStore, .absent:
            return reader.loaded(.data(W8TrackrLog(entries: [], unit: unit, goal: goal)))
        case .unreadable:
            return reader.loaded(.unreadable)
        case .read(let (read, file)):
            var notes = Self.skippedRows(skipped: rows.skipped, oversized: read.oversized, file: file)
            notes += Self.unitNotes(rows.otherUnits, file: file)
            if read.layout == 1 { notes.append(Self.earlierColumnNote(file: file)) }
            for diagnostic in notes { reader.note(diagnostic) }
            reader.keep(Self.excerpt(rows: read.rows, newest: kept.newest, file: file))
            return reader.loaded(.data(W8TrackrLog(entries: kept.entries, unit: unit, goal: goal)))
        }
    }

    /// A row of `ZWEIGHTENTRY` as a weigh-in; `nil` for a row with a missing or implausible weight,
    /// unit or date. The unit is read as the app reads it: `kg`, or else pounds (`lb`, and `lbs`,
    /// which the app writes when an entry is edited; any other text is counted in `rows`).
    static func weighIn(_ row: SQLiteRow, counting rows: inout W8TrackrRowCount) -> W8TrackrWeighIn? {
        guard let id = row.integer("Z_PK"), let value = row.real("ZWEIGHTVALUE"),
            let stored = row.text("ZWEIGHTUNIT") ?? row.text("ZUNIT"),
            let seconds = row.real("ZDATE"), seconds.isFinite
        else {
            rows.skipped += 1
            return nil
        }
        let unit = W8TrackrUnit(stored: stored)
        guard W8TrackrRules.isPlausible(value, in: unit) else {
            rows.skipped += 1
            return nil
        }
        if !W8TrackrUnit.written.contains(stored) { rows.otherUnits[String(stored.prefix(20)), default: 0] += 1 }
        return W8TrackrWeighIn(id: id, value: value, unit: unit, date: Date(timeIntervalSinceReferenceDate: seconds))
    }

    /// The warning for a store found under the group Glimpse's samples used before.
    static func earlierContainerNote(_ group: String) -> Diagnostic {
        Diagnostic(
            .warning,
            "\(group) is the group Glimpse's earlier samples used; W8Trackr writes "
                + "\(W8TrackrStoreFile.containerIdentifier) (its SwiftData store and the suite of the same name). "
                + "Read until the next release",
            file: group)
    }

    /// The warning for a `ZWEIGHTENTRY` with Glimpse's earlier column `ZUNIT`.
    static func earlierColumnNote(file: String) -> Diagnostic {
        Diagnostic(
            .warning,
            "ZWEIGHTENTRY.ZUNIT is the column Glimpse's earlier samples had; SwiftData writes the entry's weightUnit "
                + "as ZWEIGHTUNIT. Read until the next release",
            file: file)
    }

    /// One warning per unit text the app does not write, read as pounds as the app reads it.
    static func unitNotes(_ units: [String: Int], file: String) -> [Diagnostic] {
        units.keys.sorted().map { text in
            let rows = "\(units[text]!) row\(units[text]! == 1 ? "" : "s")"
            return Diagnostic(
                .warning,
                "ZWEIGHTENTRY: \(rows) with the unit \"\(text)\", read as lb, as the app reads any unit but kg",
                file: file)
        }
    }

    /// The warnings for rows left out: implausible ones, and ones with a value too long to load.
    static func skippedRows(skipped: Int, oversized: Int, file: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        if skipped > 0 {
            let rows = "\(skipped) row\(skipped == 1 ? "" : "s")"
            let message = "ZWEIGHTENTRY: \(rows) with a missing or implausible weight, unit or date were skipped"
            diagnostics.append(Diagnostic(.warning, message, file: file))
        }
        if oversized > 0 {
            let limit = W8TrackrStoreFile.weightTable.maximumValueBytes / 1024
            let rows = "\(oversized) row\(oversized == 1 ? "" : "s")"
            let message =
                "ZWEIGHTENTRY: \(rows) with a value over \(limit) KiB \(oversized == 1 ? "was" : "were") skipped, "
                + "unread"
            diagnostics.append(Diagnostic(.warning, message, file: file))
        }
        return diagnostics
    }

    /// What the inspector shows of the table: how many rows, and the newest weigh-in.
    static func excerpt(rows: Int, newest: W8TrackrWeighIn?, file: String) -> StoreExcerpt {
        let newest = newest.map { "; newest \($0.value) \($0.unit.rawValue) at \($0.date.formatted(.iso8601))" }
        return StoreExcerpt(file: file, text: "ZWEIGHTENTRY: \(rows) row\(rows == 1 ? "" : "s")" + (newest ?? ""))
    }
}

/// What a pass over `ZWEIGHTENTRY` set aside: rows skipped, and units the app does not write.
struct W8TrackrRowCount {
    var skipped = 0
    /// Unit text other than `lb`, `lbs` or `kg` → rows.
    var otherUnits: [String: Int] = [:]
}
