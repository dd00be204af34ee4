import AppGroupStore
import Foundation
import GlimpseCore

extension BitPalStoreFile {
    /// The store's two files, as read; a file that is absent or cannot be decoded is `nil`.
    struct Contents: Sendable {
        var refresh: RefreshData?
        var stored: PortfolioData?
        /// Nothing in the store could be read: the widget shows the unreadable state.
        var unreadable = false
    }
}

extension BitPalApp {
    /// Reads `WidgetData/refresh_data.json` and `portfolio.json` once for all families. Without
    /// them the portfolio is empty; files that both fail to decode are unreadable. A container
    /// with neither but Glimpse's earlier suite is read from the suite, with a warning.
    func load(store: StoreRoot?) -> LoadedStore<BitPalStoreFile.Contents> {
        var reader = StoreReader(store, containers: containerIdentifiers)
        guard reader.containerIdentifier != nil else { return reader.loaded(BitPalStoreFile.Contents()) }
        let real = reader.fileExists(BitPalStoreFile.refreshPath) || reader.fileExists(BitPalStoreFile.portfolioPath)
        if !real && reader.fileExists(BitPalStoreFile.earlierPlistPath) { return loadEarlierSuite(&reader) }
        var contents = BitPalStoreFile.Contents()
        let refresh = reader.read(BitPalStoreFile.refreshPath, ifMissing: "showing the empty portfolio") {
            bytes, file in
            (try StoreJSON.decode(BitPalStoreFile.WidgetRefreshData.self, from: bytes, file: file).refreshData, [])
        }
        contents.refresh = refresh.value
        // No holdings and no cache, or no files at all: the empty portfolio, with nothing more to say.
        let cached = reader.fileExists(BitPalStoreFile.portfolioPath)
        if !cached && (refresh.value?.holdings.isEmpty ?? !refresh.isUnreadable) { return reader.loaded(contents) }
        let portfolio = reader.read(
            BitPalStoreFile.portfolioPath, ifMissing: "the holdings show once a refresh prices them"
        ) { bytes, file in
            (try StoreJSON.decode(BitPalStoreFile.WidgetPortfolioData.self, from: bytes, file: file), [])
        }
        let quantities = Dictionary(
            (contents.refresh?.holdings ?? []).map { ($0.coinId, $0.quantity) }, uniquingKeysWith: { first, _ in first }
        )
        contents.stored = portfolio.value?.portfolioData(quantities: quantities)
        contents.unreadable =
            contents.refresh == nil && contents.stored == nil && (refresh.isUnreadable || portfolio.isUnreadable)
        return reader.loaded(contents)
    }

    /// The suite Glimpse's earlier samples wrote: `widgetRefreshData` and `widgetPortfolioData`,
    /// JSON in `Data`. A value that is absent or cannot be decoded is `nil`.
    func loadEarlierSuite(_ reader: inout StoreReader) -> LoadedStore<BitPalStoreFile.Contents> {
        var contents = BitPalStoreFile.Contents()
        reader.note(
            Diagnostic(
                .warning,
                "the keys widgetRefreshData and widgetPortfolioData are Glimpse's earlier sample format; BitPal writes "
                    + "WidgetData/refresh_data.json and WidgetData/portfolio.json. Read until the next release",
                file: reader.displayPath(BitPalStoreFile.earlierPlistPath)))
        switch reader.suite(BitPalStoreFile.earlierPlistPath, ifMissing: "showing the empty portfolio") {
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
