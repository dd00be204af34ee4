import AppGroupStore
import Foundation
import GlimpseCore
import WidgetTimeline

/// One Goal: a single goal, marked done once per local day (docs/widgets/onegoal.md).
public struct OneGoalApp: GalleryApp {
    public let id = "onegoal"
    public let displayName = "One Goal"
    public let containerIdentifier = WidgetSnapshot.containerIdentifier
    public let families: [WidgetFamily] = [
        .systemSmall, .systemMedium, .accessoryCircular, .accessoryRectangular, .accessoryInline,
    ]
    /// The largest text size the widgets follow, and why (docs/widgets/; measured by scripts/text-size-check.py).
    public let textSizeCap: TextSizeCap? = TextSizeCap(
        .ax2,
        reason:
            "Above AX2 on the 320×568 screen class the no-goal prompt needs more than the medium widget's height, and at AX5 the Lock Screen ring's count spills out of its circle. Capped with .dynamicTypeSize(...DynamicTypeSize.accessibility2)."
    )
    public let eventTypes = [ScenarioEventType("markDone")]
    public let fuzzTarget = FuzzTarget(path: WidgetSnapshot.fileName)

    /// Every tap opens the app: the widget has no intents (docs/widgets/onegoal.md#taps).
    public static let deepLink = "onegoal://home"

    public init() {}

    public func previews(
        families: [(WidgetFamily, WidgetSize)], store: StoreRoot?, environment: PreviewEnvironment,
        inputs: Void
    ) throws -> [WidgetPreview] {
        let loaded = load(store: store)
        var diagnostics = loaded.diagnostics
        var markDone: [Date] = []
        let reloads = ScenarioEvent.appReloads(for: environment.events)
        for event in environment.events {
            switch event.type {
            case "markDone":
                markDone.append(event.at)
            default:
                diagnostics.append(unknownEventDiagnostic(event))
            }
        }
        let provider = OneGoalProvider(store: OneGoalStoreTimeline(initial: loaded.goal, markDoneDates: markDone))
        let simulator = TimelineSimulator(budget: environment.budget)

        guard
            let simulation = simulator.sharedSimulation(
                provider, families: families, environment: environment, freeReloads: reloads)
        else {
            return []
        }
        return try families.map { family, size in
            try WidgetPreview(
                simulation, of: provider, family: family, size: size, environment: environment,
                diagnostics: diagnostics, storeData: loaded.excerpts,
                notes: ["A tap opens the app at \(Self.deepLink) on every iOS version; the widget has no intents."]
            ) { entry, redacted in
                try view(of: entry, family: family, size: size, redacted: redacted, environment: environment)
            }
        }
    }

    struct Loaded {
        var goal: Goal?
        var diagnostics: [Diagnostic] = []
        var excerpts: [StoreExcerpt] = []
    }

    /// Reads and checks the snapshot once for all families.
    func load(store: StoreRoot?) -> Loaded {
        var loaded = Loaded()
        guard let store else { return loaded }
        do {
            let container = try store.container(containerIdentifier)
            let file = container.displayPath(WidgetSnapshot.fileName)
            let bytes = try container.data(at: WidgetSnapshot.fileName)
            loaded.excerpts.append(
                StoreExcerpt(file: file, text: String(decoding: bytes.prefix(16_384), as: UTF8.self)))
            let snapshot = try StoreJSON.decode(WidgetSnapshot.self, from: bytes, file: file)
            let (goal, diagnostics) = OneGoalRules.validate(snapshot, file: file)
            loaded.goal = goal
            loaded.diagnostics += diagnostics
        } catch {
            loaded.diagnostics.append(error.diagnostic)
        }
        return loaded
    }

    /// The view model and texts for one entry.
    func view(
        of entry: OneGoalEntry, family: WidgetFamily, size: WidgetSize, redacted: Bool, environment: PreviewEnvironment
    ) throws -> WidgetView {
        let copy = environment.copy
        let locale = environment.locale
        let template = "onegoal/\(family.rawValue)"
        var style: [(name: String, value: String)] = []
        if let accent = entry.goal?.accent, !redacted { style.append(("--store-accent", accent.description)) }

        guard let goal = entry.goal else {
            let empty = try copy.copy(id, family == .accessoryCircular ? "no-goal-short" : "no-goal")
            let model = OneGoalViewModel(
                link: Self.deepLink, accessibilityLabel: empty.text, redacted: redacted, goal: nil,
                emptyHTML: empty.html)
            return WidgetView(
                state: entry.state.rawValue, template: template, model: model, texts: [empty.text],
                links: [Self.deepLink], widgetURL: Self.deepLink, accessibilityLabel: empty.text, style: style,
                isPlaceholder: redacted)
        }

        // The goal and its days are the store's: placeholders under --redact (the bar, ring and
        // grid still draw the real fraction, so the layout is what the user sees).
        let redaction = environment.redaction
        let titleText =
            goal.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            ? try copy.copy(id, "untitled").text : redaction.text(goal.title)
        let completed = redaction.figure(locale.integer(goal.completedDays))
        let total = redaction.figure(locale.integer(goal.totalDays))
        let caption = try copy.copy(id, "days-caption", values: ["total": total])
        let statusKey =
            switch entry.state {
            case .complete: "complete"
            case .doneToday: "done-today"
            case .notDoneToday, .noGoal: "not-done-today"
            }
        let status = try copy.copy(id, statusKey)
        let label = try copy.copy(
            id, "accessibility",
            values: [
                "title": titleText, "completed": completed, "total": total, "status": status.text,
            ]
        ).text

        var grid: ProgressGridModel?
        if family == .systemMedium {
            // The right-hand column of a medium widget, inside the 16 pt margins.
            grid = ProgressGridModel.fitting(
                total: goal.totalDays, completed: goal.completedDays,
                width: size.width - 32 - 148, height: size.height - 32)
        }
        let goalModel = OneGoalViewModel.GoalModel(
            title: titleText, number: completed, total: total, captionHTML: caption.html, statusHTML: status.html,
            done: entry.state == .doneToday, complete: entry.state == .complete,
            barWidth: String(format: "%.2f%%", goal.fractionComplete * 100),
            percentText: redaction.figure(locale.percent(goal.fractionComplete)), grid: grid,
            ring: ProgressRingModel(fraction: goal.fractionComplete), fraction: "\(completed)/\(total)")
        let model = OneGoalViewModel(
            link: Self.deepLink, accessibilityLabel: label, redacted: redacted, goal: goalModel, emptyHTML: .empty)

        let texts: [String] =
            switch family {
            case .accessoryInline: ["\(completed)/\(total)", titleText]
            case .accessoryCircular: [completed, "/\(total)"]
            case .accessoryRectangular: [titleText, "\(completed) \(caption.text)", status.text]
            default: [titleText, completed, caption.text, status.text]
            }
        return WidgetView(
            state: entry.state.rawValue, template: template, model: model, texts: texts,
            links: [Self.deepLink], widgetURL: Self.deepLink, accessibilityLabel: label, style: style,
            isPlaceholder: redacted)
    }
}
