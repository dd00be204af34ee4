import Foundation
import Synchronization
import WidgetTimeline

/// What the BitPal widget shows from `date` on.
struct BitPalEntry: TimelineEntry, Hashable {
    enum Content: Hashable, Sendable {
        /// Priced holdings in `currency`.
        case portfolio(BitPalStoreFile.PortfolioData, currency: String)
        /// No holdings (docs/widgets/bitpal.md#states).
        case empty
        /// Nothing readable in the store and nothing fetched.
        case unreadable
    }

    var date: Date
    var content: Content

    /// Data 60 minutes old or more carries the stale indicator (docs/widgets/bitpal.md#prices-and-staleness).
    static let staleAfter: TimeInterval = 60 * 60

    var isStale: Bool {
        guard case .portfolio(let data, _) = content else { return false }
        return date.timeIntervalSince(data.lastUpdated) >= Self.staleAfter
    }
}

/// Refreshes every 15 minutes (docs/widgets/bitpal.md#timeline): each refresh makes one batched request, recomputes the
/// portfolio from `widgetRefreshData`, and falls back to the last good data when the request
/// fails (docs/widgets/bitpal.md#prices-and-staleness). Keeps that data between reloads, as the real widget keeps it
/// in the App Group.
final class BitPalProvider: TimelineProvider, Sendable {
    static let refreshInterval: TimeInterval = 15 * 60

    let refresh: BitPalStoreFile.RefreshData?
    let stored: BitPalStoreFile.PortfolioData?
    let source: BitPalPriceSource.Kind
    /// Holdings the app removes during the day.
    let removals: [(at: Date, coinId: String)]
    /// The suite could not be read at all.
    let unreadable: Bool
    /// The last good data, as the widget writes it back to `widgetPortfolioData`.
    let cache: Mutex<BitPalStoreFile.PortfolioData?>

    /// Portfolios already priced, by holdings and prices.
    let pricing = BitPalPricingMemo()

    init(
        refresh: BitPalStoreFile.RefreshData?, stored: BitPalStoreFile.PortfolioData?, source: BitPalPriceSource.Kind,
        removals: [(at: Date, coinId: String)] = [], unreadable: Bool = false
    ) {
        self.unreadable = unreadable
        self.refresh = refresh
        self.stored = stored
        self.source = source
        self.removals = removals
        var ordered = stored
        if let data = stored { ordered?.holdings = BitPalRules.byValue(data.holdings) }
        cache = Mutex(ordered)
    }

    func placeholder(in context: TimelineProviderContext) -> BitPalEntry {
        let sample = BitPalStoreFile.PortfolioData(
            totalValue: 12_345.67, totalPnL: 1_234.56, totalPnLPercent: 11.11,
            holdings: [
                BitPalStoreFile.PortfolioData.Holding(
                    coinId: "bitcoin", symbol: "BTC", price: 97_000, value: 9_700, pnl: 900, pnlPercent: 10.23),
                BitPalStoreFile.PortfolioData.Holding(
                    coinId: "ethereum", symbol: "ETH", price: 3_500, value: 2_645.67, pnl: 334.56, pnlPercent: 14.48),
            ],
            lastUpdated: context.date)
        return BitPalEntry(date: context.date, content: .portfolio(sample, currency: refresh?.currency ?? "USD"))
    }

    func snapshot(in context: TimelineProviderContext) -> BitPalEntry {
        BitPalEntry(date: context.date, content: content(cache.withLock { $0 }, at: context.date))
    }

    /// The refresh data the app has written by `date`.
    func refreshData(at date: Date) -> BitPalStoreFile.RefreshData? {
        guard var data = refresh else { return nil }
        let removed = Set(removals.filter { $0.at <= date }.map(\.coinId))
        data.holdings.removeAll { removed.contains($0.coinId) }
        return data
    }

    func timeline(in context: TimelineProviderContext) -> Timeline<BitPalEntry> {
        let now = context.date
        let data = refreshData(at: now)
        var note: String?
        if let data, !data.holdings.isEmpty {
            let ids = data.holdings.map(\.coinId)
            switch refreshOutcome(data, ids: ids, at: now) {
            case .priced(let priced, let missing):
                if missing.count == ids.count {
                    note = "prices: none of the \(ids.count) coins priced; cached data kept"
                } else {
                    cache.withLock { $0 = priced }
                    note =
                        "prices: 1 request, \(ids.count - missing.count) of \(ids.count) coins priced"
                        + (missing.isEmpty ? "" : "; no price for \(missing.prefix(5).joined(separator: ", "))")
                }
            case .failed(let failure, let detail):
                note = "prices: \(failure.description)\(detail.map { " (\($0))" } ?? ""); cached data kept"
            case .offline:
                note = nil
            }
            // Holdings the app removed leave the cached data too, priced as cached.
            cache.withLock { cached in
                guard let current = cached, current.holdings.contains(where: { !ids.contains($0.coinId) }) else {
                    return
                }
                let prices = Dictionary(
                    current.holdings.compactMap { holding in holding.price.map { (holding.coinId, $0) } },
                    uniquingKeysWith: { first, _ in first })
                cached = BitPalRules.price(data, prices: prices, at: current.lastUpdated).0
            }
        }
        let current = cache.withLock { $0 }
        var dates = [now]
        if let current {
            // The stale indicator appears at 60 minutes, then its age counts up by the hour.
            let marks = (1...25).map { current.lastUpdated + Double($0) * 3600 }.filter {
                $0 > now && $0 < now + 86_400
            }
            dates += marks
        }
        let entries = dates.map { BitPalEntry(date: $0, content: content(current, at: $0, data: data)) }
        return Timeline(entries: entries, policy: .after(now + Self.refreshInterval), note: note)
    }

    func content(
        _ current: BitPalStoreFile.PortfolioData?, at date: Date, data: BitPalStoreFile.RefreshData?? = nil
    ) -> BitPalEntry.Content {
        if unreadable { return .unreadable }
        let data = data ?? refreshData(at: date)
        if let data, data.holdings.isEmpty { return .empty }
        guard let current else {
            // Holdings but no prices yet, and none to fetch: nothing honest to show.
            return data == nil ? .empty : .unreadable
        }
        if current.holdings.isEmpty, data == nil { return .empty }
        return .portfolio(current, currency: data?.currency ?? refresh?.currency ?? "USD")
    }

    /// What a refresh at `date` came to.
    enum RefreshOutcome {
        case priced(BitPalStoreFile.PortfolioData, missing: [String])
        case failed(BitPalPrices.Failure, detail: String?)
        /// Offline by design: the cached data is shown as stored.
        case offline
    }

    /// A refresh at `date`: its one request's answer, and the holdings priced from it.
    func refreshOutcome(_ data: BitPalStoreFile.RefreshData, ids: [String], at date: Date) -> RefreshOutcome {
        switch quote(ids: ids, at: date) {
        case .prices(let prices)?:
            let (priced, missing) = pricing.price(data, prices: prices, at: date)
            return .priced(priced, missing: missing)
        case .failed(let failure, let detail)?:
            return .failed(failure, detail: detail)
        case nil:
            return .offline
        }
    }

    /// The answer to a refresh's one batched request at `date`; `nil` when offline by design (cached).
    func quote(ids: [String], at date: Date) -> BitPalPrices.Quote? {
        switch source {
        case .cached:
            return nil
        case .scripted(let script):
            return script.quote(ids: ids, at: date)
        case .fetched(let fetched, let at, let script):
            if date == at { return fetched }
            if let script { return script.quote(ids: ids, at: date) }
            return .failed(.offline, detail: "live prices are fetched once per build, at now")
        }
    }
}

/// Portfolios by what they were priced from: `BitPalRules.price` in `Decimal` is costly, and prices
/// move by the hour while refreshes come every 15 minutes, so three refreshes in four price the
/// same holdings at the same prices.
final class BitPalPricingMemo: Sendable {
    private struct Input: Hashable {
        var data: BitPalStoreFile.RefreshData
        var prices: [String: Decimal]
    }

    private let portfolios = Mutex<[Input: (data: BitPalStoreFile.PortfolioData, missing: [String])]>([:])

    init() {}

    /// `BitPalRules.price`, done once for each holdings and prices; only `lastUpdated` differs.
    func price(
        _ data: BitPalStoreFile.RefreshData, prices: [String: Decimal], at date: Date
    ) -> (BitPalStoreFile.PortfolioData, missing: [String]) {
        let input = Input(data: data, prices: prices)
        if var known = portfolios.withLock({ $0[input] }) {
            known.data.lastUpdated = date
            return (known.data, known.missing)
        }
        let priced = BitPalRules.price(data, prices: prices, at: date)
        portfolios.withLock { $0[input] = (priced.0, priced.missing) }
        return priced
    }
}
