import GlimpseCore

/// What a BitPal template presents. Numbers are formatted here, per locale.
struct BitPalViewModel: Encodable, Hashable, Sendable {
    var redacted: Bool
    var portfolio: PortfolioModel?
    var message: MessageModel?

    struct PortfolioModel: Encodable, Hashable, Sendable {
        /// "Portfolio".
        var heading: String
        /// "$12,345.67".
        var total: String
        /// `bp-fit-1` … `bp-fit-4`: smaller type for longer totals, so the number is never cut.
        var totalFit: String
        /// "+$1,234.56".
        var pnl: String
        /// "+11.11 %", or "—" with no cost basis.
        var percent: String
        /// `gain`, `loss` or `flat`: colour, never alone; the sign and the arrow say it too.
        var trend: String
        var arrow: String
        /// "Updated 9:00 AM".
        var updated: String
        /// "Stale · 2 h old" when the data is 60 minutes old or more.
        var stale: String?
        /// Whether the stale badge has room for its clock beside its words.
        var staleIcon: Bool
        var holdings: [HoldingModel]
        var more: String?
        /// `is-narrow` when the medium widget's side gives the holdings more room.
        var side: String?
        /// Which of the summary's lines the family has room for.
        var layout: BitPalSummaryLayout = .full
    }

    struct HoldingModel: Encodable, Hashable, Sendable {
        var symbol: String
        var value: String
        var percent: String
        var trend: String
    }

    struct MessageModel: Encodable, Hashable, Sendable {
        var html: HTMLFragment
        /// Its copy key, as the template's `data-source` names it.
        var source: String
        var empty: Bool
    }
}
