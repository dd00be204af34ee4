import Foundation

/// Why a price request gave nothing usable. The widget then shows cached data
/// (docs/widgets/bitpal.md#prices-and-staleness).
public enum PriceFailure: String, Sendable, CaseIterable {
    case timeout
    case rateLimited = "http429"
    case malformed
    case offline
    case httpError

    public var description: String {
        switch self {
        case .timeout: "timed out"
        case .rateLimited: "HTTP 429, rate-limited"
        case .malformed: "malformed JSON"
        case .offline: "offline"
        case .httpError: "HTTP error"
        }
    }
}

/// The answer to one batched price request.
public enum PriceQuote: Hashable, Sendable {
    /// Prices by coin id, in the requested currency.
    case prices([String: Decimal])
    case failed(PriceFailure, detail: String?)
}

/// Live prices, fetched once per build and store (`--prices-url`), before the day is simulated.
/// `CoinGeckoFetcher` asks over HTTP; a test can pass its own.
public protocol PriceFetcher: Sendable {
    /// One request per 250 ids (the API's cap): all of them, in `currency`.
    func fetch(ids: [String], currency: String) async -> PriceQuote
    /// What is asked, for the record of a build's inputs: `https://…/coins/markets`.
    var endpoint: String { get }
}

extension PriceFetcher {
    public var endpoint: String { String(describing: Self.self) }
}

/// A scripted day of prices, from a scenario's `prices.yaml`: a series per coin, each price
/// holding until the next point, and windows when the API fails.
public struct PriceScript: Hashable, Sendable {
    public struct Point: Hashable, Sendable {
        public var at: Date
        public var price: Decimal

        public init(at: Date, price: Decimal) {
            self.at = at
            self.price = price
        }
    }

    public struct Outage: Hashable, Sendable {
        public var interval: DateInterval
        public var failure: PriceFailure

        public init(interval: DateInterval, failure: PriceFailure) {
            self.interval = interval
            self.failure = failure
        }
    }

    public var series: [String: [Point]]
    public var outages: [Outage]

    public init(series: [String: [Point]], outages: [Outage] = []) {
        self.series = series.mapValues { $0.sorted { $0.at < $1.at } }
        self.outages = outages
    }

    /// What a request at `date` gets: a failure inside an outage, otherwise each coin's
    /// latest price at or before `date` (a coin with none is absent).
    public func quote(ids: [String], at date: Date) -> PriceQuote {
        if let outage = outages.first(where: { $0.interval.start <= date && date < $0.interval.end }) {
            return .failed(outage.failure, detail: "scripted outage")
        }
        var prices: [String: Decimal] = [:]
        for id in ids {
            if let point = series[id]?.last(where: { $0.at <= date }) { prices[id] = point.price }
        }
        return .prices(prices)
    }
}
