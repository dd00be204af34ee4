import Foundation
import WidgetTimeline

extension BitPalApp {
    /// How many holdings each family lists at `height` and `textSize`; past that, large lists one
    /// fewer and "+N more" (medium lists the top ones only, docs/widgets/bitpal.md#families).
    ///
    /// Medium: 3, or as many fewer as keeps the rows' height when their footnote text grows. Large:
    /// 8, or the rows (18 pt of subheadline text, 5 pt apart) that fit under the summary (105 pt at
    /// Large) and above the freshness line (32 pt), with room for the stale line (22 pt), each part
    /// grown with its own text style: 8 on every class but 320×568 at Large.
    static func holdingRows(_ family: WidgetFamily, height: Int = 354, textSize: TextSize = .large) -> Int {
        switch family {
        case .systemMedium:
            return max(1, min(3, Int((3 / TextStyle.footnote.scale(at: textSize)).rounded(.down))))
        case .systemLarge:
            let footnote = TextStyle.footnote.scale(at: textSize)
            let caption = TextStyle.caption1.scale(at: textSize)
            let summary = 105 + 33 * (footnote - 1)
            let freshness = 32 + 16 * (caption - 1)
            let stale = 22 * caption
            let row = 18 * TextStyle.subheadline.scale(at: textSize)
            let gap = 5.0
            let fitting = Int(((Double(height) - summary - freshness - stale + gap) / (row + gap)).rounded(.down))
            return max(2, min(8, fitting))
        default:
            return 0
        }
    }

    /// One entry in one family; `amounts` formats the money, once per amount for the preview.
    func view(
        of entry: BitPalEntry, family: WidgetFamily, size: WidgetSize, redacted: Bool, environment: PreviewEnvironment,
        amounts: BitPalAmounts
    ) throws -> WidgetView {
        switch entry.content {
        case .empty: try messageView(.empty, key: "empty", family: family, redacted: redacted, environment: environment)
        case .unreadable:
            try messageView(
                .unreadable, key: "unreadable", family: family, redacted: redacted, environment: environment)
        case .portfolio(let data, let currency):
            try portfolioView(
                data, currency: currency, entry: entry, family: family, size: size, redacted: redacted,
                environment: environment, amounts: amounts)
        }
    }

    /// No holdings, or nothing readable: a message from copy.
    func messageView(
        _ state: BitPalState, key: String, family: WidgetFamily, redacted: Bool, environment: PreviewEnvironment
    ) throws -> WidgetView {
        let spoken = try environment.copy.copy(id, key)
        let text = try SmallCopy.shown(
            key, of: id, spoken: spoken, family: family, shortened: ["empty", "unreadable"], environment.copy)
        let model = BitPalViewModel(
            redacted: redacted, portfolio: nil,
            message: .init(html: text.html, source: text.source ?? "", empty: state == .empty))
        return WidgetView(
            state: state, template: "bitpal/\(family.rawValue)", model: model, texts: [text.text],
            links: [Self.deepLink], widgetURL: Self.deepLink, accessibilityLabel: spoken.text, isPlaceholder: redacted)
    }

    /// The portfolio: its total and change, the holdings the family has rows for, and how fresh it is.
    func portfolioView(
        _ data: BitPalStoreFile.PortfolioData, currency: String, entry: BitPalEntry, family: WidgetFamily,
        size: WidgetSize, redacted: Bool, environment: PreviewEnvironment, amounts: BitPalAmounts
    ) throws -> WidgetView {
        let copy = environment.copy
        let model = try portfolioModel(
            data, currency: currency, entry: entry, family: family, size: size, environment: environment,
            amounts: amounts)
        let texts =
            [model.heading, model.total, model.pnl, model.percent]
            + model.holdings.flatMap { [$0.symbol, $0.value, $0.percent] } + (model.more.map { [$0] } ?? [])
            + (model.stale.map { [$0] } ?? []) + [model.updated]
        let freshness = [model.stale, model.updated].compactMap { $0 }.joined(separator: ", ")
        // Every figure the widget draws is said: each holding shown, then how many more there are.
        let rows = model.holdings.map { "\($0.symbol) \($0.value), \($0.percent)" } + (model.more.map { [$0] } ?? [])
        let holdings = rows.isEmpty ? "" : " " + rows.joined(separator: "; ") + "."
        let label = try copy.copy(
            id, "accessibility",
            values: [
                "total": model.total, "pnl": model.pnl, "percent": model.percent, "holdings": holdings,
                "freshness": freshness,
            ]
        ).text
        return WidgetView(
            state: entry.isStale ? BitPalState.stale : .fresh, template: "bitpal/\(family.rawValue)",
            model: BitPalViewModel(redacted: redacted, portfolio: model, message: nil), texts: texts,
            links: [Self.deepLink], widgetURL: Self.deepLink, accessibilityLabel: label, isPlaceholder: redacted)
    }

    /// What the portfolio's template presents: every figure formatted, the holdings cut to the rows.
    func portfolioModel(
        _ data: BitPalStoreFile.PortfolioData, currency: String, entry: BitPalEntry, family: WidgetFamily,
        size: WidgetSize, environment: PreviewEnvironment, amounts: BitPalAmounts
    ) throws -> BitPalViewModel.PortfolioModel {
        let copy = environment.copy
        let locale = environment.locale
        let sorted = BitPalRules.byValue(data.holdings)
        let textSize = environment.textSize(for: family)
        let rows = Self.holdingRows(family, height: size.height, textSize: textSize)
        let shown =
            sorted.count > rows && family == .systemLarge ? Array(sorted.prefix(rows - 1)) : Array(sorted.prefix(rows))
        let hidden = family == .systemLarge ? sorted.count - shown.count : 0
        let more =
            hidden > 0 ? try copy.copy(id, "more", values: ["count": locale.integer(hidden)], count: hidden).text : nil
        let age = entry.date.timeIntervalSince(data.lastUpdated)
        let stale =
            entry.isStale ? try copy.copy(id, "stale", values: ["age": Self.age(age, locale: locale)]).text : nil
        let updated = try copy.copy(id, "updated", values: ["time": environment.clock(data.lastUpdated)]).text
        let holdings = shown.map { holding in
            BitPalViewModel.HoldingModel(
                symbol: environment.redaction.text(StoreText.displayable(holding.symbol)),
                value: amounts.money(holding.value, currency: currency, fractionDigits: 0),
                percent: holding.pnlPercent.map(amounts.signedPercent) ?? "—", trend: Self.trend(holding.pnl))
        }
        let total = Self.total(data.totalValue, currency: currency, family: family, amounts: amounts)
        let narrow = Self.narrowSide(size: size, textSize: textSize, holdings: holdings)
        let column = Self.column(family, size: size, narrow: narrow)
        var model = BitPalViewModel.PortfolioModel(
            heading: try copy.copy(id, "heading").text, total: total,
            totalFit: Self.fit(total, family: family, width: column),
            pnl: amounts.money(data.totalPnL, currency: currency, signed: true, fractionDigits: 0),
            percent: data.totalPnLPercent.map(amounts.signedPercent) ?? "—", trend: Self.trend(data.totalPnL),
            arrow: data.totalPnL > 0 ? "▲" : data.totalPnL < 0 ? "▼" : "", updated: updated, stale: stale,
            staleIcon: stale.map { Self.badgeFits($0, width: column, textSize: textSize) } ?? false,
            holdings: holdings, more: more, side: narrow ? "is-narrow" : nil)
        model.layout = Self.summaryLayout(model, family: family, size: size, textSize: textSize)
        return model
    }

    /// The summary's layout: the large widget keeps every line; the small widget and the medium
    /// widget's column show what their height holds (`BitPalSummaryLayout`).
    static func summaryLayout(
        _ model: BitPalViewModel.PortfolioModel, family: WidgetFamily, size: WidgetSize, textSize: TextSize
    ) -> BitPalSummaryLayout {
        guard family != .systemLarge else { return .full }
        let texts = BitPalSummaryLayout.Texts(
            heading: model.heading, change: "\(model.arrow) \(model.pnl)", percent: model.percent,
            updated: model.updated, stale: model.stale, staleIcon: model.staleIcon)
        return BitPalSummaryLayout.fitting(
            width: column(family, size: size, narrow: model.side != nil), height: Double(size.height - 32),
            textSize: textSize,
            texts: texts)
    }

    /// The portfolio's total as the shipped widget writes it: with cents below 100,000; shortened
    /// from there, to whole thousands and tenths of millions on small and medium, a decimal more on
    /// large ($125K, $1.2M; $125.0K, $1.23M). A locale whose compact form does not shorten the
    /// amount (German thousands: 125.000 $) shows it whole.
    static func total(_ value: Decimal, currency: String, family: WidgetFamily, amounts: BitPalAmounts) -> String {
        let magnitude = abs(value)
        guard magnitude >= 100_000 else { return amounts.money(value, currency: currency) }
        let whole = amounts.money(value, currency: currency, fractionDigits: 0)
        guard amounts.compactMoney(value, currency: currency, fractionDigits: 0) != whole else { return whole }
        let digits = (magnitude >= 1_000_000 ? 1 : 0) + (family == .systemLarge ? 1 : 0)
        return amounts.compactMoney(value, currency: currency, fractionDigits: digits)
    }

    /// `gain`, `loss` or `flat`: the colour of a change.
    static func trend(_ value: Decimal) -> String { value > 0 ? "gain" : value < 0 ? "loss" : "flat" }

    /// The width of the column the total and the freshness sit in (style.css): the medium
    /// widget's 124 pt side, else the whole width inside the 16 pt padding. On the narrowest
    /// medium widget the side is 104 pt where it is narrow (`narrowSide`).
    static func column(_ family: WidgetFamily, size: WidgetSize, narrow: Bool) -> Double {
        guard family == .systemMedium else { return Double(size.width - 32) }
        return narrow ? 104 : 124
    }

    /// Whether the medium widget's side is the narrow one, 104 pt (`is-narrow`), so that the
    /// holdings keep room for a value and its symbol on one line: on the narrowest medium widget
    /// at xLarge and above, and at any size where a row of them is wider than the column beside the
    /// 124 pt side ("DOGE ‏٢٢٬٤٧٠ US$" in Arabic at Large). The column is what the side, the 14 pt
    /// gap, the rule and its 14 pt padding leave; a row is its symbol (52 pt at most), a 6 pt gap and
    /// its value, in tabular digits.
    static func narrowSide(size: WidgetSize, textSize: TextSize, holdings: [BitPalViewModel.HoldingModel]) -> Bool {
        guard size.width < 300 else { return false }
        guard textSize <= .large else { return true }
        let font = 13 * TextStyle.footnote.scale(at: textSize)
        let room = Double(size.width - 32 - 124 - 14 - 1 - 14)
        return holdings.contains { holding in
            let tabular = TextFit.tabular(holding.value)
            let symbol = min(52, TextFit.width(holding.symbol, size: font, weight: .bold))
            return symbol + 6 + TextFit.width(tabular, size: font, weight: .regular) > room
        }
    }

    /// The first type step (style.css's `bp-fit-N`) whose size fits `total` on one line in
    /// `width`: the total is the widget's point, and is never cut. Its digits are tabular, each
    /// as wide as a zero (TextFit's estimate, a little over); Arabic-Indic digits are already all
    /// of one width.
    static func fit(_ total: String, family: WidgetFamily, width: Double) -> String {
        let sizes: [Double] = family == .systemLarge ? [30, 26, 22, 18, 16] : [24, 20, 17, 15, 13]
        let tabular = TextFit.tabular(total)
        let step = sizes.firstIndex { TextFit.width(tabular, size: $0, weight: .bold) <= width } ?? sizes.count - 1
        return "bp-fit-\(step + 1)"
    }

    /// Whether the stale badge keeps its clock beside `stale` in `width`: the words are kept
    /// whole, and the clock gives way first (the badge's 6 pt padding each side, a 12 pt icon and
    /// a 4 pt gap; caption1, 12 pt at Large).
    static func badgeFits(_ stale: String, width: Double, textSize: TextSize) -> Bool {
        let size = 12 * TextStyle.caption1.scale(at: textSize)
        return TextFit.width(stale, size: size, weight: .semibold) + 12 + 16 <= width
    }

    /// "1h", "5h", "3d": how old stale data is, in whole hours up to two days, so the indicator
    /// changes once an hour rather than at every refresh.
    static func age(_ seconds: TimeInterval, locale: FormatLocale) -> String {
        locale.age(hours: Int(seconds / 3600))
    }
}
