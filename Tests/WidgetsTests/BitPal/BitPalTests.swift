import Foundation
import TestSupport
import Testing
import WidgetTimeline

@testable import Widgets

private func holding(_ id: String, _ quantity: Decimal, cost: Decimal) -> BitPalStoreFile.RefreshData.Holding {
    BitPalStoreFile.RefreshData.Holding(
        coinId: id, symbol: id.uppercased(), name: id, quantity: quantity, averageCost: cost)
}

struct PortfolioMathTests {
    @Test func valuesAndPnLFollowTheSpec() {
        let refresh = BitPalStoreFile.RefreshData(
            currency: "USD",
            holdings: [
                holding("btc", Decimal(string: "0.42")!, cost: Decimal(string: "61200.50")!),
                holding("eth", Decimal(string: "3.1")!, cost: Decimal(string: "2890.10")!),
            ], realizedPnL: Decimal(string: "812.40")!)
        let (data, missing) = BitPalRules.price(
            refresh, prices: ["btc": Decimal(string: "97250.00")!, "eth": Decimal(string: "3512.40")!], at: .now)
        #expect(missing.isEmpty)
        // 0.42 × 97250 = 40845; 3.1 × 3512.40 = 10888.44.
        #expect(data.totalValue == Decimal(string: "51733.44")!)
        // Unrealized: 40845 − 25704.21 = 15140.79 and 10888.44 − 8959.31 = 1929.13; plus 812.40 realized.
        #expect(data.holdings.map(\.pnl) == [Decimal(string: "15140.79")!, Decimal(string: "1929.13")!])
        #expect(data.totalPnL == Decimal(string: "17882.32")!)
        // As the shipped widget works it out, over the total value less the total P&L (realized P&L
        // counted against the basis): 17882.32 ÷ (51733.44 − 17882.32 = 33851.12) = 52.826…%.
        #expect(data.totalPnLPercent == Decimal(string: "52.83")!)
        #expect(data.realizedPnL == Decimal(string: "812.40")! && data.holdings.map(\.symbol) == ["BTC", "ETH"])
    }

    @Test func decimalsDoNotDriftLikeDoubles() {
        // 0.1 + 0.2 is exactly 0.3 in Decimal; ten thousand satoshis add up to exactly 0.0001.
        let refresh = BitPalStoreFile.RefreshData(
            currency: "USD", holdings: (0..<10_000).map { holding("c\($0)", Decimal(string: "0.00000001")!, cost: 0) },
            realizedPnL: 0)
        let prices = Dictionary(uniqueKeysWithValues: (0..<10_000).map { ("c\($0)", Decimal(1_000_000)) })
        #expect(BitPalRules.price(refresh, prices: prices, at: .now).0.totalValue == Decimal(100))
        #expect(Decimal(string: "0.1")! + Decimal(string: "0.2")! == Decimal(string: "0.3")!)
    }

    @Test(arguments: [
        ("0.005", "0.01"), ("0.004", "0"), ("-0.005", "-0.01"), ("2.675", "2.68"), ("1234567.891", "1234567.89"),
    ])
    func roundingIsHalfUpToCents(value: String, expected: String) {
        #expect(BitPalRules.cents(Decimal(string: value)!) == Decimal(string: expected)!)
    }

    @Test func aZeroCostBasisHasNoPercentage() {
        let refresh = BitPalStoreFile.RefreshData(
            currency: "USD", holdings: [holding("airdrop", 100, cost: 0)], realizedPnL: 50)
        let data = BitPalRules.price(refresh, prices: ["airdrop": 2], at: .now).0
        #expect(data.totalPnL == 250)
        #expect(data.totalPnLPercent == nil)
        #expect(data.holdings[0].pnlPercent == nil)
    }

    @Test func aCoinWithoutAPriceIsReportedNotZeroed() {
        let refresh = BitPalStoreFile.RefreshData(
            currency: "USD", holdings: [holding("a", 1, cost: 1), holding("b", 1, cost: 1)], realizedPnL: 0)
        let (data, missing) = BitPalRules.price(refresh, prices: ["a": 3], at: .now)
        #expect(missing == ["b"])
        #expect(data.totalValue == 3 && data.holdings.count == 1)
    }

    @Test func holdingsAreOrderedByValue() {
        let make = { (symbol: String, value: Decimal) in
            BitPalStoreFile.PortfolioData.Holding(
                coinId: symbol, symbol: symbol, price: 1, value: value, pnl: 0, pnlPercent: nil)
        }
        #expect(BitPalRules.byValue([make("B", 5), make("A", 9), make("C", 5)]).map(\.symbol) == ["A", "B", "C"])
    }

    @Test func moneyAndPercentByLocale() {
        let us = FormatLocale(identifier: "en_US")
        #expect(us.money(Decimal(string: "12345.67")!, currency: "USD") == "$12,345.67")
        #expect(us.money(Decimal(string: "1234.5")!, currency: "USD", signed: true) == "+$1,234.50")
        #expect(us.money(Decimal(string: "-0.004")!, currency: "USD", signed: true) == "$0.00")
        #expect(us.money(Decimal(string: "-52.10")!, currency: "USD", signed: true) == "-$52.10")
        // CLDR's rounding, as an app's formatter does it: half to even.
        #expect(us.money(Decimal(string: "1500.5")!, currency: "JPY") == "¥1,500")
        #expect(us.signedPercent(Decimal(string: "2.345")!) == "+2.35%")
        #expect(us.signedPercent(Decimal(string: "-11.1")!) == "-11.10%")
        #expect(
            FormatLocale(identifier: "de_DE").money(Decimal(string: "12345.67")!, currency: "EUR")
                == "12.345,67\u{00A0}€")
        // Swiss German groups with an apostrophe and keeps the point, unlike German.
        #expect(
            FormatLocale(identifier: "de_CH").money(Decimal(string: "12345.67")!, currency: "CHF")
                == "CHF\u{00A0}12’345.67")
        #expect(FormatLocale(identifier: "de-CH").integer(1_234_567) == "1’234’567")
    }
}

struct BitPalTimelineTests {
    let now = date("2026-11-22T09:00:00-05:00")
    let refresh = BitPalStoreFile.RefreshData(
        currency: "USD", holdings: [holding("btc", 1, cost: 50_000)], realizedPnL: 0)

    func stored(updated: Date) -> BitPalStoreFile.PortfolioData {
        BitPalStoreFile.PortfolioData(
            totalValue: 60_000, totalPnL: 10_000, totalPnLPercent: 20,
            holdings: [
                BitPalStoreFile.PortfolioData.Holding(
                    coinId: "btc", symbol: "BTC", price: 60_000, value: 60_000, pnl: 10_000, pnlPercent: 20)
            ],
            lastUpdated: updated)
    }

    func simulate(
        _ source: BitPalPriceSource.Kind, stored: BitPalStoreFile.PortfolioData?, budget: Int = 72
    ) -> TimelineSimulation<BitPalEntry> {
        TimelineSimulator(budget: ReloadBudget(limit: budget)).simulate(
            BitPalProvider(refresh: refresh, stored: stored, source: source), family: .systemSmall,
            displaySize: WidgetSize(width: 158, height: 158), window: DateInterval(start: now, duration: 86_400),
            calendar: calendar())
    }

    @Test(arguments: [(59, false), (60, true), (61, true)])
    func theStaleBoundary(minutes: Int, stale: Bool) {
        let updated = now - 10 * 60
        let simulation = simulate(.cached, stored: stored(updated: updated))
        let frame = simulation.frame(at: updated + Double(minutes) * 60)
        #expect(frame?.entry.isStale == stale)
        #expect(
            BitPalEntry(
                date: updated + Double(minutes) * 60, content: .portfolio(stored(updated: updated), currency: "USD")
            ).isStale == stale)
    }

    @Test func fifteenMinuteRefreshesRunIntoTheBudget() {
        let script = BitPalPrices.Script(series: ["btc": [.init(at: now, price: 61_000)]])
        let simulation = simulate(.scripted(script), stored: nil)
        let asked = simulation.reloads.filter(\.budgeted)
        #expect(asked.count == 96, "every 15 minutes for 24 hours")
        #expect(asked.filter { !$0.refused }.count == 72)
        #expect(asked.filter(\.refused).count == 24)
        // The first refusal comes once 72 have run: at 9:00 AM + 72 × 15 min = 3:00 AM.
        #expect(asked.first(where: \.refused)?.at == date("2026-11-23T03:00:00-05:00"))
        // Refused reloads leave the data as it was: the last refresh ran at 2:45 AM, so it is stale from 3:45 AM.
        #expect(simulation.frame(at: date("2026-11-23T03:44:00-05:00"))?.entry.isStale == false)
        #expect(simulation.frame(at: date("2026-11-23T03:45:00-05:00"))?.entry.isStale == true)
    }

    @Test func anOutageKeepsTheLastGoodPricesAndRecovers() {
        let script = BitPalPrices.Script(
            series: ["btc": [.init(at: now, price: 61_000), .init(at: now + 3600, price: 62_000)]],
            outages: [.init(interval: DateInterval(start: now + 3600, end: now + 4 * 3600), failure: .timeout)])
        let simulation = simulate(.scripted(script), stored: stored(updated: now - 600))
        func total(at offset: TimeInterval) -> Decimal? {
            guard case .portfolio(let data, _)? = simulation.frame(at: now + offset)?.entry.content else { return nil }
            return data.totalValue
        }
        #expect(total(at: 0) == 61_000)
        #expect(total(at: 2 * 3600) == 61_000, "cached during the outage")
        #expect(simulation.frame(at: now + 2 * 3600)?.entry.isStale == true)
        #expect(total(at: 4 * 3600) == 62_000, "recovered at the first refresh after it")
        #expect(simulation.reloads.contains { $0.note?.contains("timed out") == true })
    }

    @Test func aLiveFetchHappensOnceAndThenGoesStale() {
        let simulation = simulate(
            .fetched(.prices(["btc": 70_000]), at: now, then: nil), stored: stored(updated: now - 3 * 3600))
        guard case .portfolio(let data, _)? = simulation.frames.first?.entry.content else {
            Issue.record("expected a portfolio")
            return
        }
        #expect(data.totalValue == 70_000 && data.lastUpdated == now)
        #expect(simulation.frame(at: now + 3599)?.entry.isStale == false)
        #expect(simulation.frame(at: now + 3600)?.entry.isStale == true)
    }

    @Test func aRemovedHoldingLeavesTheTotal() {
        let refresh = BitPalStoreFile.RefreshData(
            currency: "USD", holdings: [holding("btc", 1, cost: 1), holding("eth", 2, cost: 1)], realizedPnL: 0)
        let script = BitPalPrices.Script(series: [
            "btc": [.init(at: now, price: 10)], "eth": [.init(at: now, price: 5)],
        ])
        let provider = BitPalProvider(
            refresh: refresh, stored: nil, source: .scripted(script), removals: [(now + 3600, "eth")])
        let simulation = TimelineSimulator().simulate(
            provider, family: .systemSmall, displaySize: WidgetSize(width: 158, height: 158),
            window: DateInterval(start: now, duration: 86_400), calendar: calendar(),
            freeReloads: [FreeReloadRequest(at: now + 3600, kind: .appEvent)])
        guard case .portfolio(let before, _)? = simulation.frame(at: now)?.entry.content,
            case .portfolio(let after, _)? = simulation.frame(at: now + 3600)?.entry.content
        else {
            Issue.record("expected portfolios")
            return
        }
        #expect(before.totalValue == 20 && after.totalValue == 10)
    }

    @Test func emptyAndUnreadableStates() {
        let empty = BitPalProvider(
            refresh: BitPalStoreFile.RefreshData(currency: "USD", holdings: [], realizedPnL: 0), stored: nil,
            source: .cached)
        let context = TimelineProviderContext(
            family: .systemSmall, displaySize: WidgetSize(width: 158, height: 158), date: now, calendar: calendar())
        #expect(empty.timeline(in: context).entries[0].content == .empty)
        let unreadable = BitPalProvider(refresh: nil, stored: nil, source: .cached, unreadable: true)
        #expect(unreadable.timeline(in: context).entries[0].content == .unreadable)
        let unpriced = BitPalProvider(refresh: refresh, stored: nil, source: .cached)
        #expect(unpriced.timeline(in: context).entries[0].content == .unreadable)
    }
}

/// Frames whose views are equal are merged without being rendered; views that differ in
/// anything a template or the root element reads must not be.
struct WidgetViewComparisonTests {
    func view(
        total: String = "$1.00", style: [(name: String, value: String)] = [], label: String = "Portfolio"
    ) -> WidgetView {
        let portfolio = BitPalViewModel.PortfolioModel(
            heading: "Portfolio", total: total, totalFit: "bp-fit-1", pnl: "+$0.10", percent: "+1.00 %", trend: "gain",
            arrow: "▲",
            updated: "Updated 9:00 AM", stale: nil, staleIcon: false, holdings: [], more: nil)
        return WidgetView(
            state: BitPalState.fresh, template: "bitpal/systemSmall",
            model: BitPalViewModel(redacted: false, portfolio: portfolio, message: nil),
            texts: ["Portfolio"], links: [], accessibilityLabel: label, style: style)
    }

    @Test func equalViewsDrawTheSame() {
        #expect(view().draws(sameAs: view()))
        #expect(view(style: [("--accent", "#FF0000")]).draws(sameAs: view(style: [("--accent", "#FF0000")])))
    }

    @Test func aDifferenceAnywhereDrawsDifferently() {
        // Only in the model: the texts are the same, the total is not.
        #expect(!view(total: "$2.00").draws(sameAs: view()))
        #expect(!view(style: [("--accent", "#FF0000")]).draws(sameAs: view(style: [("--accent", "#00FF00")])))
        #expect(!view(label: "Other").draws(sameAs: view()))
        var placeholder = view()
        placeholder.isPlaceholder = true
        #expect(!placeholder.draws(sameAs: view()))
    }
}

struct FormattedAmountsTests {
    /// The total as the shipped widget writes it: cents below 100,000, then shortened, a decimal
    /// more on large; whole where the locale's compact form does not shorten it.
    @Test(arguments: [
        ("84000", WidgetFamily.systemSmall, "en_US", "$84,000.00"), ("125000.5", .systemSmall, "en_US", "$125K"),
        ("125000.5", .systemLarge, "en_US", "$125.0K"), ("1234567", .systemMedium, "en_US", "$1.2M"),
        ("1234567", .systemLarge, "en_US", "$1.23M"), ("-150000", .systemSmall, "en_US", "-$150K"),
        ("125000.5", .systemLarge, "de_DE", "125.001\u{A0}$"),
        ("1234567", .systemSmall, "de_DE", "1,2\u{A0}Mio.\u{A0}$"),
    ])
    func theTotal(value: String, family: WidgetFamily, locale: String, shown: String) {
        let amounts = BitPalAmounts(locale: FormatLocale(identifier: locale))
        #expect(BitPalApp.total(Decimal(string: value)!, currency: "USD", family: family, amounts: amounts) == shown)
    }

    /// Formatted once per amount, and always what the locale itself writes: the same value in
    /// another currency, signed or not, is another amount.
    @Test func everyAmountReadsAsTheLocaleWritesIt() {
        var random = SplitMix(seed: 11)
        for identifier in ["en_US", "de_DE", "fr_FR", "de_CH", "ja_JP"] {
            let locale = FormatLocale(identifier: identifier)
            let amounts = BitPalAmounts(locale: locale)
            let values: [Decimal] =
                (0..<60).map { _ in
                    Decimal(Int(random.next() % 20_000_001) - 10_000_000)
                        / Decimal(sign: .plus, exponent: Int(random.next() % 5), significand: 1)
                } + [0, Decimal(string: "-0.004")!, Decimal(string: "0.005")!, Decimal(string: "123456789.995")!]
            for _ in 0..<3 {  // the second and third rounds come from the memo
                for value in values {
                    for currency in ["USD", "EUR", "JPY", "KRW", "XYZ"] {
                        #expect(amounts.money(value, currency: currency) == locale.money(value, currency: currency))
                        #expect(
                            amounts.money(value, currency: currency, signed: true)
                                == locale.money(value, currency: currency, signed: true))
                        #expect(
                            amounts.money(value, currency: currency, signed: true, fractionDigits: 0)
                                == locale.money(value, currency: currency, signed: true, fractionDigits: 0))
                        #expect(
                            amounts.compactMoney(value, currency: currency, fractionDigits: 1)
                                == locale.compactMoney(value, currency: currency, fractionDigits: 1))
                    }
                    // Percentages to one decimal, as the shipped widget writes them.
                    #expect(amounts.signedPercent(value) == locale.signedPercent(value, fractionDigits: 1))
                }
            }
        }
    }
}
