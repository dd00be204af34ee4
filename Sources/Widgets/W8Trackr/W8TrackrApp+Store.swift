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
        var reader = StoreReader(store, containerIdentifier: containerIdentifier)
        guard reader.hasContainer else { return reader.loaded(.notSetUp) }
        var unit = W8TrackrUnit.lb
        var goal: Double?
        let suite = reader.suite(W8TrackrStoreFile.suitePath, ifMissing: "it holds preferredWeightUnit: showing lb")
        if let suite = suite.value {
            let preferences = W8TrackrRules.preferences(suite, file: reader.displayPath(W8TrackrStoreFile.suitePath))
            (unit, goal) = (preferences.unit, preferences.goal)
            for diagnostic in preferences.diagnostics { reader.note(diagnostic) }
        }
        var kept = W8TrackrRelevantWeights(window: window)
        var skipped = 0
        let rows = reader.rows(
            of: W8TrackrStoreFile.weightTable, at: W8TrackrStoreFile.storePaths,
            ifMissing: "no SwiftData store (default.store) yet: no entries"
        ) { row in
            // A column may hold any type: a row whose values are not what they should be is skipped.
            guard let weighIn = Self.weighIn(row) else {
                skipped += 1
                return
            }
            kept.add(weighIn)
        }
        switch rows {
        case .noStore, .absent:
            return reader.loaded(.data(W8TrackrLog(entries: [], unit: unit, goal: goal)))
        case .unreadable:
            return reader.loaded(.unreadable)
        case .read(let (read, file)):
            for diagnostic in Self.skippedRows(skipped: skipped, oversized: read.oversized, file: file) {
                reader.note(diagnostic)
            }
            reader.keep(Self.excerpt(rows: read.rows, newest: kept.newest, file: file))
            return reader.loaded(.data(W8TrackrLog(entries: kept.entries, unit: unit, goal: goal)))
        }
    }

    /// A row of `ZWEIGHTENTRY` as a weigh-in; `nil` for a row with a missing or implausible weight,
    /// unit or date.
    static func weighIn(_ row: SQLiteRow) -> W8TrackrWeighIn? {
        guard let id = row.integer("Z_PK"), let value = row.real("ZWEIGHTVALUE"),
            let unit = row.text("ZUNIT").flatMap(W8TrackrUnit.init(rawValue:)),
            let seconds = row.real("ZDATE"), seconds.isFinite, W8TrackrRules.isPlausible(value, in: unit)
        else { return nil }
        return W8TrackrWeighIn(id: id, value: value, unit: unit, date: Date(timeIntervalSinceReferenceDate: seconds))
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
