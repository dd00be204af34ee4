import Foundation

/// BitPal's rules: the portfolio's arithmetic, in `Decimal`, rounded half-up to cents only at the end.
enum BitPalRules {
    /// Prices the holdings (docs/widgets/bitpal.md#prices-and-staleness), each symbol in capitals as the
    /// shipped widget's `PortfolioRecalculator` writes it (CoinGecko's are lower case):
    /// value = quantity × price; unrealized P&L = value − quantity × averageCost;
    /// total P&L = Σ unrealized + realizedPnL; P&L % = total P&L ÷ total cost basis × 100.
    ///
    /// The portfolio's percentage is the shipped widget's: total P&L over the total value less it
    /// (which counts realized P&L against the cost basis). A basis of 0 or less has none: `nil`,
    /// shown as "—". A holding without a price is left out of the totals and reported.
    static func price(
        _ refresh: BitPalStoreFile.RefreshData, prices: [String: Decimal], at date: Date
    ) -> (BitPalStoreFile.PortfolioData, missing: [String]) {
        var holdings: [BitPalStoreFile.PortfolioData.Holding] = []
        var missing: [String] = []
        var totalValue = Decimal(0)
        var unrealized = Decimal(0)
        for holding in refresh.holdings {
            guard let price = prices[holding.coinId] else {
                missing.append(holding.coinId)
                continue
            }
            let value = holding.quantity * price
            let cost = holding.quantity * holding.averageCost
            let pnl = value - cost
            totalValue += value
            unrealized += pnl
            holdings.append(
                BitPalStoreFile.PortfolioData.Holding(
                    coinId: holding.coinId, symbol: holding.symbol.uppercased(), price: price, value: cents(value),
                    pnl: cents(pnl),
                    pnlPercent: cost == 0 ? nil : cents(pnl / cost * 100)))
        }
        let total = unrealized + refresh.realizedPnL
        return (
            BitPalStoreFile.PortfolioData(
                totalValue: cents(totalValue), totalPnL: cents(total),
                totalPnLPercent: percent(cents(total), of: cents(totalValue) - cents(total)),
                holdings: byValue(holdings), lastUpdated: date, realizedPnL: refresh.realizedPnL), missing
        )
    }

    /// `amount` as a percentage of `basis`, to cents; `nil` for a basis of 0 or less.
    static func percent(_ amount: Decimal, of basis: Decimal) -> Decimal? {
        basis > 0 ? cents(amount / basis * 100) : nil
    }

    /// Rounds half-up (away from zero on a tie) to two decimals.
    static func cents(_ value: Decimal) -> Decimal {
        var input = value
        var result = Decimal()
        NSDecimalRound(&result, &input, 2, .plain)
        return result
    }

    /// Holdings by value, highest first; ties by symbol so the order is stable.
    ///
    /// Priced data comes out in this order, and the provider puts the stored data in it once:
    /// every frame asks, and comparing `Decimal`s is slow, but a list already in order costs
    /// one comparison per holding.
    static func byValue(_ holdings: [BitPalStoreFile.PortfolioData.Holding]) -> [BitPalStoreFile.PortfolioData.Holding]
    {
        func precedes(
            _ lhs: BitPalStoreFile.PortfolioData.Holding, _ rhs: BitPalStoreFile.PortfolioData.Holding
        ) -> Bool {
            (rhs.value, lhs.symbol) < (lhs.value, rhs.symbol)
        }
        if zip(holdings, holdings.dropFirst()).allSatisfy({ !precedes($1, $0) }) { return holdings }
        return holdings.sorted(by: precedes)
    }
}
