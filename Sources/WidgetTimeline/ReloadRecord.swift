import Foundation

/// Why a reload happened.
public enum ReloadReason: String, Codable, Sendable, CaseIterable {
    /// The first reload, at the start of the window.
    case initial
    /// The last entry's date passed (`.atEnd`).
    case atEnd
    /// The date of `.after(date)` passed.
    case after
    /// The app asked, in the foreground (a scenario event). Free.
    case appEvent
    /// A widget intent ran (a tap). Free.
    case intent
    /// A further attempt within a free reload whose read failed. Free.
    case retry

    public var isFree: Bool {
        switch self {
        case .appEvent, .intent, .retry: true
        case .initial, .atEnd, .after: false
        }
    }
}

/// One line of the reload log.
public struct ReloadRecord: Hashable, Sendable {
    public var at: Date
    public var reason: ReloadReason
    /// Counted against the budget (or would have been, when refused).
    public var budgeted: Bool
    /// Refused because the budget was spent; the current timeline stayed.
    public var refused: Bool
    /// Budgeted reloads left after this one.
    public var budgetLeft: Int
    /// The provider could not read its store; the last good timeline stayed.
    public var failed: Bool
    /// What asked for a free reload, or why an attempt failed.
    public var note: String?

    public init(
        at: Date, reason: ReloadReason, budgeted: Bool, refused: Bool, budgetLeft: Int, failed: Bool = false,
        note: String? = nil
    ) {
        self.at = at
        self.reason = reason
        self.budgeted = budgeted
        self.refused = refused
        self.budgetLeft = budgetLeft
        self.failed = failed
        self.note = note
    }
}

/// A reload the app or an intent asks for at a given moment. It is free.
public struct FreeReloadRequest: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case appEvent
        case intent
    }

    public var at: Date
    public var kind: Kind
    /// Shown in the reload log, such as "completeHabit h2".
    public var note: String?

    public init(at: Date, kind: Kind, note: String? = nil) {
        self.at = at
        self.kind = kind
        self.note = note
    }
}

/// How many budgeted reloads a widget gets in the simulated 24 h window.
public struct ReloadBudget: Hashable, Sendable {
    public var limit: Int

    public init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// WidgetKit's documented ballpark for a frequently viewed widget.
    public static let standard = ReloadBudget(limit: 72)
}

/// Further attempts within a free reload whose read failed.
public struct RetryPolicy: Hashable, Sendable {
    public var interval: TimeInterval
    public var maxRetries: Int

    public init(interval: TimeInterval, maxRetries: Int) {
        self.interval = interval
        self.maxRetries = maxRetries
    }

    /// Every 5 s, at most 3 times: a widget that retries a read that failed while its app was writing.
    public static let everyFiveSecondsThreeTimes = RetryPolicy(interval: 5, maxRetries: 3)
}
