/// BitPal's own settings: where a build's live prices come from. The command line builds it from
/// `--prices-url` and its companions; the default keeps builds offline.
public struct BitPalConfiguration: Sendable {
    /// Live prices, fetched once per build and store; `nil` shows the cached data as stored.
    public var prices: (any PriceFetcher)?

    public init(prices: (any PriceFetcher)? = nil) {
        self.prices = prices
    }
}
