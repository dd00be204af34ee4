import AppGroupStore
import Foundation
import GlimpseCore
import WidgetTimeline

/// Just Now: time since the last meditation, a rotating prompt, one tap to start
/// (docs/widgets/justnow.md).
public struct JustNowApp: GalleryApp {
    public typealias State = JustNowState

    public let id = "justnow"
    public let displayName = "Just Now"
    public let containerIdentifier = JustNowStoreFile.containerIdentifier
    public let containerAliases = [JustNowStoreFile.earlierContainerIdentifier]
    public let families: [WidgetFamily] = [
        .systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular, .control,
    ]
    /// The largest text size the widgets follow, and why (docs/widgets/; measured by scripts/text-size-check.py).
    public let textSizeCap: TextSizeCap? = TextSizeCap(
        .xxLarge,
        reason: """
            At xxxLarge on the 320×568 screen class the large widget's prompt pushes its one action, the Start \
            Meditation button, out of the widget. Capped with .dynamicTypeSize(...DynamicTypeSize.xxLarge).
            """)
    public let eventTypes = [
        ScenarioEventType(
            "logSession",
            keys: "`durationSeconds`; `startedAt` (ISO 8601, optional: by default the session ends at `at`)")
    ]
    public let fuzzTarget = FuzzTarget(path: JustNowStoreFile.fileName)

    /// Home Screen and Lock Screen widgets open the app into a running, untimed timer: the real
    /// app's scheme and host (`littlemoments://startSession`, handled by `Little_MomentsApp`).
    static let startLink = "littlemoments://startSession"
    /// The Control Center control runs `StartMeditationOpenIntent` (`openAppWhenRun = true`), which
    /// opens the same untimed timer without a URL; the gallery names it by the link that does the same.
    static let controlLink = "littlemoments://startSession"

    public init() {}

    public func previews(
        families: [(WidgetFamily, WidgetSize)], store: StoreRoot?, environment: PreviewEnvironment,
        inputs: Inputs
    ) throws -> [WidgetPreview] {
        var loaded = load(store: store, now: environment.window.start)
        let sessions = apply(environment.events, to: &loaded)
        let provider = JustNowProvider(store: sessions, rotation: inputs.rotation)
        let simulator = TimelineSimulator(budget: environment.budget)
        let reloads = ScenarioEvent.appReloads(for: environment.events)
        let widgets = families.filter { $0.0 != .control }
        let shared = simulator.sharedSimulation(
            provider, families: widgets, environment: environment, freeReloads: reloads)
        return try families.map { family, size in
            guard family != .control, let simulation = shared else {
                return try controlPreview(size: size, loaded: loaded, environment: environment)
            }
            return try WidgetPreview(
                simulation, of: provider, family: family, size: size, environment: environment,
                diagnostics: loaded.diagnostics, storeData: loaded.excerpts, notes: notes(for: family)
            ) { entry, redacted in
                try view(of: entry, family: family, size: size, redacted: redacted, environment: environment)
            }
        }
    }

    /// What a tap does, on the Home Screen and the Lock Screen.
    func notes(for family: WidgetFamily) -> [String] {
        if family.isAccessory {
            return [
                """
                A tap on the Lock Screen asks for Face ID or Touch ID first, then opens the app at \(Self.startLink), \
                where the timer starts at once.
                """
            ]
        }
        return ["One tap anywhere opens the app at \(Self.startLink): the timer is already running (iOS 16 and later)."]
    }
}
