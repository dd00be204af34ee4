import ArgumentParser
import Foundation

/// BitPal's options on `glimpse build`: live prices from a CoinGecko-compatible API.
public struct BitPalOptions: ParsableArguments {
    @Option(
        name: .customLong("prices-url"),
        help: ArgumentHelp(
            "A CoinGecko-compatible API base (https://api.coingecko.com/api/v3). One fetch at --now per store; on any failure, cached data.",
            valueName: "url"))
    public var pricesURL: String?

    @Option(
        name: .customLong("prices-api-key"),
        help: ArgumentHelp("An API key, sent in --prices-api-key-header.", valueName: "key"))
    public var pricesAPIKey: String?

    @Option(
        name: .customLong("prices-api-key-header"), help: ArgumentHelp("The header for the key.", valueName: "name"))
    public var pricesAPIKeyHeader: String = "x-cg-demo-api-key"

    @Option(
        name: .customLong("prices-timeout"),
        help: ArgumentHelp(
            "Seconds before a price request gives up (docs/widgets/bitpal.md#timeline).", valueName: "seconds"))
    public var pricesTimeout: Double = CoinGeckoFetcher.defaultTimeout

    public init() {}

    public func validate() throws {
        if let pricesURL,
            URL(string: pricesURL).map({ ["http", "https"].contains($0.scheme ?? "") && $0.host != nil }) != true
        {
            throw ValidationError("--prices-url \(pricesURL): expected an http or https URL")
        }
        if !(pricesTimeout > 0 && pricesTimeout <= 120) {
            throw ValidationError("--prices-timeout must be more than 0 and at most 120 seconds")
        }
    }

    /// The live price source these options ask for; `nil` keeps builds offline.
    var fetcher: CoinGeckoFetcher? {
        pricesURL.flatMap(URL.init(string:)).map {
            CoinGeckoFetcher(
                baseURL: $0, apiKey: pricesAPIKey, apiKeyHeader: pricesAPIKeyHeader, timeout: pricesTimeout)
        }
    }
}
