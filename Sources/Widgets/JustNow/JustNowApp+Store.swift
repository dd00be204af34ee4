import AppGroupStore
import Foundation
import GlimpseCore

extension JustNowApp {
    /// Reads `sessions.json` once for all families: the sessions that count at `now`. Missing or
    /// corrupt: no history, with a diagnostic.
    func load(store: StoreRoot?, now: Date) -> LoadedStore<[JustNowStoreFile.Session]> {
        var reader = StoreReader(store, containerIdentifier: containerIdentifier)
        let read = reader.read(JustNowStoreFile.fileName, ifMissing: "showing “No recent sessions”") { bytes, file in
            let decoded = try StoreJSON.decode(JustNowStoreFile.self, from: bytes, file: file)
            return JustNowRules.sessions(decoded.sessions, now: now, file: file)
        }
        return reader.loaded(read.value ?? [])
    }
}
