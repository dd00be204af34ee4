import AppGroupStore
import Foundation
import GlimpseCore

extension BitPalApp {
    /// The suite, read once, and where refreshes get their prices.
    public struct Inputs: Sendable {
        var loaded: LoadedStore<BitPalStoreFile.Contents>
        var source: BitPalPriceSource
    }

    /// Reads the suite, the scenario's `prices.yaml`, and with `--prices-url` fetches the prices
    /// once, here, before the day is simulated: the fetch needs the suite's coins.
    public func inputs(_ context: InputContext) async throws -> Inputs {
        let script = try Self.scenarioPrices(context)?.script(from: context.window.start)
        let loaded = load(store: context.store)
        let source = await priceSource(
            loaded: loaded.value, script: script, start: context.window.start, log: context.log)
        return Inputs(loaded: loaded, source: source)
    }

    /// The scenario's `prices.yaml`, read and decoded within the store's timeout, as the store's
    /// own files are: in a user's store it is the user's file, maybe on a mount that stopped answering.
    ///
    /// - Throws: `ContentError` naming the file: broken, or not read within the timeout.
    static func scenarioPrices(_ context: InputContext) throws -> BitPalScenarioPrices? {
        let files = context.scenario
        guard let budget = context.store?.budget else { return try BitPalScenarioPrices.load(from: files) }
        let file = files.displayPath(BitPalScenarioPrices.fileName)
        let loaded: Result<BitPalScenarioPrices?, ContentError>
        do {
            loaded = try budget.run(file) { () throws(StoreError) -> Result<BitPalScenarioPrices?, ContentError> in
                do {
                    return .success(try BitPalScenarioPrices.load(from: files))
                } catch let error as ContentError {
                    return .failure(error)
                } catch {
                    return .failure(ContentError(file: file, reason: "\(error)"))
                }
            }
        } catch .unreadable(_, let reason) {
            throw ContentError(file: file, reason: reason)
        } catch {
            throw ContentError(file: file, reason: "\(error)")
        }
        return try loaded.get()
    }

    /// Where refreshes get prices: a live fetch (`--prices-url`), a scenario's `prices.yaml`, or the cache.
    func priceSource(
        loaded: BitPalStoreFile.Contents, script: BitPalPrices.Script?, start: Date, log: InputLog
    ) async -> BitPalPriceSource {
        let ids = loaded.refresh?.holdings.map(\.coinId) ?? []
        if let prices, let refresh = loaded.refresh, !ids.isEmpty {
            log.record(.network, prices.endpoint)
            let quote = await prices.fetch(ids: ids, currency: refresh.currency)
            var diagnostics: [Diagnostic] = []
            if case .failed(let failure, let detail) = quote {
                diagnostics.append(
                    Diagnostic(
                        .info,
                        "live prices: \(failure.description)\(detail.map { " (\($0))" } ?? ""); showing cached data"))
            }
            let requests = (ids.count + BitPalPrices.idsPerRequest - 1) / BitPalPrices.idsPerRequest
            return BitPalPriceSource(
                kind: .fetched(quote, at: start, then: script),
                note:
                    "Prices: fetched live once at the start, \(requests) request\(requests == 1 ? "" : "s") for "
                    + "\(ids.count) coins; "
                    + (script == nil
                        ? "later refreshes get nothing new, so the data goes stale after 60 minutes."
                        : "later refreshes follow prices.yaml."),
                diagnostics: diagnostics)
        }
        if let script {
            return BitPalPriceSource(
                kind: .scripted(script), note: "Prices: scripted by the scenario's prices.yaml, outages included.",
                diagnostics: [])
        }
        return BitPalPriceSource(
            kind: .cached,
            note:
                "Prices: offline; the widget shows widgetPortfolioData as stored and never recomputes it. Pass "
                + "--prices-url for live prices.",
            diagnostics: [])
    }
}
