import AppGroupStore
import Foundation
import GlimpseCore

/// Where a day's refreshes get their prices, and what the detail page says about it.
struct PriceSource: Sendable {
    var kind: PriceSourceKind
    var note: String
    var diagnostics: [Diagnostic]
}

extension BitPalApp {
    /// Where refreshes get prices: a live fetch (`--prices-url`), a scenario's `prices.yaml`, or the cache.
    func priceSource(loaded: Loaded, script: PriceScript?, start: Date, log: InputLog) async -> PriceSource {
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
            let requests = (ids.count + PriceFetchLimits.idsPerRequest - 1) / PriceFetchLimits.idsPerRequest
            return PriceSource(
                kind: .fetched(quote, at: start, then: script),
                note:
                    "Prices: fetched live once at the start, \(requests) request\(requests == 1 ? "" : "s") for \(ids.count) coins; "
                    + (script == nil
                        ? "later refreshes get nothing new, so the data goes stale after 60 minutes."
                        : "later refreshes follow prices.yaml."),
                diagnostics: diagnostics)
        }
        if let script {
            return PriceSource(
                kind: .scripted(script), note: "Prices: scripted by the scenario's prices.yaml, outages included.",
                diagnostics: [])
        }
        return PriceSource(
            kind: .cached,
            note:
                "Prices: offline; the widget shows widgetPortfolioData as stored and never recomputes it. Pass --prices-url for live prices.",
            diagnostics: [])
    }

    /// Reads the suite once for all families.
    func load(store: StoreRoot?) -> Loaded {
        var loaded = Loaded()
        guard let store else { return loaded }
        do {
            let container = try store.container(containerIdentifier)
            let file = container.displayPath(BitPalSuite.plistPath)
            let bytes: Data
            do {
                bytes = try container.data(at: BitPalSuite.plistPath)
            } catch .fileMissing(let missing) {
                loaded.diagnostics.append(
                    Diagnostic(.warning, "file not found; showing the empty portfolio", file: missing))
                return loaded
            }
            do {
                let suite = try UserDefaultsSuite(data: bytes, file: file)
                loaded.excerpts = [
                    StoreExcerpt(
                        file: file,
                        text: suite.values.keys.sorted().map { "\($0) = \(suite.values[$0]!.displayText)" }.joined(
                            separator: "\n"))
                ]
                do {
                    loaded.refresh = try suite.decodeJSON(WidgetRefreshData.self, forKey: WidgetRefreshData.key)
                } catch {
                    loaded.diagnostics.append(error.diagnostic)
                }
                do {
                    loaded.stored = try suite.decodeJSON(WidgetPortfolioData.self, forKey: WidgetPortfolioData.key)
                } catch {
                    loaded.diagnostics.append(error.diagnostic)
                }
                if loaded.refresh == nil && loaded.stored == nil && !loaded.diagnostics.isEmpty {
                    loaded.unreadable = true
                }
            } catch {
                loaded.unreadable = true
                loaded.diagnostics.append(error.diagnostic)
            }
        } catch {
            loaded.diagnostics.append(error.diagnostic)
        }
        return loaded
    }
}
