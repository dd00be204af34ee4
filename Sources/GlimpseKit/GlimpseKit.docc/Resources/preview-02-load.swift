import GlimpseKit

extension WaterIntakeApp {
    /// The store, read once for every family: the file, or `nil` for the no-data state. A missing
    /// container or file, and a file that is not what the app writes, each come with a diagnostic.
    func load(store: StoreRoot?) -> LoadedStore<WaterIntakeStoreFile?> {
        var reader = StoreReader(store, containers: containerIdentifiers)
        let read = reader.read(WaterIntakeStoreFile.fileName, ifMissing: "showing the no-data state") {
            bytes, file in
            let decoded = try StoreJSON.decode(WaterIntakeStoreFile.self, from: bytes, file: file)
            return WaterIntakeRules.validate(decoded, file: file)
        }
        return reader.loaded(read.value ?? nil)
    }
}
