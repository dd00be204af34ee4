import GlimpseKit

extension StepStreakApp {
    /// The history, read once for every family, or `nil` for the no-data state.
    func load(store: StoreRoot?) -> LoadedStore<StepStreakHistory?> {
        var reader = StoreReader(store, containers: containerIdentifiers)
        let read = reader.read(StepStreakStoreFile.fileName, ifMissing: "showing the no-data state") { bytes, file in
            StepStreakRules.validate(
                try StoreJSON.decode(StepStreakStoreFile.self, from: bytes, file: file), file: file)
        }
        return reader.loaded(read.value ?? nil)
    }
}
