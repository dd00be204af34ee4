import Foundation
import TestSupport
import Testing

@testable import WidgetTimeline

/// One random simulation: a provider whose timelines, policies and failures are a function of
/// the request date and the case's seed, a budget, free reloads and a time zone.
struct RandomCase: CustomStringConvertible {
    let seed: UInt64
    let window: DateInterval
    let budget: Int
    let free: [FreeReloadRequest]
    let zone: TimeZone
    let retries: RetryPolicy?
    let failureRate: Double

    init(seed: UInt64) {
        self.seed = seed
        var random = SplitMix(seed: seed)
        let start = Date(
            timeIntervalSince1970: 1_767_225_600 + Double(Int.random(in: 0..<(3 * 365 * 86_400), using: &random)))
        window = DateInterval(start: start, duration: 24 * 3600)
        budget = [0, 1, 2, 5, 20, 40, 72, 72, 100].randomElement(using: &random)!
        free = (0..<Int.random(in: 0...8, using: &random)).map { _ in
            FreeReloadRequest(
                at: start + Double(Int.random(in: -3600...(25 * 3600), using: &random)),
                kind: Bool.random(using: &random) ? .appEvent : .intent, note: nil)
        }
        let zones = TimeZone.knownTimeZoneIdentifiers
        zone = TimeZone(identifier: zones[Int.random(in: 0..<zones.count, using: &random)])!
        retries =
            Bool.random(using: &random)
            ? RetryPolicy(interval: 5, maxRetries: Int.random(in: 1...3, using: &random)) : nil
        failureRate = [0, 0, 0.1, 0.5].randomElement(using: &random)!
    }

    var description: String {
        "case \(seed): start \(window.start), budget \(budget), \(free.count) free, \(zone.identifier), failures "
            + "\(failureRate)"
    }

    var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    /// The timeline asked for at `date`, or `nil` when that read fails. Always the same for the same date.
    func timeline(at date: Date) -> Timeline<TestEntry>? {
        var random = SplitMix(seed: seed &* 31 &+ UInt64(bitPattern: Int64(date.timeIntervalSince1970 * 1000)))
        if Double.random(in: 0..<1, using: &random) < failureRate { return nil }
        // One entry at or before the request, so something is always due, then up to 30 in any order.
        var entries = [
            TestEntry(
                date: date - Double(Int.random(in: 0...7200, using: &random)), label: "\(date.timeIntervalSince1970)/0")
        ]
        for index in 1...Int.random(in: 1...30, using: &random) {
            entries.append(
                TestEntry(
                    date: date + Double(Int.random(in: -600...(30 * 3600), using: &random)),
                    label: "\(date.timeIntervalSince1970)/\(index)"))
        }
        entries.shuffle(using: &random)
        let policy: TimelineReloadPolicy =
            switch Int.random(in: 0..<3, using: &random) {
            case 0: .atEnd
            case 1: .after(date + Double(Int.random(in: -600...(6 * 3600), using: &random)))
            default: .never
            }
        return Timeline(entries: entries, policy: policy)
    }

    func simulate() -> TimelineSimulation<TestEntry> {
        let provider = ScriptedProvider { date in
            guard let timeline = timeline(at: date) else { throw StoreUnreadable() }
            return timeline
        }
        return TimelineSimulator(budget: ReloadBudget(limit: budget), retryPolicy: retries)
            .simulate(
                provider, family: .systemSmall, displaySize: WidgetSize(width: 158, height: 158), window: window,
                calendar: calendar, freeReloads: free)
    }
}

struct TimelinePropertyTests {
    static let cases = (1...400).map { RandomCase(seed: UInt64($0)) }

    @Test func framesTileTheWindowWithNoGapAndNoOverlap() {
        for random in Self.cases {
            let simulation = random.simulate()
            #expect(expectTiles(simulation), "\(random)")
        }
    }

    @Test func budgetedReloadsAreNeverCloserThanFiveMinutesToTheReloadBefore() {
        for random in Self.cases {
            var previous: Date?
            for record in random.simulate().reloads where !record.refused && record.reason != .retry {
                if record.budgeted, let previous {
                    #expect(record.at.timeIntervalSince(previous) >= 300, "\(random): \(record)")
                }
                previous = record.at
            }
        }
    }

    @Test func budgetedReloadsNeverExceedTheBudget() {
        for random in Self.cases {
            let reloads = random.simulate().reloads
            let used = reloads.filter { $0.budgeted && !$0.refused }.count
            #expect(used <= random.budget, "\(random)")
            if random.budget == 0 {
                #expect(reloads.filter { $0.budgeted }.allSatisfy { $0.refused }, "\(random)")
            }
        }
    }

    @Test func theEntryShownIsTheLatestOfTheCurrentTimelineDatedAtOrBeforeT() {
        for random in Self.cases {
            let simulation = random.simulate()
            let good = simulation.reloads.filter { !$0.refused && !$0.failed }
            // Every 7 minutes, and at each frame's edges.
            var instants = stride(from: random.window.start, to: random.window.end, by: 420).map { $0 }
            instants += simulation.frames.flatMap { [$0.start, $0.end - 0.001] }
            for t in instants where random.window.contains(t) && t < random.window.end {
                guard let frame = simulation.frame(at: t) else {
                    Issue.record("\(random): no frame at \(t)")
                    continue
                }
                guard let reload = good.last(where: { $0.at <= t }) else {
                    #expect(frame.isPlaceholder, "\(random): before any timeline, the placeholder shows")
                    continue
                }
                let entries = random.timeline(at: reload.at)!.entries
                let due = entries.filter { $0.date <= t }.max { $0.date < $1.date }
                #expect(frame.entry.date == due?.date, "\(random) at \(t)")
            }
        }
    }
}
