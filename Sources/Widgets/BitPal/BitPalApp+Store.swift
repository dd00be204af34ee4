import AppGroupStore
import GlimpseCore

extension BitPalStoreFile {
    /// The suite's two values, as read; a value that is absent or cannot be decoded is `nil`.
    struct Contents: Sendable {
        var refresh: RefreshData?
        var stored: PortfolioData?
        /// Nothing in the suite could be read: the widget shows the unreadable state.
        var unreadable = false
    }
}

extension BitPalApp {
    /// Reads the suite once for all families. Without it the portfolio is empty; a suite that
    /// cannot be read, or whose values all fail to decode, is unreadable.
    func load(store: StoreRoot?) -> LoadedStore<BitPalStoreFile.Contents> {
        var reader = StoreReader(store, containerIdentifier: containerIdentifier)
        var contents = BitPalStoreFile.Contents()
        switch reader.suite(BitPalStoreFile.plistPath, ifMissing: "showing the empty portfolio") {
        case .noStore, .absent: break
        case .unreadable: contents.unreadable = true
        case .read(let suite):
            var failed = false
            func decode<Value: Decodable>(_ type: Value.Type, _ key: String) -> Value? {
                do {
                    var notes: [Diagnostic] = []
                    defer { for note in notes { reader.note(note) } }
                    return try suite.decodeJSON(type, forKey: key, notes: &notes)
                } catch {
                    reader.note(error.diagnostic)
                    failed = true
                    return nil
                }
            }
            contents.refresh = decode(BitPalStoreFile.RefreshData.self, BitPalStoreFile.RefreshData.key)
            contents.stored = decode(BitPalStoreFile.PortfolioData.self, BitPalStoreFile.PortfolioData.key)
            contents.unreadable = contents.refresh == nil && contents.stored == nil && failed
        }
        return reader.loaded(contents)
    }
}
