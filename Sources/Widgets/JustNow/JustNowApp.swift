import AppGroupStore
import Foundation
import GlimpseCore
import WidgetTimeline

/// Just Now: time since the last meditation, a rotating prompt, one tap to start
/// (docs/widgets/justnow.md).
public struct JustNowApp: GalleryApp {
    public let id = "justnow"
    public let displayName = "Just Now"
    public let containerIdentifier = SessionsFile.containerIdentifier
    public let families: [WidgetFamily] = [
        .systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular, .control,
    ]
    /// The largest text size the widgets follow, and why (docs/widgets/; measured by scripts/text-size-check.py).
    public let textSizeCap: TextSizeCap? = TextSizeCap(
        .xxLarge,
        reason:
            "At xxxLarge on the 320×568 screen class the large widget's prompt pushes its one action, the Start Meditation button, out of the widget. Capped with .dynamicTypeSize(...DynamicTypeSize.xxLarge)."
    )
    public let eventTypes = [
        ScenarioEventType(
            "logSession",
            keys: "`durationSeconds`; `startedAt` (ISO 8601, optional: by default the session ends at `at`)")
    ]
    public let fuzzTarget = FuzzTarget(path: SessionsFile.fileName)

    /// Home Screen and Lock Screen widgets open the app into a running timer.
    public static let startLink = "justnow://timer/start"
    /// The Control Center control runs `StartMeditationOpenIntent` (`openAppWhenRun = true`).
    public static let controlLink = "justnow://timer?start=untimed"
    /// A longer session than this is a diagnostic, not a 10⁹-second sit.
    static let longestSession: TimeInterval = 24 * 3600

    public init() {}

    /// The prompts of `content/prompts/justnow/`, rotating as `content/site.yaml` sets: read
    /// once a build, for every scenario.
    public func inputs(_ context: InputContext) async throws -> PromptRotation {
        try await context.shared("\(id).prompts") { try JustNowPrompts.rotation($0) }
    }

    public func previews(
        families: [(WidgetFamily, WidgetSize)], store: StoreRoot?, environment: PreviewEnvironment,
        inputs rotation: PromptRotation
    ) throws -> [WidgetPreview] {
        var (sessionStore, diagnostics, excerpts) = load(store: store, now: environment.window.start)
        for event in environment.events {
            switch event.type {
            case "logSession":
                guard let duration = event.parameters["durationSeconds"].flatMap(Double.init), duration >= 0,
                    duration <= Self.longestSession
                else {
                    diagnostics.append(
                        Diagnostic(.warning, "logSession needs durationSeconds, from 0 to 86400", file: "scenario.yaml")
                    )
                    continue
                }
                var started = event.at - duration
                if let text = event.parameters["startedAt"] {
                    guard let date = StoreJSON.parseISO8601(text) else {
                        diagnostics.append(
                            Diagnostic(
                                .warning, "logSession startedAt \"\(text.prefix(40))\" is not an ISO 8601 date-time",
                                file: "scenario.yaml"))
                        continue
                    }
                    started = date
                }
                sessionStore.logged.append((event.at, MeditationSession(startedAt: started, durationSeconds: duration)))
            default:
                diagnostics.append(unknownEventDiagnostic(event))
            }
        }
        let provider = JustNowProvider(store: sessionStore, rotation: rotation)
        let simulator = TimelineSimulator(budget: environment.budget)
        let reloads = ScenarioEvent.appReloads(for: environment.events)

        let shared = simulator.sharedSimulation(
            provider, families: families.filter { $0.0 != .control }, environment: environment,
            freeReloads: reloads)
        return try families.map { family, size in
            guard family != .control, let simulation = shared else {
                return try controlPreview(
                    size: size, diagnostics: diagnostics, excerpts: excerpts, environment: environment)
            }
            return try WidgetPreview(
                simulation, of: provider, family: family, size: size, environment: environment,
                diagnostics: diagnostics, storeData: excerpts, notes: notes(for: family)
            ) { entry, redacted in
                try view(of: entry, family: family, redacted: redacted, environment: environment)
            }
        }
    }

    func notes(for family: WidgetFamily) -> [String] {
        if family.isAccessory {
            return [
                "A tap on the Lock Screen asks for Face ID or Touch ID first, then opens the app at \(Self.startLink), where the timer starts at once."
            ]
        }
        return ["One tap anywhere opens the app at \(Self.startLink): the timer is already running (iOS 16 and later)."]
    }

    /// The control's single frame: it shows no data, only the action.
    func controlPreview(
        size: WidgetSize, diagnostics: [Diagnostic], excerpts: [StoreExcerpt], environment: PreviewEnvironment
    ) throws -> WidgetPreview {
        let simulation = TimelineSimulator(budget: environment.budget).simulate(
            JustNowControlProvider(), family: .control, displaySize: size, window: environment.window,
            calendar: environment.calendar)
        let copy = environment.copy
        let title = try copy.copy(id, "control-title").text
        let label = try copy.copy(id, "control-accessibility").text
        func controlView(redacted: Bool) -> WidgetView {
            let model = JustNowViewModel(
                redacted: redacted, heading: "", since: "", hasHistory: false, start: title, prompt: nil,
                controlTitle: title)
            return WidgetView(
                state: "control", template: "justnow/control", model: model, texts: [title], links: [Self.controlLink],
                widgetURL: Self.controlLink, accessibilityLabel: label, isPlaceholder: redacted, caption: title)
        }
        let name = try copy.copy(id, "control-name").text
        return WidgetPreview(
            family: .control, size: size,
            frames: simulation.frames.map {
                PreviewFrame(start: $0.start, end: $0.end, reload: $0.reload, view: controlView(redacted: false))
            },
            reloads: simulation.reloads, budget: simulation.budget, placeholder: controlView(redacted: true),
            diagnostics: diagnostics, storeData: excerpts,
            notes: [
                "iOS 18 Control Center: the control \(name) (StartMeditationControlWidget). A tap runs StartMeditationOpenIntent, which sets openAppWhenRun = true and opens the app at \(Self.controlLink): an untimed session, already running.",
                "Both control intents set isDiscoverable = false, so they are hidden from Shortcuts; the user-facing action there stays MeditationSessionIntent.",
                "The control shows no data, so it never reloads after its first render.",
            ])
    }

    /// Reads `sessions.json` once for all families. Missing or corrupt: no history, with a diagnostic.
    /// Sessions that start after `now` cannot have happened yet (a wrong clock); they are left out.
    func load(store: StoreRoot?, now: Date) -> (JustNowStore, [Diagnostic], [StoreExcerpt]) {
        guard let store else { return (JustNowStore(initial: []), [], []) }
        do {
            let container = try store.container(containerIdentifier)
            let file = container.displayPath(SessionsFile.fileName)
            let bytes: Data
            do {
                bytes = try container.data(at: SessionsFile.fileName)
            } catch .fileMissing(let missing) {
                return (
                    JustNowStore(initial: []),
                    [Diagnostic(.warning, "file not found; showing “No recent sessions”", file: missing)], []
                )
            }
            let excerpt = StoreExcerpt(file: file, text: String(decoding: bytes.prefix(16_384), as: UTF8.self))
            do {
                let decoded = try StoreJSON.decode(SessionsFile.self, from: bytes, file: file)
                var diagnostics: [Diagnostic] = []
                let sane = decoded.sessions.enumerated().filter { index, session in
                    guard session.durationSeconds.isFinite, session.durationSeconds >= 0,
                        session.durationSeconds <= Self.longestSession
                    else {
                        diagnostics.append(
                            Diagnostic(
                                .warning,
                                "sessions[\(index)].durationSeconds: \(session.durationSeconds) is outside 0…86400; that session is ignored",
                                file: file))
                        return false
                    }
                    return true
                }.map(\.element)
                let future = sane.filter { $0.startedAt > now }
                if !future.isEmpty {
                    let first = future.map(\.startedAt).min()!.formatted(.iso8601)
                    diagnostics.append(
                        Diagnostic(
                            .warning,
                            future.count == 1
                                ? "1 session starts after now, at \(first); it is ignored"
                                : "\(future.count) sessions start after now, the first at \(first); they are ignored",
                            file: file))
                }
                return (JustNowStore(initial: sane.filter { $0.startedAt <= now }), diagnostics, [excerpt])
            } catch {
                return (JustNowStore(initial: []), [error.diagnostic], [excerpt])
            }
        } catch {
            return (JustNowStore(initial: []), [error.diagnostic], [])
        }
    }

    /// The view model, state and texts for one entry in one family.
    func view(
        of entry: JustNowEntry, family: WidgetFamily, redacted: Bool, environment: PreviewEnvironment
    ) throws -> WidgetView {
        let copy = environment.copy
        let keys = entry.since.copyKeys
        // How long since the last session is the store's figure: a placeholder under --redact.
        let values = keys.count.map { ["count": environment.redaction.figure(environment.locale.integer($0))] } ?? [:]
        // The Lock Screen shows the compact form; with no history the rectangle has room for the words.
        let compact = family == .accessoryCircular || (family == .accessoryRectangular && entry.since != .none)
        let since = try copy.copy(id, compact ? keys.compact : keys.full, values: values).text
        let heading = try copy.copy(id, "last-meditation").text
        let start = try copy.copy(id, family == .systemLarge ? "start" : "start-short").text
        let hasHistory = entry.since != .none
        let label =
            hasHistory
            ? try copy.copy(id, "accessibility", values: ["since": try copy.copy(id, keys.spoken, values: values).text])
                .text
            : try copy.copy(id, "accessibility-none").text

        var prompt: JustNowViewModel.PromptModel?
        var promptTexts: [String] = []
        if let layout = PromptLayout.of(family), let shown = entry.prompt {
            prompt = JustNowViewModel.PromptModel(
                html: shown.html, author: shown.author, style: "--prompt-lines:\(layout.lines)")
            promptTexts = [shown.text] + (shown.author.map { [$0] } ?? [])
        }
        let texts: [String] =
            switch family {
            case .accessoryCircular: [since]
            case .accessoryRectangular: hasHistory ? [heading, since, start] : [since, start]
            default: (hasHistory ? [heading, since] : [since]) + promptTexts + [start]
            }
        let model = JustNowViewModel(
            redacted: redacted, heading: heading, since: since, hasHistory: hasHistory, start: start,
            prompt: prompt, controlTitle: "")
        return WidgetView(
            state: entry.since.state, template: "justnow/\(family.rawValue)", model: model, texts: texts,
            links: [Self.startLink], widgetURL: Self.startLink, accessibilityLabel: label, isPlaceholder: redacted)
    }
}
