import Foundation

/// What BitPal writes to its App Group (docs/widgets/bitpal.md#store), as
/// Pointwelve/Bitpal-iOS@122d91c (branch `008-api-rate-limit-optimization`, the spec's) writes it:
/// two JSON files in `Library/Application Support/WidgetData/` (`Shared/Services/AppGroupStorage.swift`),
/// read here into the widget's own model, `RefreshData` and `PortfolioData`.
enum BitPalStoreFile {
    static let containerIdentifier = "group.com.bitpal.shared"
    /// `WidgetRefreshData`: what the widget needs to price the portfolio itself.
    static let refreshPath = "Library/Application Support/WidgetData/refresh_data.json"
    /// `WidgetPortfolioData`: what the widget shows, written by the app and after each refresh.
    static let portfolioPath = "Library/Application Support/WidgetData/portfolio.json"
    /// The suite Glimpse's earlier samples used, keys `widgetRefreshData` and `widgetPortfolioData`:
    /// read until the next release, with a warning naming the real files.
    static let earlierPlistPath = "Library/Preferences/group.com.bitpal.shared.plist"

    /// The holdings and cost basis the widget prices: `refresh_data.json`, or the earlier suite's
    /// `widgetRefreshData`.
    struct RefreshData: Codable, Hashable, Sendable {
        /// The real app prices in US dollars only; the earlier suite named its currency.
        var currency: String
        var holdings: [Holding]
        var realizedPnL: Decimal

        static let key = "widgetRefreshData"

        struct Holding: Codable, Hashable, Sendable {
            var coinId: String
            var symbol: String
            var name: String
            var quantity: Decimal
            var averageCost: Decimal
        }
    }

    /// What the widget shows, as the app (or the widget's last fetch) left it. Percentages are in
    /// percent units: 11.11 means 11.11 %.
    struct PortfolioData: Codable, Hashable, Sendable {
        var totalValue: Decimal
        var totalPnL: Decimal
        /// `nil` when there is no cost basis to divide by.
        var totalPnLPercent: Decimal?
        var holdings: [Holding]
        var lastUpdated: Date
        /// What closed positions made or lost, part of `totalPnL`.
        var realizedPnL: Decimal

        static let key = "widgetPortfolioData"

        /// The unrealized part of `totalPnL`: the holdings still held.
        var unrealizedPnL: Decimal { totalPnL - realizedPnL }

        init(
            totalValue: Decimal, totalPnL: Decimal, totalPnLPercent: Decimal?, holdings: [Holding], lastUpdated: Date,
            realizedPnL: Decimal = 0
        ) {
            self.totalValue = totalValue
            self.totalPnL = totalPnL
            self.totalPnLPercent = totalPnLPercent
            self.holdings = holdings
            self.lastUpdated = lastUpdated
            self.realizedPnL = realizedPnL
        }

        /// The earlier suite's `widgetPortfolioData` has no `realizedPnL`: 0.
        init(from decoder: any Decoder) throws {
            let keys = try decoder.container(keyedBy: CodingKeys.self)
            totalValue = try keys.decode(Decimal.self, forKey: .totalValue)
            totalPnL = try keys.decode(Decimal.self, forKey: .totalPnL)
            totalPnLPercent = try keys.decodeIfPresent(Decimal.self, forKey: .totalPnLPercent)
            holdings = try keys.decode([Holding].self, forKey: .holdings)
            lastUpdated = try keys.decode(Date.self, forKey: .lastUpdated)
            realizedPnL = try keys.decodeIfPresent(Decimal.self, forKey: .realizedPnL) ?? 0
        }

        struct Holding: Codable, Hashable, Sendable {
            var coinId: String
            var symbol: String
            /// `nil` when the file gives a value but no price (the real `portfolio.json`) and the
            /// quantity to divide by is not known.
            var price: Decimal?
            var value: Decimal
            var pnl: Decimal
            var pnlPercent: Decimal?
        }
    }
}

extension BitPalStoreFile {
    /// `refresh_data.json` as the real app writes it (`Shared/Models/WidgetRefreshData.swift`):
    /// JSONEncoder's synthesized keys, amounts as `Decimal`, no currency (US dollars), no dates.
    struct WidgetRefreshData: Decodable, Hashable, Sendable {
        var holdings: [RefreshableHolding]
        var realizedPnL: Decimal

        struct RefreshableHolding: Decodable, Hashable, Sendable {
            var coinId: String
            var symbol: String
            var name: String
            var quantity: Decimal
            var avgCost: Decimal
        }

        /// The widget's model of it: the real app's amounts are US dollars.
        var refreshData: RefreshData {
            RefreshData(
                currency: "USD",
                holdings: holdings.map {
                    RefreshData.Holding(
                        coinId: $0.coinId, symbol: $0.symbol, name: $0.name, quantity: $0.quantity,
                        averageCost: $0.avgCost)
                },
                realizedPnL: realizedPnL)
        }
    }

    /// `portfolio.json` as the real app writes it (`Shared/Models/WidgetPortfolioData.swift`,
    /// `WidgetHolding.swift`): at most 5 holdings, each its value and P&L, no price; `lastUpdated`
    /// in ISO 8601.
    struct WidgetPortfolioData: Decodable, Hashable, Sendable {
        var totalValue: Decimal
        var unrealizedPnL: Decimal
        var realizedPnL: Decimal
        var totalPnL: Decimal
        var holdings: [WidgetHolding]
        var lastUpdated: Date

        struct WidgetHolding: Decodable, Hashable, Sendable {
            var id: String
            var symbol: String
            var name: String
            var currentValue: Decimal
            var pnlAmount: Decimal
            var pnlPercentage: Decimal
        }

        /// The widget's model of it. Each holding's price is its value over the quantity the refresh
        /// data holds, when it holds the coin; the portfolio's percentage is the shipped widget's:
        /// total P&L over the total value less it (`SmallWidgetView.formatPnLPercentage`).
        func portfolioData(quantities: [String: Decimal]) -> PortfolioData {
            PortfolioData(
                totalValue: totalValue, totalPnL: totalPnL,
                totalPnLPercent: BitPalRules.percent(totalPnL, of: totalValue - totalPnL),
                holdings: holdings.map { holding in
                    let quantity = quantities[holding.id]
                    return PortfolioData.Holding(
                        coinId: holding.id, symbol: holding.symbol,
                        price: quantity.flatMap { $0 > 0 ? holding.currentValue / $0 : nil },
                        value: holding.currentValue,
                        pnl: holding.pnlAmount, pnlPercent: holding.pnlPercentage)
                },
                lastUpdated: lastUpdated, realizedPnL: realizedPnL)
        }
    }
}
