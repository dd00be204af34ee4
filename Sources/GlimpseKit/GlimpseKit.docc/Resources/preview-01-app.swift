import Foundation
import GlimpseKit

/// Water Intake: today's count toward a goal, which starts again at local midnight.
public struct WaterIntakeApp: GalleryApp {
    public typealias State = WaterIntakeState

    public let id = "waterintake"
    public let displayName = "Water Intake"
    public let containerIdentifier = WaterIntakeStoreFile.containerIdentifier
    public let families: [WidgetFamily] = [.systemSmall, .systemMedium]
    public let eventTypes: [ScenarioEventType] = []
    public let fuzzTarget = FuzzTarget(path: WaterIntakeStoreFile.fileName)
    /// Its templates and content are this package's: `templates/waterintake/`, `content/copy/waterintake/`,
    /// `content/scenarios/waterintake/`.
    public let folders: AppFolders? = .package()

    public init() {}

    /// The day, read and simulated once, drawn in each family.
    public func previews(
        families: [(WidgetFamily, WidgetSize)], store: StoreRoot?, environment: PreviewEnvironment, inputs: Void
    ) throws -> [WidgetPreview] {
        let loaded = load(store: store)
        let diagnostics = loaded.diagnostics + environment.events.map(unknownEventDiagnostic)
        let provider = WaterIntakeProvider(file: loaded.value)
        let simulator = TimelineSimulator(budget: environment.budget)
        guard
            let simulation = simulator.sharedSimulation(
                provider, families: families, environment: environment,
                freeReloads: ScenarioEvent.appReloads(for: environment.events))
        else { return [] }
        return try families.map { family, size in
            try WidgetPreview(
                simulation, of: provider, family: family, size: size, environment: environment,
                diagnostics: diagnostics, storeData: loaded.excerpts
            ) { entry, redacted in
                try view(of: entry, family: family, redacted: redacted, environment: environment)
            }
        }
    }
}
