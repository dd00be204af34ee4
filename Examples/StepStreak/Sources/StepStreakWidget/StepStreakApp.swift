import Foundation
import GlimpseKit

/// Step Streak: the days in a row the step goal was met, and today's steps toward it (README.md).
public struct StepStreakApp: GalleryApp {
    public typealias State = StepStreakState

    public let id = "stepstreak"
    public let displayName = "Step Streak"
    public let containerIdentifier = StepStreakStoreFile.containerIdentifier
    public let families: [WidgetFamily] = [.systemSmall, .systemMedium, .accessoryRectangular]
    public let eventTypes = [ScenarioEventType("walk", keys: "`steps` (a count, added to today's)")]
    public let fuzzTarget = FuzzTarget(path: StepStreakStoreFile.fileName)
    /// Its templates, copy and scenarios are this package's, found from this file's path.
    public let folders: AppFolders? = .package()

    public init() {}

    /// Load, apply the day's walks, simulate once, draw each family.
    public func previews(
        families: [(WidgetFamily, WidgetSize)], store: StoreRoot?, environment: PreviewEnvironment, inputs: Void
    ) throws -> [WidgetPreview] {
        var loaded = load(store: store)
        let history = apply(environment.events, calendar: environment.calendar, to: &loaded)
        let provider = StepStreakProvider(history: history)
        let simulator = TimelineSimulator(budget: environment.budget)
        guard
            let simulation = simulator.sharedSimulation(
                provider, families: families, environment: environment,
                freeReloads: ScenarioEvent.appReloads(for: environment.events))
        else { return [] }
        return try families.map { family, size in
            try WidgetPreview(
                simulation, of: provider, family: family, size: size, environment: environment,
                diagnostics: loaded.diagnostics, storeData: loaded.excerpts
            ) { entry, redacted in
                try view(of: entry, family: family, redacted: redacted, environment: environment)
            }
        }
    }
}
