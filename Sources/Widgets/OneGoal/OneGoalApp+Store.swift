import AppGroupStore
import GlimpseCore

extension OneGoalApp {
    /// Reads and checks the snapshot once for all families: the goal, or `nil` for the no-goal state.
    func load(store: StoreRoot?) -> LoadedStore<OneGoalProgress?> {
        var reader = StoreReader(store, containers: containerIdentifiers)
        let read = reader.read(OneGoalStoreFile.fileName, ifMissing: "showing the no-goal state") { bytes, file in
            OneGoalRules.validate(try StoreJSON.decode(OneGoalStoreFile.self, from: bytes, file: file), file: file)
        }
        return reader.loaded(read.value ?? nil)
    }
}
