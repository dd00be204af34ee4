import AppGroupStore
import Foundation
import GlimpseCore
import WidgetTimeline

/// One Goal: a single goal, marked done once per local day (docs/widgets/onegoal.md).
public struct OneGoalApp: GalleryApp {
    public typealias State = OneGoalState

    public let id = "onegoal"
    public let displayName = "One Goal"
    public let containerIdentifier = OneGoalStoreFile.containerIdentifier
    public let containerAliases = [OneGoalStoreFile.specContainerIdentifier]
    public let families: [WidgetFamily] = [
        .systemSmall, .systemMedium, .accessoryCircular, .accessoryRectangular, .accessoryInline,
    ]
    /// The largest text size the widgets follow, and why (docs/widgets/; measured by scripts/text-size-check.py).
    public let textSizeCap: TextSizeCap? = TextSizeCap(
        .ax2,
        reason: """
            Above AX2 on the 320×568 screen class the no-goal prompt needs more than the medium widget's height, \
            and at AX5 the Lock Screen ring's count spills out of its circle. Capped with \
            .dynamicTypeSize(...DynamicTypeSize.accessibility2).
            """,
        families: [
            .accessoryInline: .init(
                .xxxLarge,
                reason: """
                    The inline line is 26 pt high above the clock: from AX1 its text and icon are taller \
                    than the line. Capped with .dynamicTypeSize(...DynamicTypeSize.xxxLarge).
                    """),
            .accessoryRectangular: .init(
                .xxxLarge,
                reason: """
                    The rectangle is about 50 pt high: from AX1 one line of the count and the bar no longer \
                    fit under the title, and "200/365" after its icon no longer fits the width of the \
                    320×568 screen class. Capped with .dynamicTypeSize(...DynamicTypeSize.xxxLarge).
                    """),
            .accessoryCircular: .init(
                .xxxLarge,
                reason: """
                    From AX1 the ring's total and the short prompt no longer fit inside the circle. Capped \
                    with .dynamicTypeSize(...DynamicTypeSize.xxxLarge).
                    """),
        ])
    public let eventTypes = [ScenarioEventType("markDone")]
    public let fuzzTarget = FuzzTarget(path: OneGoalStoreFile.fileName)

    /// Every tap opens the app at Home, its index route (`onegoal://`; the app's expo-router has no
    /// `home` route): the widget has no intents (docs/widgets/onegoal.md#taps).
    static let deepLink = "onegoal://"

    public init() {}

    public func previews(
        families: [(WidgetFamily, WidgetSize)], store: StoreRoot?, environment: PreviewEnvironment, inputs: Void
    ) throws -> [WidgetPreview] {
        var loaded = load(store: store)
        let timeline = apply(environment.events, to: &loaded)
        let provider = OneGoalProvider(store: timeline)
        let reloads = ScenarioEvent.appReloads(for: environment.events)
        let simulator = TimelineSimulator(budget: environment.budget)
        guard
            let simulation = simulator.sharedSimulation(
                provider, families: families, environment: environment, freeReloads: reloads)
        else { return [] }
        return try families.map { family, size in
            try WidgetPreview(
                simulation, of: provider, family: family, size: size, environment: environment,
                diagnostics: loaded.diagnostics, storeData: loaded.excerpts,
                notes: ["A tap opens the app at \(Self.deepLink) on every iOS version; the widget has no intents."]
            ) { entry, redacted in
                try view(of: entry, family: family, size: size, redacted: redacted, environment: environment)
            }
        }
    }
}
