import AppGroupStore
import Foundation
import GlimpseCore
import WidgetTimeline

/// BitPal: the portfolio at a glance, refreshed by the widget itself every 15 minutes
/// (docs/widgets/bitpal.md).
public struct BitPalApp: GalleryApp {
    public typealias State = BitPalState

    public let id = "bitpal"
    public let displayName = "BitPal"
    public let containerIdentifier = BitPalStoreFile.containerIdentifier
    public let families: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge]
    /// The largest text size the widgets follow, and why (docs/widgets/; measured by scripts/text-size-check.py).
    public let textSizeCap: TextSizeCap? = TextSizeCap(
        .xLarge,
        reason: """
            At xxLarge the small widget's six lines (heading, total, change, percent, the stale badge and the \
            time) need more than its height on every screen class, the medium's holdings column cuts \
            "$97,639" on 375×667 and 320×568, and a cut-off figure misreads. Capped with \
            .dynamicTypeSize(...DynamicTypeSize.xLarge).
            """)
    public let eventTypes = [ScenarioEventType("removeHolding", keys: "`coinId`")]
    // refresh_data.json: what the widget prices the portfolio from, with no portfolio.json beside it.
    public let fuzzTarget = FuzzTarget(path: BitPalStoreFile.refreshPath)

    static let deepLink = "bitpal://portfolio"

    /// Live prices (`--prices-url`); `nil` keeps builds offline.
    let prices: (any BitPalPrices.Fetcher)?

    public init(configuration: BitPalConfiguration = BitPalConfiguration()) {
        prices = configuration.prices
    }

    public func previews(
        families: [(WidgetFamily, WidgetSize)], store: StoreRoot?, environment: PreviewEnvironment, inputs: Inputs
    ) throws -> [WidgetPreview] {
        var loaded = inputs.loaded
        let removals = apply(environment.events, to: &loaded)
        let reloads = ScenarioEvent.appReloads(for: environment.events)
        let simulator = TimelineSimulator(budget: environment.budget)
        // Each family is its own widget, with its own reloads and its own cache; they all live
        // the same day (`sharedSimulation`).
        let provider = BitPalProvider(
            refresh: loaded.value.refresh, stored: loaded.value.stored, source: inputs.source.kind,
            removals: removals, unreadable: loaded.value.unreadable)
        guard
            let simulation = simulator.sharedSimulation(
                provider, families: families, environment: environment, freeReloads: reloads)
        else { return [] }
        let notes = notes(simulation.reloads, source: inputs.source, environment: environment)
        // Every family shows the same entries, and prices move hourly while refreshes come every
        // 15 minutes: most amounts recur, and a Decimal takes microseconds to format.
        let amounts = BitPalAmounts(locale: environment.locale, redaction: environment.redaction)
        return try families.map { family, size in
            try WidgetPreview(
                simulation, of: provider, family: family, size: size, environment: environment,
                diagnostics: loaded.diagnostics + inputs.source.diagnostics, storeData: loaded.excerpts, notes: notes
            ) { entry, redacted in
                try view(
                    of: entry, family: family, size: size, redacted: redacted, environment: environment,
                    amounts: amounts)
            }
        }
    }

    /// How many of its refreshes the widget really got, where their prices came from, and what a tap does.
    func notes(_ reloads: [ReloadRecord], source: BitPalPriceSource, environment: PreviewEnvironment) -> [String] {
        let budgeted = reloads.filter { $0.budgeted && !$0.refused }.count
        let refused = reloads.filter(\.refused).count
        return [
            """
            The widget asks for a refresh every 15 minutes, 96 a day. With a budget of \
            \(environment.budget.limit), it really gets \(budgeted) in these 24 hours; \(refused) were refused, and \
            the data on screen stayed as it was until the next one that ran.
            """,
            source.note,
            "A tap opens the app at \(Self.deepLink).",
        ]
    }
}
