import AppGroupStore
import Foundation
import GlimpseCore

extension BeeBloomApp {
    /// Reads the store once for all families: the TinyBase store `beebloom.db` the real app keeps
    /// in its group (docs/widgets/beebloom.md#store), or `habits.json` of Glimpse's earlier samples,
    /// with a warning. The app makes its database at its first launch and its table at its first
    /// save: without either, or without a container, there are no habits yet.
    func load(store: StoreRoot?, calendar: Calendar) -> LoadedStore<BeeBloomStoreTimeline.Loaded> {
        var reader = StoreReader(store, containers: containerIdentifiers)
        let earlier =
            !reader.fileExists(BeeBloomStoreFile.databaseName)
            && reader.fileExists(BeeBloomStoreFile.earlierFileName)
        if !earlier, let group = reader.containerIdentifier, group != containerIdentifier {
            reader.note(
                Diagnostic(
                    .warning,
                    "\(group) is the group Glimpse's earlier samples used; BeeBloom's is \(containerIdentifier). Read "
                        + "until the next release",
                    file: group))
        }
        let read = earlier ? readEarlierFile(&reader) : readDatabase(&reader, calendar: calendar)
        let initial: BeeBloomStoreTimeline.Loaded =
            switch read {
            case .noStore, .absent: .empty
            case .unreadable: .unreadable
            case .read(let file): .file(file)
            }
        return reader.loaded(initial)
    }

    /// `beebloom.db`: TinyBase's one row, its JSON decoded and checked.
    func readDatabase(_ reader: inout StoreReader, calendar: Calendar) -> StoreRead<BeeBloomStoreFile> {
        var store: Data?
        let rows = reader.rows(
            of: TinyBase.jsonTable, at: [BeeBloomStoreFile.databaseName],
            ifMissing: "no beebloom.db yet (BeeBloom makes it at its first launch): showing the no-habits state"
        ) { row in
            if row.text("_id") == TinyBase.rowID { store = row.bytes("store") }
        }
        guard case .read(let (read, file)) = rows else { return rows.map { _ in BeeBloomStoreFile() } }
        guard let store else {
            if read.oversized > 0 {
                reader.note(Diagnostic(.warning, "tinybase: the store is larger than a store file may be", file: file))
                return .unreadable
            }
            reader.note(
                Diagnostic(
                    .info, "no TinyBase store in it yet (BeeBloom saves one at its first launch): no habits",
                    file: file))
            return .absent
        }
        // Each table's rows are counted before any is decoded: past Limits.storeRows, refused.
        return reader.decoding(store, file: file, maximumMembers: Limits.storeRows.value) { bytes, file in
            var content = try StoreJSON.decode(
                BeeBloomTinyBase.self, from: bytes, file: file, keyPrefix: "tinybase.store")
            var (parsed, notes) = content.takeStoreFile(calendar: calendar, file: file)
            notes += BeeBloomRules.validate(&parsed, path: file)
            return (parsed, notes)
        }
    }

    /// `habits.json`, the format of Glimpse's earlier samples.
    func readEarlierFile(_ reader: inout StoreReader) -> StoreRead<BeeBloomStoreFile> {
        reader.note(
            Diagnostic(
                .warning,
                "habits.json is Glimpse's earlier sample format; BeeBloom keeps its habits in beebloom.db (TinyBase) "
                    + "in \(BeeBloomStoreFile.containerIdentifier). Read until the next release",
                file: reader.displayPath(BeeBloomStoreFile.earlierFileName)))
        return reader.read(BeeBloomStoreFile.earlierFileName, ifMissing: "showing the no-habits state") { bytes, file in
            BeeBloomRules.validate(try StoreJSON.decode(BeeBloomStoreFile.self, from: bytes, file: file), path: file)
        }
    }
}
