import Foundation

/// BitPal's own settings: where a build's live prices come from. The command line builds it from
/// `--prices-url` and its companions; the default keeps builds offline.
public struct BitPalConfiguration: Sendable {
    /// Live prices, fetched once per build and store; `nil` shows the cached data as stored.
    public var prices: (any BitPalPrices.Fetcher)?

    public init(prices: (any BitPalPrices.Fetcher)? = nil) {
        self.prices = prices
    }
}

/// BitPal's live prices: what a refresh asks for and gets back, who fetches them
/// (`Fetcher`, implemented over HTTP outside the widget core), and a scenario's scripted day of
/// prices (docs/widgets/bitpal.md#prices-and-staleness).
public enum BitPalPrices {
    /// The API's cap on ids per request; more are sent in chunks, the one deviation from "one
    /// request per refresh" (docs/widgets/bitpal.md#prices-and-staleness).
    public static let idsPerRequest = 250
}

extension BitPalPrices {
    /// Why a price request gave nothing usable. The widget then shows cached data
    /// (docs/widgets/bitpal.md#prices-and-staleness).
    public enum Failure: String, Sendable, CaseIterable {
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
}

extension BitPalPrices {
    /// The answer to one batched price request.
    public enum Quote: Hashable, Sendable {
        /// Prices by coin id, in the requested currency.
        case prices([String: Decimal])
        case failed(BitPalPrices.Failure, detail: String?)
    }
}

extension BitPalPrices {
    /// Live prices, fetched once per build and store (`--prices-url`), before the day is simulated.
    /// `CoinGeckoFetcher` asks over HTTP; a test can pass its own.
    public protocol Fetcher: Sendable {
        /// One request per 250 ids (the API's cap): all of them, in `currency`.
        func fetch(ids: [String], currency: String) async -> BitPalPrices.Quote
        /// What is asked, for the record of a build's inputs: `https://…/coins/markets`.
        var endpoint: String { get }
    }
}

extension BitPalPrices.Fetcher {
    public var endpoint: String { String(describing: Self.self) }
}
