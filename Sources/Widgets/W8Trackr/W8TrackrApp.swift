import AppGroupStore
import Foundation
import GlimpseCore
import WidgetTimeline

/// W8Trackr: the latest weight, in the preferred unit, and the way to the goal
/// (docs/widgets/w8trackr.md).
public struct W8TrackrApp: GalleryApp {
    public let id = "w8trackr"
    public let displayName = "W8Trackr"
    public let containerIdentifier = W8TrackrData.containerIdentifier
    public let families: [WidgetFamily] = [.systemSmall, .systemMedium]
    /// The largest text size the widgets follow, and why (docs/widgets/; measured by scripts/text-size-check.py).
    public let textSizeCap: TextSizeCap? = TextSizeCap(
        .xxxLarge,
        reason:
            "At AX1 on the 320×568 screen class the medium widget's message for an unreadable store needs more than its height. Capped with .dynamicTypeSize(...DynamicTypeSize.xxxLarge)."
    )
    public let eventTypes = [
        ScenarioEventType("logWeight", keys: "`value`, `unit` (`lb` or `kg`)", fields: ["value", "unit"])
    ]
    /// The SQLite database, opened from fuzzed bytes through the private copy it is read from,
    /// beside a suite that prefers pounds.
    public var fuzzTarget: FuzzTarget {
        let preferences = try? PropertyListSerialization.data(
            fromPropertyList: ["preferredWeightUnit": "lb", "goalWeight": 170],
            format: .binary, options: 0)
        return FuzzTarget(
            path: W8TrackrData.storePaths[0],
            companions: ["Library/Preferences/\(W8TrackrData.suite).plist": preferences ?? Data()])
    }

    /// A tap opens the weight entry screen (docs/widgets/w8trackr.md#taps).
    public static let deepLink = "w8trackr://entry/new"
    /// Weights outside this range (in kg) are typing errors, not weights.
    static let saneKilograms = 1.0...700.0

    public init() {}

    public func previews(
        families: [(WidgetFamily, WidgetSize)], store: StoreRoot?, environment: PreviewEnvironment,
        inputs: Void
    ) throws -> [WidgetPreview] {
        var (source, diagnostics, excerpts) = load(store: store, window: environment.window)
        var logged: [WeightEntry] = []
        for event in environment.events {
            switch event.type {
            case "logWeight":
                guard let value = event.parameters["value"].flatMap(Double.init),
                    let unit = WeightUnit(rawValue: event.parameters["unit"] ?? "lb"),
                    Self.saneKilograms.contains(unit.convert(value, to: .kg))
                else {
                    diagnostics.append(
                        Diagnostic(.warning, "logWeight needs a value and a unit (lb or kg)", file: "scenario.yaml"))
                    continue
                }
                logged.append(
                    WeightEntry(id: Int64.max - Int64(logged.count), value: value, unit: unit, date: event.at))
            default:
                diagnostics.append(unknownEventDiagnostic(event))
            }
        }
        if case .notSetUp = source, !logged.isEmpty { source = .data(W8TrackrData(entries: [], unit: .lb, goal: nil)) }
        let provider = W8TrackrProvider(source: source, logged: logged)
        let simulator = TimelineSimulator(budget: environment.budget)
        let reloads = ScenarioEvent.appReloads(for: environment.events)
        guard
            let simulation = simulator.sharedSimulation(
                provider, families: families, environment: environment, freeReloads: reloads)
        else {
            return []
        }
        return try families.map { family, size in
            try WidgetPreview(
                simulation, of: provider, family: family, size: size, environment: environment,
                diagnostics: diagnostics, storeData: excerpts,
                notes: ["A tap anywhere opens the app at \(Self.deepLink), the weight entry screen (FR-008)."]
            ) { entry, redacted in
                try view(of: entry, family: family, redacted: redacted, environment: environment)
            }
        }
    }

    /// Reads the suite and a private copy of the SwiftData store, once for all families.
    ///
    /// Every row is read once, through a cursor, but only the weights `window` can show are kept
    /// (`RelevantWeights`): years of weigh-ins cost a pass over them, not memory.
    func load(store: StoreRoot?, window: DateInterval) -> (W8TrackrProvider.Source, [Diagnostic], [StoreExcerpt]) {
        guard let store else { return (.notSetUp, [], []) }
        let container: GroupContainer
        do {
            container = try store.container(containerIdentifier)
        } catch {
            return (.notSetUp, [error.diagnostic], [])
        }
        var diagnostics: [Diagnostic] = []
        var excerpts: [StoreExcerpt] = []
        var unit = WeightUnit.lb
        var goal: Double?
        let suiteFile = container.displayPath("Library/Preferences/\(W8TrackrData.suite).plist")
        do {
            let suite = try container.userDefaults(suite: W8TrackrData.suite)
            excerpts.append(
                StoreExcerpt(
                    file: suiteFile,
                    text: suite.values.keys.sorted().map { "\($0) = \(suite.values[$0]!.displayText)" }.joined(
                        separator: "\n")))
            if let text = suite.string(forKey: "preferredWeightUnit") {
                if let preferred = WeightUnit(rawValue: text) {
                    unit = preferred
                } else {
                    diagnostics.append(
                        Diagnostic(
                            .warning, "preferredWeightUnit \"\(text.prefix(20))\" is not lb or kg; showing lb",
                            file: suiteFile))
                }
            } else {
                diagnostics.append(Diagnostic(.warning, "preferredWeightUnit is missing; showing lb", file: suiteFile))
            }
            if let value = suite.double(forKey: "goalWeight") {
                if value.isFinite, Self.saneKilograms.contains(unit.convert(value, to: .kg)) {
                    goal = value
                } else {
                    diagnostics.append(
                        Diagnostic(
                            .warning,
                            "goalWeight \(value) is not a plausible weight in \(unit.rawValue); no goal shown",
                            file: suiteFile))
                }
            }
        } catch .fileMissing {
            diagnostics.append(
                Diagnostic(
                    .warning, "the preferences suite is missing, so preferredWeightUnit is too; showing lb",
                    file: suiteFile))
        } catch {
            diagnostics.append(error.diagnostic)
        }
        guard let path = W8TrackrData.storePaths.first(where: container.fileExists) else {
            diagnostics.append(
                Diagnostic(
                    .info, "no SwiftData store (default.store) yet: no entries",
                    file: container.displayPath(W8TrackrData.storePaths[0])))
            return (.data(W8TrackrData(entries: [], unit: unit, goal: goal)), diagnostics, excerpts)
        }
        do {
            let file = container.displayPath(path)
            var kept = RelevantWeights(window: window)
            var skipped = 0
            // A column may hold any type: a row whose values are not what they should be is skipped.
            let read = try SQLiteSnapshot.forEachRow(of: W8TrackrData.weightTable, in: path, container: container) {
                row in
                guard let id = row.integer("Z_PK"), let value = row.real("ZWEIGHTVALUE"),
                    let unitText = row.text("ZUNIT"), let rowUnit = WeightUnit(rawValue: unitText),
                    let seconds = row.real("ZDATE"), seconds.isFinite,
                    value.isFinite, Self.saneKilograms.contains(rowUnit.convert(value, to: .kg))
                else {
                    skipped += 1
                    return
                }
                kept.add(
                    WeightEntry(
                        id: id, value: value, unit: rowUnit, date: Date(timeIntervalSinceReferenceDate: seconds)))
            }
            if skipped > 0 {
                diagnostics.append(
                    Diagnostic(
                        .warning,
                        "ZWEIGHTENTRY: \(skipped) row\(skipped == 1 ? "" : "s") with a missing or implausible weight, unit or date were skipped",
                        file: file))
            }
            if read.oversized > 0 {
                let limit = W8TrackrData.weightTable.maximumValueBytes / 1024
                diagnostics.append(
                    Diagnostic(
                        .warning,
                        "ZWEIGHTENTRY: \(read.oversized) row\(read.oversized == 1 ? "" : "s") with a value over \(limit) KiB \(read.oversized == 1 ? "was" : "were") skipped, unread",
                        file: file))
            }
            let rows = read.rows
            excerpts.append(
                StoreExcerpt(
                    file: file,
                    text: "ZWEIGHTENTRY: \(rows) row\(rows == 1 ? "" : "s")"
                        + (kept.newest.map {
                            "; newest \($0.value) \($0.unit.rawValue) at \($0.date.formatted(.iso8601))"
                        } ?? "")))
            return (.data(W8TrackrData(entries: kept.entries, unit: unit, goal: goal)), diagnostics, excerpts)
        } catch {
            diagnostics.append(error.diagnostic)
            return (.unreadable, diagnostics, excerpts)
        }
    }

    func view(
        of entry: W8TrackrEntry, family: WidgetFamily, redacted: Bool, environment: PreviewEnvironment
    ) throws -> WidgetView {
        let copy = environment.copy
        let template = "w8trackr/\(family.rawValue)"
        func message(_ state: String, _ key: String) throws -> WidgetView {
            let text = try copy.copy(id, key)
            let model = W8TrackrViewModel(redacted: redacted, weight: nil, message: .init(html: text.html))
            return WidgetView(
                state: state, template: template, model: model, texts: [text.text], links: [Self.deepLink],
                widgetURL: Self.deepLink, accessibilityLabel: text.text, isPlaceholder: redacted)
        }
        switch entry.content {
        case .notSetUp: return try message("notSetUp", "not-set-up")
        case .noEntries: return try message("noEntries", "no-entries")
        case .unreadable: return try message("unreadable", "unreadable")
        case .weight(let summary):
            let locale = environment.locale
            // Weights are the store's: placeholders under --redact (the goal bar still draws the
            // real fraction). Dates of weigh-ins stay: they place the entry in the simulated day.
            let redaction = environment.redaction
            let unit = summary.unit.rawValue
            let weight = redaction.figure(locale.decimal(Decimal(summary.current), fractionDigits: 1))
            let when = try dateLabel(summary.date, at: entry.date, environment: environment)
            var goal: W8TrackrViewModel.Goal?
            var texts = [weight, unit, when]
            var state = "weight"
            if let progress = summary.goal {
                let text =
                    progress.reached
                    ? try copy.copy(id, "goal-reached").text
                    : try copy.copy(
                        id, "to-goal",
                        values: [
                            "amount": redaction.figure(locale.decimal(Decimal(progress.remaining), fractionDigits: 1)),
                            "unit": unit,
                        ]
                    ).text
                goal = .init(
                    text: text, reached: progress.reached, width: "\(Int((progress.fraction * 100).rounded()))%",
                    percent: redaction.figure(locale.percent(progress.fraction)))
                texts.append(text)
                state = progress.reached ? "goalReached" : "progress"
            }
            var change: String?
            if family == .systemMedium, let delta = summary.weekChange {
                let exact = locale.decimal(Decimal(abs(delta)), fractionDigits: 1)
                let sign = exact.contains(where: { ("1"..."9").contains($0) }) ? (delta < 0 ? "−" : "+") : ""
                let amount = redaction.figure(exact)
                change = try copy.copy(id, "week-change", values: ["change": "\(sign)\(amount)", "unit": unit]).text
                texts.append(change!)
            }
            let model = W8TrackrViewModel(
                redacted: redacted,
                weight: .init(
                    heading: try copy.copy(id, "heading").text, value: weight, unit: unit, date: when, goal: goal,
                    change: change),
                message: nil)
            let label =
                try copy.copy(
                    id, "accessibility",
                    values: ["weight": weight, "unit": summary.unit == .lb ? "pounds" : "kilograms", "when": when]
                ).text
                + (goal.map { " \($0.text)." } ?? "")
            return WidgetView(
                state: state, template: template, model: model, texts: texts, links: [Self.deepLink],
                widgetURL: Self.deepLink, accessibilityLabel: label, isPlaceholder: redacted)
        }
    }

    /// "Today, 7:32 AM", "Yesterday, 6:10 PM", or "Nov 18" (with the year when it is not this one).
    func dateLabel(_ date: Date, at now: Date, environment: PreviewEnvironment) throws -> String {
        let calendar = environment.calendar
        let days = calendar.localDate(of: now).dayNumber - calendar.localDate(of: date).dayNumber
        let time = environment.clock(date)
        switch days {
        case 0: return try environment.copy.copy(id, "today", values: ["time": time]).text
        case 1: return try environment.copy.copy(id, "yesterday", values: ["time": time]).text
        default:
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            let day = calendar.localDate(of: date)
            let sameYear = day.year == calendar.localDate(of: now).year
            return "\(months[day.month - 1]) \(day.day)" + (sameYear ? "" : ", \(day.year)")
        }
    }
}

/// What a W8Trackr template presents.
public struct W8TrackrViewModel: Encodable, Hashable, Sendable {
    public var redacted: Bool
    public var weight: Weight?
    public var message: Message?

    public struct Weight: Encodable, Hashable, Sendable {
        /// "Weight".
        public var heading: String
        /// "179.0".
        public var value: String
        public var unit: String
        /// "Today, 7:32 AM".
        public var date: String
        public var goal: Goal?
        /// "−2.4 lb in 7 days" (medium).
        public var change: String?
    }

    public struct Goal: Encodable, Hashable, Sendable {
        public var text: String
        public var reached: Bool
        /// The progress bar's fill, "63%".
        public var width: String
        public var percent: String
    }

    public struct Message: Encodable, Hashable, Sendable {
        public var html: HTMLFragment
    }
}
