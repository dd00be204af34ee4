import Foundation
import Testing
import WidgetTimeline

struct TimelineSimulatorTests {
    @Test func atEndReloadsWhenTheLastEntryIsReached() {
        let simulation = simulate { now in
            Timeline(
                entries: [TestEntry(date: now, label: "a"), TestEntry(date: now + 3600, label: "b")], policy: .atEnd)
        }
        #expect(simulation.reloads.count == 24)
        #expect(simulation.reloads.map(\.at) == (0..<24).map { start + Double($0) * 3600 })
        #expect(simulation.reloads.first?.reason == .initial)
        #expect(simulation.reloads.dropFirst().allSatisfy { $0.reason == .atEnd && $0.budgeted && !$0.refused })
        #expect(simulation.reloads.map(\.budgetLeft) == Array((48...71).reversed()))
        // Each reload's entry "b" is dated at the next reload, so only "a" entries are ever seen.
        #expect(simulation.frames.allSatisfy { $0.entry.label == "a" })
        #expect(expectTiles(simulation))
    }

    @Test func afterReloadsAtTheGivenDate() {
        let simulation = simulate { now in
            Timeline(entries: [TestEntry(date: now, label: "x")], policy: .after(now + 2 * 3600))
        }
        #expect(simulation.reloads.count == 12)
        #expect(simulation.reloads.dropFirst().allSatisfy { $0.reason == .after })
        #expect(simulation.reloads[1].at == start + 2 * 3600)
    }

    @Test func neverReloadsOnlyOnce() {
        let simulation = simulate { now in
            Timeline(
                entries: [TestEntry(date: now, label: "a"), TestEntry(date: now + 3 * 3600, label: "b")], policy: .never
            )
        }
        #expect(simulation.reloads.count == 1)
        #expect(simulation.frames.map(\.entry.label) == ["a", "b"])
        #expect(simulation.frames[1].start == start + 3 * 3600)
        #expect(expectTiles(simulation))
    }

    @Test func reloadsAreAtLeastFiveMinutesApart() {
        let simulation = simulate { now in
            Timeline(entries: [TestEntry(date: now, label: "a")], policy: .after(now + 60))
        }
        let gaps = zip(simulation.reloads, simulation.reloads.dropFirst()).map { $1.at.timeIntervalSince($0.at) }
        #expect(gaps.allSatisfy { $0 == 300 })
        // 288 five-minute slots in 24 h; 72 are granted, the rest refused.
        #expect(simulation.reloads.filter { !$0.refused }.count == 72)
        #expect(simulation.reloads.filter(\.refused).count == 288 - 72)
    }

    @Test func aReloadOverBudgetIsRefusedAndAskedAgainAfterTheSameInterval() {
        let simulator = TimelineSimulator(budget: ReloadBudget(limit: 3))
        let simulation = simulate(simulator) { now in
            Timeline(
                entries: [TestEntry(date: now, label: "t\(Int(now.timeIntervalSince(start) / 3600))")],
                policy: .after(now + 3600))
        }
        let granted = simulation.reloads.filter { !$0.refused }
        let refused = simulation.reloads.filter(\.refused)
        #expect(granted.map(\.at) == [start, start + 3600, start + 7200])
        #expect(granted.map(\.budgetLeft) == [2, 1, 0])
        #expect(refused.count == 21)
        #expect(refused.first?.at == start + 3 * 3600)
        #expect(refused.allSatisfy { $0.budgeted && $0.budgetLeft == 0 && $0.reason == .after })
        // The last granted timeline stays on screen until the end.
        #expect(simulation.frames.last?.entry.label == "t2")
        #expect(simulation.frames.last?.end == day.end)
    }

    @Test func freeReloadsIgnoreTheBudgetAndTheSpacing() {
        let simulator = TimelineSimulator(budget: ReloadBudget(limit: 1))
        let free = [
            FreeReloadRequest(at: start + 7200, kind: .appEvent, note: "completeHabit"),
            FreeReloadRequest(at: start + 7260, kind: .intent, note: "tap"),
        ]
        let simulation = simulate(simulator, free: free) { now in
            Timeline(entries: [TestEntry(date: now, label: "at \(Int(now.timeIntervalSince(start)))")], policy: .never)
        }
        #expect(simulation.reloads.map(\.reason) == [.initial, .appEvent, .intent])
        #expect(simulation.reloads.map(\.budgeted) == [true, false, false])
        #expect(simulation.reloads.allSatisfy { !$0.refused })
        #expect(simulation.reloads[2].at.timeIntervalSince(simulation.reloads[1].at) == 60)
        #expect(simulation.frames.map(\.entry.label) == ["at 0", "at 7200", "at 7260"])
    }

    @Test func anEntryDatedBeforeItsReloadShowsFromTheReload() {
        let simulation = simulate { now in
            Timeline(
                entries: [TestEntry(date: now - 3600, label: "past"), TestEntry(date: now + 600, label: "soon")],
                policy: .never)
        }
        #expect(simulation.frames.count == 2)
        #expect(simulation.frames[0].start == start)
        #expect(simulation.frames[0].entry.label == "past")
        #expect(simulation.frames[1].start == start + 600)
    }

    @Test func aFailedFreeReloadIsRetriedEveryFiveSecondsThenSucceeds() {
        let failUntil = start + 3600 + 12
        let simulator = TimelineSimulator(retryPolicy: .everyFiveSecondsThreeTimes)
        let simulation = simulate(simulator, free: [FreeReloadRequest(at: start + 3600, kind: .appEvent)]) { now in
            if now >= start + 3600 && now < failUntil { throw StoreUnreadable() }
            return Timeline(
                entries: [TestEntry(date: now, label: now < start + 3600 ? "before" : "after")], policy: .never)
        }
        #expect(simulation.reloads.map(\.reason) == [.initial, .appEvent, .retry, .retry, .retry])
        #expect(simulation.reloads.map(\.failed) == [false, true, true, true, false])
        #expect(simulation.reloads.map { $0.at.timeIntervalSince(start) } == [0, 3600, 3605, 3610, 3615])
        #expect(simulation.reloads.allSatisfy { !$0.budgeted || $0.reason == .initial })
        #expect(simulation.frames.map(\.entry.label) == ["before", "after"])
        #expect(simulation.frames[1].start == start + 3615)
    }

    @Test func whenEveryAttemptFailsTheLastGoodTimelineStays() {
        let simulator = TimelineSimulator(retryPolicy: .everyFiveSecondsThreeTimes)
        let simulation = simulate(simulator, free: [FreeReloadRequest(at: start + 3600, kind: .appEvent)]) { now in
            if now >= start + 3600 && now < start + 7200 { throw StoreUnreadable() }
            return Timeline(
                entries: [TestEntry(date: now, label: "good \(Int(now.timeIntervalSince(start)))")],
                policy: .after(now + 2 * 3600))
        }
        let attempts = simulation.reloads.filter { $0.at >= start + 3600 && $0.at < start + 3700 }
        #expect(attempts.count == 4)
        #expect(attempts.allSatisfy { $0.failed })
        // The schedule from the last good timeline still holds: the next reload is at 2 h.
        #expect(simulation.reloads[5].at == start + 7200)
        #expect(simulation.reloads[5].reason == .after)
        #expect(simulation.frames.map(\.entry.label).prefix(2) == ["good 0", "good 7200"])
        #expect(expectTiles(simulation))
    }

    @Test func theInitialReloadFailingShowsThePlaceholder() {
        let simulation = simulate { now in
            if now == start { throw StoreUnreadable() }
            return Timeline(entries: [TestEntry(date: now, label: "ok")], policy: .never)
        }
        // A failed scheduled read asks again after the same interval: the 5-minute floor here.
        #expect(simulation.reloads.map(\.failed) == [true, false])
        #expect(simulation.reloads.map(\.reason) == [.initial, .after])
        #expect(simulation.reloads[1].at == start + 300)
        #expect(simulation.frames.map(\.isPlaceholder) == [true, false])
        #expect(simulation.frames[0].end == start + 300)
        #expect(simulation.frames[1].entry.label == "ok")
        #expect(expectTiles(simulation))
    }

    @Test func mergingFramesJoinsConsecutiveEqualKeys() {
        let simulation = simulate { now in
            Timeline(entries: [TestEntry(date: now, label: "same")], policy: .after(now + 3600))
        }
        #expect(simulation.frames.count == 24)
        let merged = simulation.mergingFrames { $0.entry.label }
        #expect(merged.frames.count == 1)
        #expect(merged.frames[0].start == start && merged.frames[0].end == day.end)
    }

    @Test func eventsOutsideTheWindowAreIgnored() {
        let simulation = simulate(free: [
            FreeReloadRequest(at: start - 1, kind: .appEvent), FreeReloadRequest(at: day.end, kind: .appEvent),
        ]) { now in
            Timeline(entries: [TestEntry(date: now, label: "a")], policy: .never)
        }
        #expect(simulation.reloads.count == 1)
    }
}
