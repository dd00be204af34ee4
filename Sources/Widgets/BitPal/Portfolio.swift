import Foundation

/// BitPal's arithmetic, in `Decimal`, rounded half-up to cents only at the end.
public enum Portfolio {
    /// Prices the holdings (docs/widgets/bitpal.md#prices-and-staleness):
    /// value = quantity × price; unrealized P&L = value − quantity × averageCost;
    /// total P&L = Σ unrealized + realizedPnL; P&L % = total P&L ÷ total cost basis × 100.
    ///
    /// A total cost basis of 0 (only gifts, or only realized gains) has no percentage: `nil`,
    /// shown as "—". A holding without a price is left out of the totals and reported.
    public static func price(
        _ refresh: WidgetRefreshData, prices: [String: Decimal], at date: Date
    ) -> (WidgetPortfolioData, missing: [String]) {
        var holdings: [PortfolioHolding] = []
        var missing: [String] = []
        var totalValue = Decimal(0)
        var unrealized = Decimal(0)
        var costBasis = Decimal(0)
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
            costBasis += cost
            holdings.append(
                PortfolioHolding(
                    coinId: holding.coinId, symbol: holding.symbol, price: price, value: cents(value), pnl: cents(pnl),
                    pnlPercent: cost == 0 ? nil : cents(pnl / cost * 100)))
        }
        let total = unrealized + refresh.realizedPnL
        return (
            WidgetPortfolioData(
                totalValue: cents(totalValue), totalPnL: cents(total),
                totalPnLPercent: costBasis == 0 ? nil : cents(total / costBasis * 100),
                holdings: byValue(holdings), lastUpdated: date), missing
        )
    }

    /// Rounds half-up (away from zero on a tie) to two decimals.
    public static func cents(_ value: Decimal) -> Decimal {
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
    public static func byValue(_ holdings: [PortfolioHolding]) -> [PortfolioHolding] {
        func precedes(_ lhs: PortfolioHolding, _ rhs: PortfolioHolding) -> Bool {
            (rhs.value, lhs.symbol) < (lhs.value, rhs.symbol)
        }
        if zip(holdings, holdings.dropFirst()).allSatisfy({ !precedes($1, $0) }) { return holdings }
        return holdings.sorted(by: precedes)
    }
}

/// `FormatLocale`'s money and percentages, each amount formatted once: for one preview's
/// families, which show the same entries, where most amounts recur from frame to frame.
/// One task's, not shared.
final class FormattedAmounts {
    private struct Money: Hashable {
        var value: Decimal
        var currency: String
        var signed: Bool
    }

    let locale: FormatLocale
    /// Amounts are the store's: placeholders under --redact.
    let redaction: Redaction
    private var money: [Money: String] = [:]
    private var percents: [Decimal: String] = [:]

    init(locale: FormatLocale, redaction: Redaction = .off) {
        self.locale = locale
        self.redaction = redaction
    }

    func money(_ value: Decimal, currency: String, signed: Bool = false) -> String {
        let key = Money(value: value, currency: currency, signed: signed)
        if let known = money[key] { return known }
        let text = redaction.figure(locale.money(value, currency: currency, signed: signed))
        money[key] = text
        return text
    }

    func signedPercent(_ percent: Decimal) -> String {
        if let known = percents[percent] { return known }
        let text = redaction.figure(locale.signedPercent(percent))
        percents[percent] = text
        return text
    }
}
