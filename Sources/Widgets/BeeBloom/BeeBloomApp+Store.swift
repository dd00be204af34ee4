import AppGroupStore
import GlimpseCore

extension BeeBloomApp {
    /// Reads `habits.json` once for all families. The app writes the file with its first habit:
    /// without one, or without a container, there are no habits yet.
    func load(store: StoreRoot?) -> LoadedStore<BeeBloomStoreTimeline.Loaded> {
        var reader = StoreReader(store, containerIdentifier: containerIdentifier)
        let read = reader.read(BeeBloomStoreFile.fileName, ifMissing: "showing the no-habits state") { bytes, file in
            BeeBloomRules.validate(try StoreJSON.decode(BeeBloomStoreFile.self, from: bytes, file: file), path: file)
        }
        let initial: BeeBloomStoreTimeline.Loaded =
            switch read {
            case .noStore, .absent: .empty
            case .unreadable: .unreadable
            case .read(let file): .file(file)
            }
        return reader.loaded(initial)
    }
}
