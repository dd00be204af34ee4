import AppGroupStore
import Foundation
import WidgetTimeline

/// BitPal: the portfolio at a glance, refreshed by the widget itself every 15 minutes
/// (`specs/bitpal-widget-background-refresh.md`).
public struct BitPalApp: GalleryApp {
    public let id = "bitpal"
    public let displayName = "BitPal"
    public let containerIdentifier = BitPalSuite.containerIdentifier
    public let families: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge]

    public static let deepLink = "bitpal://portfolio"

    public init() {}

    struct Loaded {
        var refresh: WidgetRefreshData?
        var stored: WidgetPortfolioData?
        var unreadable = false
        var diagnostics: [Diagnostic] = []
        var excerpts: [StoreExcerpt] = []
    }

    public func previews(families: [(WidgetFamily, WidgetSize)], store: StoreRoot?, environment: PreviewEnvironment) throws -> [WidgetPreview] {
        var loaded = load(store: store)
        var removals: [(at: Date, coinId: String)] = []
        for event in environment.events {
            switch event.type {
            case "removeHolding":
                guard let coin = event.parameters["coinId"], !coin.isEmpty else {
                    loaded.diagnostics.append(Diagnostic(.warning, "removeHolding needs a coinId", file: "scenario.yaml"))
                    continue
                }
                removals.append((event.at, coin))
            default:
                loaded.diagnostics.append(Diagnostic(.warning, "unknown BitPal event type \"\(event.type)\"; known: removeHolding", file: "scenario.yaml"))
            }
        }
        let source = priceSource(loaded: loaded, environment: environment)
        let reloads = ScenarioEvent.appReloads(for: environment.events)
        let simulator = TimelineSimulator(budget: environment.budget)
        // Each family is its own widget, with its own reloads and its own cache; they all live
        // the same day (`sharedSimulation`).
        let provider = BitPalProvider(refresh: loaded.refresh, stored: loaded.stored, source: source.kind, removals: removals,
                                      unreadable: loaded.unreadable)
        guard let simulation = simulator.sharedSimulation(provider, families: families, environment: environment, freeReloads: reloads) else {
            return []
        }
        let budgeted = simulation.reloads.filter { $0.budgeted && !$0.refused }.count
        let refused = simulation.reloads.filter(\.refused).count

        // Every family shows the same entries, and prices move hourly while refreshes come every
        // 15 minutes: most amounts recur, and a Decimal takes microseconds to format.
        let amounts = FormattedAmounts(locale: environment.locale)
        return try families.map { family, size in
            try WidgetPreview(
                simulation, of: provider, family: family, size: size, environment: environment,
                diagnostics: loaded.diagnostics + source.diagnostics, storeData: loaded.excerpts,
                notes: [
                    "The widget asks for a refresh every 15 minutes, 96 a day (FR-006). With a budget of \(environment.budget.limit), it really gets \(budgeted) in these 24 hours; \(refused) were refused, and the data on screen stayed as it was until the next one that ran.",
                    source.note,
                    "A tap opens the app at \(Self.deepLink).",
                ]) { entry, redacted in
                try view(of: entry, family: family, redacted: redacted, environment: environment, amounts: amounts)
            }
        }
    }

    /// Where refreshes get prices: a live fetch (`--prices-url`), a scenario's `prices.yaml`, or the cache.
    func priceSource(loaded: Loaded, environment: PreviewEnvironment) -> (kind: PriceSourceKind, note: String, diagnostics: [Diagnostic]) {
        let ids = loaded.refresh?.holdings.map(\.coinId) ?? []
        if let fetcher = environment.prices.fetcher, let refresh = loaded.refresh, !ids.isEmpty {
            let quote = fetcher.fetch(ids: ids, currency: refresh.currency)
            var diagnostics: [Diagnostic] = []
            if case .failed(let failure, let detail) = quote {
                diagnostics.append(Diagnostic(.info, "live prices: \(failure.description)\(detail.map { " (\($0))" } ?? ""); showing cached data"))
            }
            let requests = (ids.count + PriceFetchLimits.idsPerRequest - 1) / PriceFetchLimits.idsPerRequest
            return (.fetched(quote, at: environment.window.start, then: environment.prices.script),
                    "Prices: fetched live once at the start, \(requests) request\(requests == 1 ? "" : "s") for \(ids.count) coins; " +
                    (environment.prices.script == nil ? "later refreshes get nothing new, so the data goes stale after 60 minutes." : "later refreshes follow prices.yaml."),
                    diagnostics)
        }
        if let script = environment.prices.script {
            return (.scripted(script), "Prices: scripted by the scenario's prices.yaml, outages included.", [])
        }
        return (.cached, "Prices: offline; the widget shows widgetPortfolioData as stored and never recomputes it. Pass --prices-url for live prices.", [])
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
                loaded.diagnostics.append(Diagnostic(.warning, "file not found; showing the empty portfolio", file: missing))
                return loaded
            }
            do {
                let suite = try UserDefaultsSuite(data: bytes, file: file)
                loaded.excerpts = [StoreExcerpt(file: file, text: suite.values.keys.sorted().map { "\($0) = \(suite.values[$0]!.displayText)" }.joined(separator: "\n"))]
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
                if loaded.refresh == nil && loaded.stored == nil && !loaded.diagnostics.isEmpty { loaded.unreadable = true }
            } catch {
                loaded.unreadable = true
                loaded.diagnostics.append(error.diagnostic)
            }
        } catch {
            loaded.diagnostics.append(error.diagnostic)
        }
        return loaded
    }

    /// How many holdings each family lists; past that, one fewer and "+N more".
    static func holdingRows(_ family: WidgetFamily) -> Int {
        switch family {
        case .systemMedium: 3
        case .systemLarge: 8
        default: 0
        }
    }

    /// One entry in one family; `amounts` formats the money, once per amount for the preview.
    func view(of entry: BitPalEntry, family: WidgetFamily, redacted: Bool, environment: PreviewEnvironment,
              amounts: FormattedAmounts) throws -> WidgetView {
        let copy = environment.copy
        let locale = environment.locale
        let template = "bitpal/\(family.rawValue)"
        switch entry.content {
        case .empty, .unreadable:
            let empty = entry.content == .empty
            let text = try copy.copy(id, empty ? "empty" : "unreadable")
            let model = BitPalViewModel(redacted: redacted, portfolio: nil, message: .init(html: text.html, empty: empty))
            return WidgetView(state: empty ? "empty" : "unreadable", template: template, model: model, texts: [text.text],
                              links: [Self.deepLink], widgetURL: Self.deepLink, accessibilityLabel: text.text, isPlaceholder: redacted)
        case .portfolio(let data, let currency):
            func trend(_ value: Decimal) -> String { value > 0 ? "gain" : value < 0 ? "loss" : "flat" }
            let percent = data.totalPnLPercent.map(amounts.signedPercent) ?? "—"
            let sorted = Portfolio.byValue(data.holdings)
            let rows = Self.holdingRows(family)
            let shown = sorted.count > rows && family == .systemLarge ? Array(sorted.prefix(rows - 1)) : Array(sorted.prefix(rows))
            let hidden = family == .systemLarge ? sorted.count - shown.count : 0
            let more = hidden > 0 ? try copy.copy(id, "more", values: ["count": locale.integer(hidden)]).text : nil
            let age = entry.date.timeIntervalSince(data.lastUpdated)
            let stale = entry.isStale ? try copy.copy(id, "stale", values: ["age": Self.age(age, locale: locale)]).text : nil
            let updated = try copy.copy(id, "updated", values: ["time": environment.clock(data.lastUpdated)]).text
            let holdings = shown.map { holding in
                BitPalViewModel.HoldingModel(
                    symbol: StoreText.displayable(holding.symbol), value: amounts.money(holding.value, currency: currency),
                    percent: holding.pnlPercent.map(amounts.signedPercent) ?? "—", trend: trend(holding.pnl))
            }
            let total = amounts.money(data.totalValue, currency: currency)
            let model = BitPalViewModel.PortfolioModel(
                heading: try copy.copy(id, "heading").text, total: total, totalFit: Self.fit(total, family: family),
                pnl: amounts.money(data.totalPnL, currency: currency, signed: true), percent: percent, trend: trend(data.totalPnL),
                arrow: data.totalPnL > 0 ? "▲" : data.totalPnL < 0 ? "▼" : "", updated: updated, stale: stale,
                holdings: holdings, more: more)
            let texts = [model.heading, model.total, model.pnl, model.percent]
                + holdings.flatMap { [$0.symbol, $0.value, $0.percent] } + (more.map { [$0] } ?? []) + (stale.map { [$0] } ?? []) + [updated]
            let label = try copy.copy(id, "accessibility", values: [
                "total": model.total, "pnl": model.pnl, "percent": percent, "freshness": [stale, updated].compactMap { $0 }.joined(separator: ", "),
            ]).text
            return WidgetView(state: entry.isStale ? "stale" : "fresh", template: template,
                              model: BitPalViewModel(redacted: redacted, portfolio: model, message: nil),
                              texts: texts, links: [Self.deepLink], widgetURL: Self.deepLink, accessibilityLabel: label, isPlaceholder: redacted)
        }
    }

    /// The type step that fits `total` in the family's column: the total is the widget's point.
    static func fit(_ total: String, family: WidgetFamily) -> String {
        // Characters that fit at each step, in the 124 pt column of small and medium.
        let limits = family == .systemLarge ? [15, 18, 22] : [8, 10, 12]
        let step = limits.firstIndex { total.count <= $0 } ?? limits.count
        return "bp-fit-\(step + 1)"
    }

    /// "1 h", "5 h", "3 d": how old stale data is, in whole hours up to two days, so the
    /// indicator changes once an hour rather than at every refresh.
    static func age(_ seconds: TimeInterval, locale: FormatLocale) -> String {
        let hours = Int(seconds / 3600)
        if hours < 48 { return "\(locale.integer(max(hours, 1))) h" }
        return "\(locale.integer(hours / 24)) d"
    }
}

/// The API's cap on ids per request; more are sent in chunks (a documented deviation from SC-004).
public enum PriceFetchLimits {
    public static let idsPerRequest = 250
}

/// How the build gets prices: a live fetcher (`--prices-url`) and the scenario's `prices.yaml`.
public struct PriceSettings: Sendable {
    public var fetcher: (any PriceFetcher)?
    public var script: PriceScript?

    public init(fetcher: (any PriceFetcher)? = nil, script: PriceScript? = nil) {
        self.fetcher = fetcher
        self.script = script
    }
}
