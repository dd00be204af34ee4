import Foundation
import GlimpseCore

/// Where a day's refreshes get their prices, and what the detail page says about it.
struct BitPalPriceSource: Sendable {
    var kind: Kind
    var note: String
    var diagnostics: [Diagnostic]

    /// Where a refresh gets its prices.
    enum Kind: Sendable {
        /// Offline: `widgetPortfolioData` as stored, never recomputed.
        case cached
        /// A `prices.yaml` series and outages.
        case scripted(BitPalPrices.Script)
        /// One live fetch at `now`, shared by every family; later refreshes use `script` when
        /// there is one, otherwise get nothing new (the fetched prices go stale).
        case fetched(BitPalPrices.Quote, at: Date, then: BitPalPrices.Script?)
    }
}
