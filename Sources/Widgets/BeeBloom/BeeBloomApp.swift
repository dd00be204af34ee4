import AppGroupStore
import Foundation
import GlimpseCore
import WidgetTimeline

/// BeeBloom: today's incomplete habits, tap to complete (docs/widgets/beebloom.md).
public struct BeeBloomApp: GalleryApp {
    public let id = "beebloom"
    public let displayName = "BeeBloom"
    public let containerIdentifier = HabitsFile.containerIdentifier
    public let families: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge]
    /// The largest text size the widgets follow, and why (docs/widgets/; measured by scripts/text-size-check.py).
    public let textSizeCap: TextSizeCap? = TextSizeCap(
        .xxLarge,
        reason:
            "At xxxLarge on the 320×568 screen class the all-complete message no longer fits the small widget beside its flower, and at AX1 a row leaves a habit's title about six characters: the titles are the widget. Capped with .dynamicTypeSize(...DynamicTypeSize.xxLarge); larger text is the app's."
    )
    public let eventTypes = [
        ScenarioEventType("completeHabit", keys: "`habit` (id)"),
        ScenarioEventType("createHabit", keys: "`habit`, `title`, `group` (optional)"),
        ScenarioEventType("renameHabit", keys: "`habit`, `title`"),
        ScenarioEventType("deleteHabit", keys: "`habit` (id)"),
        ScenarioEventType(
            "storeUnreadable",
            keys:
                "`for`: how long reads fail, such as `PT7S`. Put it at the same `at` as the change it interrupts; the widget retries every 5 s, at most 3 times.",
            fields: ["for"]),
    ]
    public let fuzzTarget = FuzzTarget(path: HabitsFile.fileName)

    /// Where the app opens when there is nothing to tap, and on iOS 14–16.
    public static let todayLink = "beebloom://today"
    /// The longest storyboard drawn; with more habits, a note says how many were left.
    static let maximumStoryboardSteps = 40
    /// Rows one column of the medium widget holds (its capacity, 6, is two columns).
    static let rowsPerMediumColumn = 3

    public init() {}

    /// A tap on a habit row runs `CompleteHabitIntent`: the scenario event `completeHabit`.
    public func event(forTap link: String) -> (type: String, parameters: [String: String])? {
        CompleteHabitIntent(url: link).map { ("completeHabit", ["habit": $0.habitId]) }
    }

    public func previews(
        families: [(WidgetFamily, WidgetSize)], store: StoreRoot?, environment: PreviewEnvironment,
        inputs: Void
    ) throws -> [WidgetPreview] {
        var (habitStore, diagnostics, excerpts) = load(store: store)
        for event in environment.events {
            switch event.type {
            case "completeHabit", "createHabit", "renameHabit", "deleteHabit":
                guard let habit = event.parameters["habit"], !habit.isEmpty else {
                    diagnostics.append(Diagnostic(.warning, "\(event.type) needs a habit id", file: "scenario.yaml"))
                    continue
                }
                let title = event.parameters["title"] ?? habit
                let change: HabitChange =
                    switch event.type {
                    case "completeHabit": .complete(habit: habit)
                    case "createHabit": .create(habit: habit, title: title, groupId: event.parameters["group"])
                    case "renameHabit": .rename(habit: habit, title: title)
                    default: .delete(habit: habit)
                    }
                habitStore.changes.append((event.at, change))
            case "storeUnreadable":
                guard let seconds = event.parameters["for"].flatMap(ISODuration.seconds) else {
                    diagnostics.append(
                        Diagnostic(
                            .warning, "storeUnreadable needs `for`, an ISO 8601 duration such as PT7S",
                            file: "scenario.yaml"))
                    continue
                }
                habitStore.unreadable.append(DateInterval(start: event.at, duration: seconds))
            default:
                diagnostics.append(unknownEventDiagnostic(event))
            }
        }
        habitStore = BeeBloomStore(
            initial: habitStore.initial, changes: habitStore.changes, unreadable: habitStore.unreadable)
        let provider = BeeBloomProvider(store: habitStore)
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
            store: BeeBloomStore(initial: habitStore.initial), family: firstFamily, size: firstSize,
            environment: environment)

        return try families.map { family, size in
            let taps = try storyboard(tapped, family: family, size: size, environment: environment)
            return try WidgetPreview(
                simulation, of: provider, family: family, size: size, environment: environment,
                diagnostics: diagnostics, storeData: excerpts,
                notes: [
                    "iOS 17 and later: tapping a habit runs CompleteHabitIntent, which completes it without opening the app; the widget reloads at once (free).",
                    "iOS 14–16: widgets cannot run intents, so any tap opens the app at \(Self.todayLink), where the habit is completed.",
                ]
                    + (taps.remaining > 0
                        ? [
                            "The tap storyboard stops after \(Self.maximumStoryboardSteps) taps; \(environment.locale.integer(taps.remaining)) habits were still incomplete then."
                        ]
                        : []),
                storyboard: taps.steps
            ) { entry, redacted in
                try view(of: entry, family: family, size: size, redacted: redacted, environment: environment)
            }
        }
    }

    /// Reads `habits.json` once for all families.
    func load(store: StoreRoot?) -> (BeeBloomStore, [Diagnostic], [StoreExcerpt]) {
        guard let store else { return (BeeBloomStore(initial: .empty), [], []) }
        do {
            let container = try store.container(containerIdentifier)
            let file = container.displayPath(HabitsFile.fileName)
            let bytes: Data
            do {
                bytes = try container.data(at: HabitsFile.fileName)
            } catch .fileMissing(let missing) {
                // The app writes the file with its first habit.
                return (
                    BeeBloomStore(initial: .empty),
                    [Diagnostic(.warning, "file not found; showing the no-habits state", file: missing)], []
                )
            }
            let excerpt = StoreExcerpt(file: file, text: String(decoding: bytes.prefix(16_384), as: UTF8.self))
            do {
                let decoded = try StoreJSON.decode(HabitsFile.self, from: bytes, file: file)
                let (cleaned, diagnostics) = HabitRules.validate(decoded, path: file)
                return (BeeBloomStore(initial: .file(cleaned)), diagnostics, [excerpt])
            } catch {
                return (BeeBloomStore(initial: .unreadable), [error.diagnostic], [excerpt])
            }
        } catch {
            return (
                BeeBloomStore(initial: error.diagnostic.severity == .info ? .empty : .unreadable), [error.diagnostic],
                []
            )
        }
    }

    /// Taps on the first visible habit, then the next, until nothing is left, and the simulated
    /// day around them. Each tap is a `CompleteHabitIntent` followed by a free reload, a minute apart.
    /// Stops after `maximumStoryboardSteps` taps; `remaining` is how many habits were still left then.
    struct TapRun {
        var taps: [(at: Date, habit: TodayHabit)]
        var simulation: TimelineSimulation<BeeBloomEntry>?
        var remaining: Int
    }

    func tapRun(
        store initial: BeeBloomStore, family: WidgetFamily, size: WidgetSize, environment: PreviewEnvironment
    ) -> TapRun {
        var store = initial
        var taps: [(at: Date, habit: TodayHabit)] = []
        var date = environment.window.start
        var remaining = 0
        // What the widget shows right after each tap: the first entry of the reload that follows.
        while let loaded = try? store.read(at: date),
            case .incomplete(let habits) = BeeBloomProvider.content(
                of: loaded, on: date, calendar: environment.calendar),
            let first = habits.leading.first
        {
            guard taps.count < Self.maximumStoryboardSteps else {
                remaining = habits.count
                break
            }
            date += 60
            store = CompleteHabitIntent(habitId: first.id).perform(on: store, at: date)
            taps.append((date, first))
        }
        guard !taps.isEmpty else { return TapRun(taps: [], simulation: nil, remaining: 0) }
        let simulation = TimelineSimulator(budget: environment.budget, retryPolicy: .everyFiveSecondsThreeTimes)
            .simulate(
                BeeBloomProvider(store: store), family: family, displaySize: size, window: environment.window,
                calendar: environment.calendar,
                freeReloads: taps.map {
                    FreeReloadRequest(at: $0.at, kind: .intent, note: "CompleteHabitIntent \($0.habit.id)")
                })
        return TapRun(taps: taps, simulation: simulation, remaining: remaining)
    }

    /// What `family` shows right after each tap of `run`.
    func storyboard(
        _ run: TapRun, family: WidgetFamily, size: WidgetSize, environment: PreviewEnvironment
    ) throws -> (steps: [StoryboardStep], remaining: Int) {
        guard let simulation = run.simulation else { return ([], 0) }
        let steps = try run.taps.compactMap { tap -> StoryboardStep? in
            guard let frame = simulation.frame(at: tap.at) else { return nil }
            return StoryboardStep(
                at: tap.at, action: "Tapped “\(environment.redaction.text(tap.habit.title))”",
                link: CompleteHabitIntent(habitId: tap.habit.id).url,
                view: try view(of: frame.entry, family: family, size: size, redacted: false, environment: environment))
        }
        return (steps, run.remaining)
    }

    /// The view model, state and texts for one entry in one family.
    func view(
        of entry: BeeBloomEntry, family: WidgetFamily, size: WidgetSize, redacted: Bool, environment: PreviewEnvironment
    ) throws -> WidgetView {
        let copy = environment.copy
        let template = "beebloom/\(family.rawValue)"
        let layout = family == .systemMedium ? "bb-columns-2" : "bb-columns-1"

        func messageView(_ state: BeeBloomState, key: String) throws -> WidgetView {
            let text = try copy.copy(id, key)
            let message = BeeBloomViewModel.Message(
                html: text.html, kind: key, noHabits: state == .noHabits,
                allComplete: state == .allComplete, unreadable: state == .unreadable)
            let model = BeeBloomViewModel(redacted: redacted, layout: layout, rows: [], more: nil, message: message)
            return WidgetView(
                state: state.rawValue, template: template, model: model, texts: [text.text], links: [Self.todayLink],
                widgetURL: Self.todayLink, accessibilityLabel: text.text, isPlaceholder: redacted)
        }

        switch entry.content {
        case .noHabits: return try messageView(.noHabits, key: "no-habits")
        case .unreadable: return try messageView(.unreadable, key: "unreadable")
        case .incomplete(let habits) where habits.isEmpty: return try messageView(.allComplete, key: "all-complete")
        case .incomplete(let habits):
            let capacity = HabitCapacity.of(family, size: size, textSize: environment.textSize)
            let (visible, hidden) = capacity.layout(incomplete: habits.count)
            let shown = Array(habits.leading.prefix(visible))
            // Titles are the store's: placeholders under --redact.
            let titles = shown.map { environment.redaction.text($0.title) }
            let rows = try zip(shown, titles).map { habit, title in
                let intent = CompleteHabitIntent(habitId: habit.id)
                return BeeBloomViewModel.Row(
                    title: title, link: intent.url,
                    label: try copy.copy(id, "complete-habit", values: ["title": title]).text,
                    style: habit.color.map { "--group:\($0)" } ?? "", grouped: habit.color != nil)
            }
            var more: BeeBloomViewModel.More?
            if hidden > 0 {
                let text = try copy.copy(id, "more", values: ["count": environment.locale.integer(hidden)]).text
                let label = try copy.copy(id, "more-label", values: ["count": environment.locale.integer(hidden)]).text
                more = BeeBloomViewModel.More(text: text, link: Self.todayLink, label: label)
            }
            let label = try copy.copy(
                id, "accessibility",
                values: [
                    "count": environment.locale.integer(habits.count),
                    "titles": (titles + (more.map { [$0.text] } ?? [])).joined(separator: ", "),
                ]
            ).text
            // Medium uses its second column only when one column cannot hold every row, so short lists keep whole titles.
            let perColumn = family == .systemMedium ? capacity.rows / 2 : capacity.rows
            let listLayout =
                family == .systemMedium && rows.count + (more == nil ? 0 : 1) <= perColumn ? "bb-columns-1" : layout
            var model = BeeBloomViewModel(redacted: redacted, layout: listLayout, rows: rows, more: more, message: nil)
            // Fewer rows per column than medium's three, at a large text size: the grid follows.
            if family == .systemMedium && perColumn != Self.rowsPerMediumColumn {
                model.columnStyle = "--bb-per-column:\(perColumn)"
            }
            return WidgetView(
                state: (hidden > 0 ? BeeBloomState.overflow : .habits).rawValue, template: template, model: model,
                texts: titles + (more.map { [$0.text] } ?? []),
                links: rows.map(\.link) + (more.map { [$0.link] } ?? []),
                accessibilityLabel: label, isPlaceholder: redacted)
        }
    }
}
