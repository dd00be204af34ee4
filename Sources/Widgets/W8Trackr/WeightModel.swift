import AppGroupStore
import Foundation

public enum WeightUnit: String, Hashable, Sendable {
    case lb, kg

    /// 1 lb = 0.45359237 kg, exactly (the international avoirdupois pound).
    public static let kilogramsPerPound = 0.45359237

    public func convert(_ value: Double, to unit: WeightUnit) -> Double {
        switch (self, unit) {
        case (.lb, .kg): value * Self.kilogramsPerPound
        case (.kg, .lb): value / Self.kilogramsPerPound
        default: value
        }
    }
}

/// A row of SwiftData's `ZWEIGHTENTRY`.
public struct WeightEntry: Hashable, Sendable {
    public var id: Int64
    public var value: Double
    public var unit: WeightUnit
    public var date: Date

    public init(id: Int64, value: Double, unit: WeightUnit, date: Date) {
        self.id = id
        self.value = value
        self.unit = unit
        self.date = date
    }

    public func value(in unit: WeightUnit) -> Double {
        self.unit.convert(value, to: unit)
    }
}

/// What W8Trackr shares: weights from its SwiftData store, and preferences from its suite.
public struct W8TrackrData: Hashable, Sendable {
    /// Oldest first; ties by row id, so "the most recent" is well defined.
    public var entries: [WeightEntry]
    public var unit: WeightUnit
    /// In `unit`.
    public var goal: Double?

    public init(entries: [WeightEntry], unit: WeightUnit, goal: Double?) {
        self.entries = entries.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
        self.unit = unit
        self.goal = goal
    }

    public static let containerIdentifier = "group.com.w8trackr.shared"
    public static let suite = "group.com.w8trackr.shared"
    /// Where SwiftData puts its store; the container's root is accepted too.
    public static let storePaths = ["Library/Application Support/default.store", "default.store"]
    /// SwiftData's table of weigh-ins (Core Data's naming: `Z` before each name) and what is read of it.
    public static let weightTable = SQLiteTable(
        name: "ZWEIGHTENTRY", columns: ["Z_PK", "ZWEIGHTVALUE", "ZUNIT", "ZDATE"])
}

/// The most recent weight and the goal, as the widget shows them (docs/widgets/w8trackr.md#weight-and-goal).
public struct WeightSummary: Hashable, Sendable {
    public var current: Double
    public var unit: WeightUnit
    public var date: Date
    public var goal: GoalProgress?
    /// Change since the latest entry at least 7 days older than `now`, when there is one.
    public var weekChange: Double?

    public struct GoalProgress: Hashable, Sendable {
        public var goal: Double
        public var start: Double
        /// Still to go toward the goal, in its direction; 0 once reached.
        public var remaining: Double
        /// (start − current) ÷ (start − goal), clamped to 0…1.
        public var fraction: Double
        public var reached: Bool
        public var losing: Bool
    }

    public static func of(_ data: W8TrackrData, at now: Date) -> WeightSummary? {
        let known = data.entries.filter { $0.date <= now }
        guard let latest = known.last, let first = known.first else { return nil }
        let current = latest.value(in: data.unit)
        var progress: GoalProgress?
        if let goal = data.goal {
            let start = first.value(in: data.unit)
            let losing = goal < start
            let remaining = losing ? current - goal : goal - current
            let span = start - goal
            let fraction = span == 0 ? 1 : min(max((start - current) / span, 0), 1)
            progress = GoalProgress(
                goal: goal, start: start, remaining: max(remaining, 0), fraction: fraction,
                reached: remaining <= 0, losing: losing)
        }
        let weekAgo = known.last { $0.date <= now - 7 * 86_400 }
        return WeightSummary(
            current: current, unit: data.unit, date: latest.date, goal: progress,
            weekChange: weekAgo.map { current - $0.value(in: data.unit) })
    }
}

/// The weigh-ins a 24 h window can show, gathered one at a time from a store of any size.
///
/// At any moment `t` of the window the widget reads the oldest weight (the goal's start), the
/// latest at or before `t`, and the latest at or before `t` − 7 days (`WeightSummary.of`). So
/// what is kept is: the oldest entry; the newest entry before `window.start` − 7 days; and every
/// entry from then to the window's end. The summaries at every moment of the window are the
/// same as from all the entries.
public struct RelevantWeights: Sendable {
    public let window: DateInterval
    private var oldest: WeightEntry?
    private var newestBefore: WeightEntry?
    private var recent: [WeightEntry] = []
    /// The newest entry of all, however far in the future: the store excerpt reports it.
    public private(set) var newest: WeightEntry?

    public init(window: DateInterval) {
        self.window = window
    }

    /// From a week before the window: the earliest `t` − 7 days the window asks about.
    var cutoff: Date { window.start - 7 * 86_400 }

    public mutating func add(_ entry: WeightEntry) {
        func older(_ a: WeightEntry, _ b: WeightEntry) -> Bool { (a.date, a.id) < (b.date, b.id) }
        if oldest.map({ older(entry, $0) }) ?? true { oldest = entry }
        if newest.map({ older($0, entry) }) ?? true { newest = entry }
        if entry.date < cutoff {
            if newestBefore.map({ older($0, entry) }) ?? true { newestBefore = entry }
        } else if entry.date <= window.end {
            recent.append(entry)
        }
    }

    /// The kept entries, each once, in any order (`W8TrackrData` sorts them).
    public var entries: [WeightEntry] {
        var entries = recent
        for entry in [newestBefore, oldest].compactMap({ $0 }) where !entries.contains(entry) {
            entries.append(entry)
        }
        return entries
    }
}
