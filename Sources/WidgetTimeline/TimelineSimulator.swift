import Foundation

/// Runs a `TimelineProvider` the way WidgetKit would, over a window of time.
///
/// The rules (docs/HOW-IT-WORKS.md, "Timeline simulation"):
/// 1. A reload at the window's start.
/// 2. The entry shown at `t` is the latest entry dated ≤ `t` of the latest timeline; an
///    entry dated before its reload shows from the reload.
/// 3. The next reload is the last entry's date (`.atEnd`), the given date (`.after`), or
///    none (`.never`), but no sooner than `minimumReloadInterval` after the previous reload.
/// 4. Budgeted reloads are capped by `budget`; the first one counts. A reload over budget
///    is refused and logged, the timeline stays, and it is asked again after the same interval.
/// 5. Free reloads (app events, intents) ignore the budget and the spacing. A failed read in
///    one is retried by `retryPolicy`; if every attempt fails, the last good timeline stays.
/// 6. The result is the frames and the reload log.
public struct TimelineSimulator: Sendable {
    public var budget: ReloadBudget
    public var minimumReloadInterval: TimeInterval
    public var retryPolicy: RetryPolicy?

    public init(
        budget: ReloadBudget = .standard, minimumReloadInterval: TimeInterval = 5 * 60, retryPolicy: RetryPolicy? = nil
    ) {
        self.budget = budget
        self.minimumReloadInterval = minimumReloadInterval
        self.retryPolicy = retryPolicy
    }

    /// Simulates `provider` over `window`.
    ///
    /// - Parameters:
    ///   - provider: the provider asked for a timeline at each reload.
    ///   - family: the widget family, as the provider's context gives it.
    ///   - displaySize: the widget's size in points, as the provider's context gives it.
    ///   - window: the time simulated: the first reload is at its start, and none is at or after its end.
    ///   - calendar: the local calendar (time zone and first weekday), as the provider's context gives it.
    ///   - freeReloads: reloads the app or an intent asks for; those outside the window are ignored.
    public func simulate<Provider: TimelineProvider>(
        _ provider: Provider,
        family: WidgetFamily,
        displaySize: WidgetSize,
        window: DateInterval,
        calendar: Calendar,
        freeReloads: [FreeReloadRequest] = []
    ) -> TimelineSimulation<Provider.Entry> {
        var run = Run<Provider>(
            simulator: self, provider: provider, family: family, displaySize: displaySize,
            window: window, calendar: calendar)
        run.start(freeReloads: freeReloads)
        return TimelineSimulation(
            window: window, frames: run.frames(), reloads: run.log, budget: budget)
    }
}

/// The mutable state of one simulation.
private struct Run<Provider: TimelineProvider> {
    typealias Entry = Provider.Entry

    /// A timeline that became current at `from`.
    struct Applied {
        var from: Date
        var timeline: Timeline<Entry>
        var reload: Int
    }

    struct Scheduled {
        var at: Date
        var reason: ReloadReason
        /// The interval the policy asked for, used again after a refusal.
        var interval: TimeInterval
    }

    struct PendingRetry {
        var at: Date
        var attempt: Int
        var note: String?
    }

    let simulator: TimelineSimulator
    let provider: Provider
    let family: WidgetFamily
    let displaySize: WidgetSize
    let window: DateInterval
    let calendar: Calendar

    var log: [ReloadRecord] = []
    var applied: [Applied] = []
    var budgetUsed = 0
    var lastReload: Date?
    var scheduled: Scheduled?
    var retry: PendingRetry?

    init(
        simulator: TimelineSimulator, provider: Provider, family: WidgetFamily, displaySize: WidgetSize,
        window: DateInterval, calendar: Calendar
    ) {
        self.simulator = simulator
        self.provider = provider
        self.family = family
        self.displaySize = displaySize
        self.window = window
        self.calendar = calendar
    }

    var budgetLeft: Int { max(0, simulator.budget.limit - budgetUsed) }

    func context(at date: Date) -> TimelineProviderContext {
        TimelineProviderContext(family: family, displaySize: displaySize, date: date, calendar: calendar)
    }

    mutating func start(freeReloads: [FreeReloadRequest]) {
        var queue =
            freeReloads
            .filter { window.start <= $0.at && $0.at < window.end }
            .enumerated()
            .sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
            .map(\.element)

        runScheduled(at: window.start, reason: .initial, interval: simulator.minimumReloadInterval)

        while true {
            let candidates: [Date] = [queue.first?.at, retry?.at, scheduled?.at].compactMap { $0 }
            guard let next = candidates.min(), next < window.end else { break }
            // Ties: app events first, then retries, then the schedule, which the events may replace.
            if let request = queue.first, request.at == next {
                queue.removeFirst()
                runFree(request)
            } else if let pending = retry, pending.at == next {
                retry = nil
                runRetry(pending)
            } else if let due = scheduled {
                scheduled = nil
                runScheduled(at: due.at, reason: due.reason, interval: due.interval)
            }
        }
    }

    /// Attempts a read; on success the new timeline becomes current.
    mutating func attempt(at date: Date, reason: ReloadReason, budgeted: Bool, note: String?) -> Bool {
        do {
            var timeline = try provider.timeline(in: context(at: date))
            // By date, ties in the provider's order; most timelines come in order already.
            if !zip(timeline.entries, timeline.entries.dropFirst()).allSatisfy({ $0.date <= $1.date }) {
                timeline.entries = timeline.entries.enumerated()
                    .sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
                    .map(\.element)
            }
            applied.append(Applied(from: date, timeline: timeline, reload: log.count))
            let combined = [note, timeline.note].compactMap { $0 }.joined(separator: "; ")
            log.append(
                ReloadRecord(
                    at: date, reason: reason, budgeted: budgeted, refused: false, budgetLeft: budgetLeft,
                    note: combined.isEmpty ? nil : combined))
            retry = nil
            schedule(after: date, from: timeline)
            return true
        } catch {
            let reasonText = String(describing: error)
            let combined = [note, "read failed: \(reasonText)"].compactMap { $0 }.joined(separator: "; ")
            log.append(
                ReloadRecord(
                    at: date, reason: reason, budgeted: budgeted, refused: false, budgetLeft: budgetLeft, failed: true,
                    note: combined))
            return false
        }
    }

    mutating func runScheduled(at requested: Date, reason: ReloadReason, interval: TimeInterval) {
        // The spacing floor counts from the previous reload of any kind.
        var date = requested
        if let lastReload, date < lastReload + simulator.minimumReloadInterval {
            date = lastReload + simulator.minimumReloadInterval
            if date >= window.end { return }
        }
        // Asking again after a refusal or a failed read is a scheduled reload, never a second initial one.
        let again = reason == .initial ? ReloadReason.after : reason
        guard budgetUsed < simulator.budget.limit else {
            log.append(
                ReloadRecord(
                    at: date, reason: reason, budgeted: true, refused: true, budgetLeft: 0, note: "budget spent"))
            scheduled = Scheduled(at: date + interval, reason: again, interval: interval)
            return
        }
        budgetUsed += 1
        lastReload = date
        if !attempt(at: date, reason: reason, budgeted: true, note: nil) {
            // The current timeline stays; ask again after the same interval.
            scheduled = Scheduled(at: date + interval, reason: again, interval: interval)
        }
    }

    mutating func runFree(_ request: FreeReloadRequest) {
        lastReload = request.at
        let reason: ReloadReason = request.kind == .appEvent ? .appEvent : .intent
        if !attempt(at: request.at, reason: reason, budgeted: false, note: request.note),
            let policy = simulator.retryPolicy, policy.maxRetries > 0
        {
            retry = PendingRetry(at: request.at + policy.interval, attempt: 1, note: request.note)
        }
    }

    mutating func runRetry(_ pending: PendingRetry) {
        let maxRetries = simulator.retryPolicy?.maxRetries ?? pending.attempt
        let note = "retry \(pending.attempt) of \(maxRetries)" + (pending.note.map { " after \($0)" } ?? "")
        guard !attempt(at: pending.at, reason: .retry, budgeted: false, note: note) else { return }
        if pending.attempt < maxRetries, let policy = simulator.retryPolicy {
            retry = PendingRetry(at: pending.at + policy.interval, attempt: pending.attempt + 1, note: pending.note)
        } else if var last = log.popLast() {
            last.note =
                (last.note.map { $0 + "; " } ?? "")
                + "gave up: the last good content stays until the next scheduled reload"
            log.append(last)
        }
    }

    /// Rule 3: the next reload a timeline asks for, no sooner than the spacing floor.
    mutating func schedule(after reload: Date, from timeline: Timeline<Entry>) {
        let target: Date
        let reason: ReloadReason
        switch timeline.policy {
        case .never:
            scheduled = nil
            return
        case .atEnd:
            target = timeline.entries.last?.date ?? reload
            reason = .atEnd
        case .after(let date):
            target = date
            reason = .after
        }
        let floor = reload + simulator.minimumReloadInterval
        let at = max(target, floor)
        scheduled = Scheduled(at: at, reason: reason, interval: at.timeIntervalSince(reload))
    }

    /// Rule 2: the frames that tile the window.
    func frames() -> [TimelineFrame<Entry>] {
        var frames: [TimelineFrame<Entry>] = []
        var shown: (entry: Entry, reload: Int)?

        func append(_ start: Date, _ end: Date, _ entry: Entry, _ reload: Int, placeholder: Bool = false) {
            guard start < end else { return }
            frames.append(
                TimelineFrame(start: start, end: end, entry: entry, reload: reload, isPlaceholder: placeholder))
        }

        if applied.first.map({ $0.from > window.start }) ?? true {
            let end = applied.first?.from ?? window.end
            append(window.start, end, provider.placeholder(in: context(at: window.start)), 0, placeholder: true)
        }

        for (index, current) in applied.enumerated() {
            let segmentEnd = index + 1 < applied.count ? applied[index + 1].from : window.end
            guard current.from < segmentEnd else { continue }
            let entries = current.timeline.entries
            var boundaries = [current.from]
            boundaries += entries.map(\.date).filter { current.from < $0 && $0 < segmentEnd }
            var uniqueBoundaries: [Date] = []
            for boundary in boundaries where uniqueBoundaries.last != boundary {
                uniqueBoundaries.append(boundary)
            }
            // Boundaries ascend and entries are sorted: one pass finds each boundary's entry.
            var upTo = 0
            for (position, boundary) in uniqueBoundaries.enumerated() {
                let end = position + 1 < uniqueBoundaries.count ? uniqueBoundaries[position + 1] : segmentEnd
                while upTo < entries.count, entries[upTo].date <= boundary { upTo += 1 }
                if upTo > 0 {
                    shown = (entries[upTo - 1], current.reload)
                } else if shown == nil, let first = entries.first {
                    // The very first timeline starts in the future: show its first entry from the reload.
                    shown = (first, current.reload)
                }
                if let shown {
                    append(boundary, end, shown.entry, shown.reload)
                } else {
                    append(
                        boundary, end, provider.placeholder(in: context(at: boundary)), current.reload,
                        placeholder: true)
                }
            }
        }
        return frames
    }
}
