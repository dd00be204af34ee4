import Foundation

/// `widgetRefreshData`: what the widget needs to price the portfolio itself (docs/widgets/bitpal.md#store).
/// Stored as JSON `Data` in the suite `group.com.bitpal.shared`.
public struct WidgetRefreshData: Codable, Hashable, Sendable {
    public var currency: String
    public var holdings: [RefreshHolding]
    public var realizedPnL: Decimal

    public init(currency: String, holdings: [RefreshHolding], realizedPnL: Decimal) {
        self.currency = currency
        self.holdings = holdings
        self.realizedPnL = realizedPnL
    }

    public static let key = "widgetRefreshData"
}

public struct RefreshHolding: Codable, Hashable, Sendable {
    public var coinId: String
    public var symbol: String
    public var name: String
    public var quantity: Decimal
    public var averageCost: Decimal

    public init(coinId: String, symbol: String, name: String, quantity: Decimal, averageCost: Decimal) {
        self.coinId = coinId
        self.symbol = symbol
        self.name = name
        self.quantity = quantity
        self.averageCost = averageCost
    }
}

/// `widgetPortfolioData`: what the widget shows, as the app (or the widget's last fetch) left it.
/// Percentages are in percent units: 11.11 means 11.11 %.
public struct WidgetPortfolioData: Codable, Hashable, Sendable {
    public var totalValue: Decimal
    public var totalPnL: Decimal
    /// `nil` when there is no cost basis to divide by.
    public var totalPnLPercent: Decimal?
    public var holdings: [PortfolioHolding]
    public var lastUpdated: Date

    public init(
        totalValue: Decimal, totalPnL: Decimal, totalPnLPercent: Decimal?, holdings: [PortfolioHolding],
        lastUpdated: Date
    ) {
        self.totalValue = totalValue
        self.totalPnL = totalPnL
        self.totalPnLPercent = totalPnLPercent
        self.holdings = holdings
        self.lastUpdated = lastUpdated
    }

    public static let key = "widgetPortfolioData"
}

public struct PortfolioHolding: Codable, Hashable, Sendable {
    public var coinId: String
    public var symbol: String
    public var price: Decimal
    public var value: Decimal
    public var pnl: Decimal
    public var pnlPercent: Decimal?

    public init(coinId: String, symbol: String, price: Decimal, value: Decimal, pnl: Decimal, pnlPercent: Decimal?) {
        self.coinId = coinId
        self.symbol = symbol
        self.price = price
        self.value = value
        self.pnl = pnl
        self.pnlPercent = pnlPercent
    }
}

public enum BitPalSuite {
    public static let containerIdentifier = "group.com.bitpal.shared"
    public static let plistPath = "Library/Preferences/group.com.bitpal.shared.plist"
}
