import AppGroupStore
import Foundation
import GlimpseCore
import WidgetTimeline

/// BeeBloom: today's incomplete habits, tap to complete (docs/widgets/beebloom.md).
public struct BeeBloomApp: GalleryApp {
    public typealias State = BeeBloomState

    public let id = "beebloom"
    public let displayName = "BeeBloom"
    public let containerIdentifier = BeeBloomStoreFile.containerIdentifier
    public let containerAliases = [BeeBloomStoreFile.earlierContainerIdentifier]
    public let families: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge]
    /// The largest text size the widgets follow, and why (docs/widgets/; measured by scripts/text-size-check.py).
    public let textSizeCap: TextSizeCap? = TextSizeCap(
        .xxLarge,
        reason: """
            At xxxLarge on the 320×568 screen class the all-complete message no longer fits the small widget beside \
            its flower, and at AX1 a row leaves a habit's title about six characters: the titles are the widget. \
            Capped with .dynamicTypeSize(...DynamicTypeSize.xxLarge); larger text is the app's.
            """)
    public let eventTypes = [
        ScenarioEventType("completeHabit", keys: "`habit` (id)"),
        ScenarioEventType("createHabit", keys: "`habit`, `title`, `group` (optional)"),
        ScenarioEventType("renameHabit", keys: "`habit`, `title`"),
        ScenarioEventType("deleteHabit", keys: "`habit` (id)"),
        ScenarioEventType(
            "storeUnreadable",
            keys: """
                `for`: how long reads fail, such as `PT7S`. Put it at the same `at` as the change it interrupts; the \
                widget retries every 5 s, at most 3 times.
                """,
            fields: ["for"]),
    ]
    public let fuzzTarget = FuzzTarget(path: BeeBloomStoreFile.databaseName)

    /// Where the app opens when there is nothing to tap, and on iOS 14–16.
    static let todayLink = "beebloom://today"

    public init() {}

    /// A tap on a habit row runs `CompleteHabitIntent`: the scenario event `completeHabit`.
    public func event(forTap link: String) -> (type: String, parameters: [String: String])? {
        CompleteHabitIntent(url: link).map { ("completeHabit", ["habit": $0.habitId]) }
    }

    public func previews(
        families: [(WidgetFamily, WidgetSize)], store: StoreRoot?, environment: PreviewEnvironment, inputs: Void
    ) throws -> [WidgetPreview] {
        var loaded = load(store: store, calendar: environment.calendar)
        let habits = apply(environment.events, to: &loaded)
        let provider = BeeBloomProvider(store: habits)
        let simulator = TimelineSimulator(budget: environment.budget, retryPolicy: .everyFiveSecondsThreeTimes)
        let reloads = ScenarioEvent.appReloads(for: environment.events)
        // The provider reads the same store whatever the family: one simulation, and one run of
        // taps, serve every family; only the views differ. A store of 100k habits made each
        // simulated read costly, and each family repeated them all.
        guard let (firstFamily, firstSize) = families.first,
            let simulation = simulator.sharedSimulation(
                provider, families: families, environment: environment, freeReloads: reloads)
        else { return [] }
        let tapped = tapRun(
            store: BeeBloomStoreTimeline(initial: habits.initial), family: firstFamily, size: firstSize,
            environment: environment)
        return try families.map { family, size in
            let taps = try storyboard(tapped, family: family, size: size, environment: environment)
            return try WidgetPreview(
                simulation, of: provider, family: family, size: size, environment: environment,
                diagnostics: loaded.diagnostics, storeData: loaded.excerpts,
                notes: notes(remaining: taps.remaining, environment: environment), storyboard: taps.steps
            ) { entry, redacted in
                try view(of: entry, family: family, size: size, redacted: redacted, environment: environment)
            }
        }
    }

    /// What a tap does, on each iOS version, and where the storyboard stopped.
    func notes(remaining: Int, environment: PreviewEnvironment) -> [String] {
        var notes = [
            """
            iOS 17 and later: tapping a habit runs CompleteHabitIntent, which completes it without opening the app; \
            the widget reloads at once (free).
            """,
            "iOS 14–16: widgets cannot run intents, so any tap opens the app at \(Self.todayLink), where the habit "
                + "is completed.",
        ]
        if remaining > 0 {
            notes.append(
                """
                The tap storyboard stops after \(Self.maximumStoryboardSteps) taps; \
                \(environment.locale.integer(remaining)) habits were still incomplete then.
                """)
        }
        return notes
    }
}
