import Foundation

/// What BitPal writes to its App Group: the suite `group.com.bitpal.shared`, whose values
/// `widgetRefreshData` and `widgetPortfolioData` are JSON `Data` (docs/widgets/bitpal.md#store).
enum BitPalStoreFile {
    static let containerIdentifier = "group.com.bitpal.shared"
    static let plistPath = "Library/Preferences/group.com.bitpal.shared.plist"

    /// `widgetRefreshData`: what the widget needs to price the portfolio itself.
    struct RefreshData: Codable, Hashable, Sendable {
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

    /// `widgetPortfolioData`: what the widget shows, as the app (or the widget's last fetch) left it.
    /// Percentages are in percent units: 11.11 means 11.11 %.
    struct PortfolioData: Codable, Hashable, Sendable {
        var totalValue: Decimal
        var totalPnL: Decimal
        /// `nil` when there is no cost basis to divide by.
        var totalPnLPercent: Decimal?
        var holdings: [Holding]
        var lastUpdated: Date

        static let key = "widgetPortfolioData"

        struct Holding: Codable, Hashable, Sendable {
            var coinId: String
            var symbol: String
            var price: Decimal
            var value: Decimal
            var pnl: Decimal
            var pnlPercent: Decimal?
        }
    }
}
