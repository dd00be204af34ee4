import AppGroupStore
import Foundation
import GlimpseCore

extension JustNowApp {
    /// Reads `sessions.json` once for all families: the sessions that count at `now`. Missing or
    /// corrupt: no history, with a diagnostic.
    func load(store: StoreRoot?, now: Date) -> LoadedStore<[JustNowStoreFile.Session]> {
        var reader = StoreReader(store, containers: containerIdentifiers)
        if let group = reader.containerIdentifier, group != containerIdentifier {
            reader.note(
                Diagnostic(
                    .warning,
                    "\(group) is the group Glimpse's earlier samples used; Just Now's group is \(containerIdentifier). "
                        + "Read until the next release",
                    file: group))
        }
        let read = reader.read(JustNowStoreFile.fileName, ifMissing: "showing “No recent sessions”") { bytes, file in
            let decoded = try StoreJSON.decode(JustNowStoreFile.self, from: bytes, file: file)
            return JustNowRules.sessions(decoded.sessions, now: now, file: file)
        }
        return reader.loaded(read.value ?? [])
    }
}
