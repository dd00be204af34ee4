import GlimpseCore

/// What a BitPal template presents. Numbers are formatted here, per locale.
public struct BitPalViewModel: Encodable, Hashable, Sendable {
    public var redacted: Bool
    public var portfolio: PortfolioModel?
    public var message: MessageModel?

    public struct PortfolioModel: Encodable, Hashable, Sendable {
        /// "Portfolio".
        public var heading: String
        /// "$12,345.67".
        public var total: String
        /// `bp-fit-1` … `bp-fit-4`: smaller type for longer totals, so the number is never cut.
        public var totalFit: String
        /// "+$1,234.56".
        public var pnl: String
        /// "+11.11 %", or "—" with no cost basis.
        public var percent: String
        /// `gain`, `loss` or `flat`: colour, never alone; the sign and the arrow say it too.
        public var trend: String
        public var arrow: String
        /// "Updated 9:00 AM".
        public var updated: String
        /// "Stale · 2 h old" when the data is 60 minutes old or more.
        public var stale: String?
        public var holdings: [HoldingModel]
        public var more: String?
    }

    public struct HoldingModel: Encodable, Hashable, Sendable {
        public var symbol: String
        public var value: String
        public var percent: String
        public var trend: String
    }

    public struct MessageModel: Encodable, Hashable, Sendable {
        public var html: HTMLFragment
        public var empty: Bool
    }
}
