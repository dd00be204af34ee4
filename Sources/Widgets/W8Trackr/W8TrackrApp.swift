import AppGroupStore
import Foundation
import GlimpseCore
import WidgetTimeline

/// W8Trackr: the latest weight, in the preferred unit, and the way to the goal
/// (docs/widgets/w8trackr.md).
public struct W8TrackrApp: GalleryApp {
    public typealias State = W8TrackrState

    public let id = "w8trackr"
    public let displayName = "W8Trackr"
    public let containerIdentifier = W8TrackrStoreFile.containerIdentifier
    public let containerAliases = [W8TrackrStoreFile.earlierContainerIdentifier]
    public let families: [WidgetFamily] = [.systemSmall, .systemMedium]
    /// The largest text size the widgets follow, and why (docs/widgets/; measured by scripts/text-size-check.py).
    public let textSizeCap: TextSizeCap? = TextSizeCap(
        .xxxLarge,
        reason: """
            At AX1 on the 320×568 screen class the medium widget's message for an unreadable store needs more than \
            its height. Capped with .dynamicTypeSize(...DynamicTypeSize.xxxLarge).
            """)
    public let eventTypes = [
        ScenarioEventType("logWeight", keys: "`value`, `unit` (`lb` or `kg`)", fields: ["value", "unit"])
    ]
    /// The SQLite database, opened from fuzzed bytes through the private copy it is read from,
    /// beside a suite that prefers pounds.
    public var fuzzTarget: FuzzTarget {
        let preferences = try? PropertyListSerialization.data(
            fromPropertyList: ["preferredWeightUnit": "lb", "goalWeight": 170], format: .binary, options: 0)
        return FuzzTarget(
            path: W8TrackrStoreFile.storePaths[0],
            companions: [W8TrackrStoreFile.suitePath(in: containerIdentifier): preferences ?? Data()])
    }

    /// A tap opens the weight entry screen (docs/widgets/w8trackr.md#taps).
    static let deepLink = "w8trackr://entry/new"

    public init() {}

    public func previews(
        families: [(WidgetFamily, WidgetSize)], store: StoreRoot?, environment: PreviewEnvironment, inputs: Void
    ) throws -> [WidgetPreview] {
        var loaded = load(store: store, window: environment.window)
        let logged = apply(environment.events, to: &loaded)
        let provider = W8TrackrProvider(source: loaded.value, logged: logged)
        let simulator = TimelineSimulator(budget: environment.budget)
        let reloads = ScenarioEvent.appReloads(for: environment.events)
        guard
            let simulation = simulator.sharedSimulation(
                provider, families: families, environment: environment, freeReloads: reloads)
        else { return [] }
        return try families.map { family, size in
            try WidgetPreview(
                simulation, of: provider, family: family, size: size, environment: environment,
                diagnostics: loaded.diagnostics, storeData: loaded.excerpts,
                notes: ["A tap anywhere opens the app at \(Self.deepLink), the weight entry screen."]
            ) { entry, redacted in
                try view(of: entry, family: family, size: size, redacted: redacted, environment: environment)
            }
        }
    }
}
