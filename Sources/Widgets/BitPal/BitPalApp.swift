import AppGroupStore
import Foundation
import GlimpseCore
import WidgetTimeline

/// BitPal: the portfolio at a glance, refreshed by the widget itself every 15 minutes
/// (docs/widgets/bitpal.md).
public struct BitPalApp: GalleryApp {
    public let id = "bitpal"
    public let displayName = "BitPal"
    public let containerIdentifier = BitPalSuite.containerIdentifier
    public let families: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge]
    /// The largest text size the widgets follow, and why (docs/widgets/; measured by scripts/text-size-check.py).
    public let textSizeCap: TextSizeCap? = TextSizeCap(
        .xxxLarge,
        reason:
            "At AX1 the portfolio's total, its change and each holding's value no longer fit their columns, and a cut-off figure misreads. Capped with .dynamicTypeSize(...DynamicTypeSize.xxxLarge)."
    )
    public let eventTypes = [ScenarioEventType("removeHolding", keys: "`coinId`")]
    // The suite plist, XML or binary, and the JSON `Data` inside it (widgetRefreshData, widgetPortfolioData).
    public let fuzzTarget = FuzzTarget(path: BitPalSuite.plistPath)

    public static let deepLink = "bitpal://portfolio"

    /// Live prices (`--prices-url`); `nil` keeps builds offline.
    let prices: (any PriceFetcher)?

    public init(configuration: BitPalConfiguration = BitPalConfiguration()) {
        prices = configuration.prices
    }

    /// The suite, read once, and where refreshes get their prices.
    public struct Inputs: Sendable {
        var loaded: Loaded
        var source: PriceSource
    }

    struct Loaded: Sendable {
        var refresh: WidgetRefreshData?
        var stored: WidgetPortfolioData?
        var unreadable = false
        var diagnostics: [Diagnostic] = []
        var excerpts: [StoreExcerpt] = []
    }

    /// Reads the suite, the scenario's `prices.yaml`, and with `--prices-url` fetches the prices
    /// once, here, before the day is simulated: the fetch needs the suite's coins.
    public func inputs(_ context: InputContext) async throws -> Inputs {
        let script = try ScenarioPrices.load(from: context.scenario)?.script(from: context.window.start)
        let loaded = load(store: context.store)
        let source = await priceSource(loaded: loaded, script: script, start: context.window.start, log: context.log)
        return Inputs(loaded: loaded, source: source)
    }

    public func previews(
        families: [(WidgetFamily, WidgetSize)], store: StoreRoot?, environment: PreviewEnvironment,
        inputs: Inputs
    ) throws -> [WidgetPreview] {
        var loaded = inputs.loaded
        var removals: [(at: Date, coinId: String)] = []
        for event in environment.events {
            switch event.type {
            case "removeHolding":
                guard let coin = event.parameters["coinId"], !coin.isEmpty else {
                    loaded.diagnostics.append(
                        Diagnostic(.warning, "removeHolding needs a coinId", file: "scenario.yaml"))
                    continue
                }
                removals.append((event.at, coin))
            default:
                loaded.diagnostics.append(unknownEventDiagnostic(event))
            }
        }
        let source = inputs.source
        let reloads = ScenarioEvent.appReloads(for: environment.events)
        let simulator = TimelineSimulator(budget: environment.budget)
        // Each family is its own widget, with its own reloads and its own cache; they all live
        // the same day (`sharedSimulation`).
        let provider = BitPalProvider(
            refresh: loaded.refresh, stored: loaded.stored, source: source.kind, removals: removals,
            unreadable: loaded.unreadable)
        guard
            let simulation = simulator.sharedSimulation(
                provider, families: families, environment: environment, freeReloads: reloads)
        else {
            return []
        }
        let budgeted = simulation.reloads.filter { $0.budgeted && !$0.refused }.count
        let refused = simulation.reloads.filter(\.refused).count

        // Every family shows the same entries, and prices move hourly while refreshes come every
        // 15 minutes: most amounts recur, and a Decimal takes microseconds to format.
        let amounts = FormattedAmounts(locale: environment.locale, redaction: environment.redaction)
        return try families.map { family, size in
            try WidgetPreview(
                simulation, of: provider, family: family, size: size, environment: environment,
                diagnostics: loaded.diagnostics + source.diagnostics, storeData: loaded.excerpts,
                notes: [
                    "The widget asks for a refresh every 15 minutes, 96 a day (FR-006). With a budget of \(environment.budget.limit), it really gets \(budgeted) in these 24 hours; \(refused) were refused, and the data on screen stayed as it was until the next one that ran.",
                    source.note,
                    "A tap opens the app at \(Self.deepLink).",
                ]
            ) { entry, redacted in
                try view(
                    of: entry, family: family, size: size, redacted: redacted, environment: environment,
                    amounts: amounts)
            }
        }
    }
}

/// The API's cap on ids per request; more are sent in chunks, the one deviation from "one request
/// per refresh" (docs/widgets/bitpal.md#prices-and-staleness).
public enum PriceFetchLimits {
    public static let idsPerRequest = 250
}
