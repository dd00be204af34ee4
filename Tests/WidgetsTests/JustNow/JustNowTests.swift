import Foundation
import GlimpseCore
import TestSupport
import Testing
import WidgetTimeline

@testable import Widgets

struct TimeSinceTests {
    /// (last ended, now, expected): elapsed time first, then the local calendar.
    @Test(arguments: [
        ("2026-11-22T09:00:00-05:00", "2026-11-22T09:00:00-05:00", JustNowTimeSince.justNow),
        ("2026-11-22T08:59:01-05:00", "2026-11-22T09:00:00-05:00", .justNow),  // 59 s
        ("2026-11-22T08:59:00-05:00", "2026-11-22T09:00:00-05:00", .minutes(1)),  // 60 s
        ("2026-11-22T08:01:00-05:00", "2026-11-22T09:00:00-05:00", .minutes(59)),  // 59 min
        ("2026-11-22T08:00:01-05:00", "2026-11-22T09:00:00-05:00", .minutes(59)),  // 59 min 59 s
        ("2026-11-22T08:00:00-05:00", "2026-11-22T09:00:00-05:00", .hours(1)),  // 60 min
        ("2026-11-22T00:00:00-05:00", "2026-11-22T23:59:59-05:00", .hours(23)),
        // Minutes win over the calendar: 20 minutes across midnight.
        ("2026-11-21T23:50:00-05:00", "2026-11-22T00:10:00-05:00", .minutes(20)),
        // An hour across midnight is the previous local day.
        ("2026-11-21T23:00:00-05:00", "2026-11-22T00:00:00-05:00", .yesterday),
        ("2026-11-21T00:00:00-05:00", "2026-11-22T23:59:00-05:00", .yesterday),
        ("2026-11-20T23:59:00-05:00", "2026-11-22T00:00:00-05:00", .days(2)),
        ("2026-11-16T12:00:00-05:00", "2026-11-22T09:00:00-05:00", .days(6)),
        ("2026-11-15T23:59:00-05:00", "2026-11-22T00:01:00-05:00", .weeks(1)),  // 7 calendar days
        ("2026-11-01T09:00:00-05:00", "2026-11-22T09:00:00-05:00", .weeks(3)),
        ("2026-11-01T09:00:00-05:00", "2026-11-29T08:00:00-05:00", .weeks(4)),
    ])
    func theFormattingTable(last: String, now: String, expected: JustNowTimeSince) {
        #expect(JustNowTimeSince(lastEnded: date(last), now: date(now), calendar: calendar()) == expected)
    }

    @Test func noHistoryIsNone() {
        #expect(JustNowTimeSince(lastEnded: nil, now: date("2026-11-22T09:00:00-05:00"), calendar: calendar()) == .none)
    }

    /// Hours are real elapsed hours: on the 25 h day, 1:10 AM happens twice and reads 1 then 2 hours.
    @Test func hoursOnDaylightSavingDays() {
        let last = date("2026-11-01T00:10:00-04:00")
        #expect(
            JustNowTimeSince(lastEnded: last, now: date("2026-11-01T01:10:00-04:00"), calendar: calendar()) == .hours(1)
        )
        #expect(
            JustNowTimeSince(lastEnded: last, now: date("2026-11-01T01:10:00-05:00"), calendar: calendar()) == .hours(2)
        )
        #expect(
            JustNowTimeSince(lastEnded: last, now: date("2026-11-01T23:59:00-05:00"), calendar: calendar())
                == .hours(24))
        // On the 23 h day 3:10 AM is 2 hours after 12:10 AM.
        let spring = date("2026-03-08T00:10:00-05:00")
        #expect(
            JustNowTimeSince(lastEnded: spring, now: date("2026-03-08T03:10:00-04:00"), calendar: calendar())
                == .hours(2))
        #expect(
            JustNowTimeSince(lastEnded: spring, now: date("2026-03-09T00:00:00-04:00"), calendar: calendar())
                == .yesterday)
    }

    /// Kathmandu is UTC+5:45: its midnight is not UTC's.
    @Test func midnightIsLocal() {
        let last = date("2026-11-22T17:00:00Z")  // 22:45 local
        #expect(
            JustNowTimeSince(lastEnded: last, now: date("2026-11-22T18:30:00Z"), calendar: calendar("Asia/Kathmandu"))
                == .yesterday)
        #expect(
            JustNowTimeSince(lastEnded: last, now: date("2026-11-22T18:30:00Z"), calendar: calendar("UTC")) == .hours(1)
        )
    }

    @Test func statesAreCamelCase() {
        let all: [JustNowTimeSince] = [.none, .justNow, .minutes(3), .hours(2), .yesterday, .days(3), .weeks(2)]
        #expect(
            all.map(\.state.rawValue) == [
                "noHistory", "justNow", "minutesAgo", "hoursAgo", "yesterday", "daysAgo", "weeksAgo",
            ])
    }
}

struct PromptRotationTests {
    let prompts = (1...5).map { JustNowPrompt(id: "0\($0)-p", html: HTMLFragment("P\($0)"), text: "P\($0)") }

    @Test func aFixedNowPicksAFixedPrompt() {
        let rotation = JustNowPromptRotation(prompts: prompts.reversed())
        #expect(rotation.prompts.map(\.id).first == "01-p", "ordered by file name")
        // 2026-11-22 is local day 20779; 9 AM is slot 3 of 8: (20779 × 8 + 3) mod 5 = 0.
        let now = date("2026-11-22T09:00:00-05:00")
        #expect(calendar().localDate(of: now).dayNumber == 20_779)
        #expect(rotation.slot(at: now, calendar: calendar()) == 3)
        #expect(rotation.index(at: now, calendar: calendar()) == (20_779 * 8 + 3) % 5)
        #expect(rotation.prompt(at: now, calendar: calendar())?.id == "01-p")
        #expect(rotation.prompt(at: now - 1, calendar: calendar())?.id == "05-p")
    }

    @Test func rotationContinuesAcrossMidnight() {
        let rotation = JustNowPromptRotation(prompts: prompts)
        let lastSlot = rotation.index(at: date("2026-11-22T23:59:00-05:00"), calendar: calendar())!
        let firstSlot = rotation.index(at: date("2026-11-23T00:00:00-05:00"), calendar: calendar())!
        #expect(firstSlot == (lastSlot + 1) % prompts.count)
    }

    @Test func boundariesFollowTheWallClockOnDaylightSavingDays() {
        let rotation = JustNowPromptRotation(prompts: prompts)
        let fallBack = rotation.boundaries(
            in: DateInterval(start: date("2026-11-01T00:00:00-04:00"), duration: 25 * 3600), calendar: calendar())
        #expect(fallBack.map { calendar().component(.hour, from: $0) } == [3, 6, 9, 12, 15, 18, 21])
        let spring = rotation.boundaries(
            in: DateInterval(start: date("2026-03-08T00:00:00-05:00"), duration: 23 * 3600), calendar: calendar())
        #expect(spring.map { calendar().component(.hour, from: $0) } == [3, 6, 9, 12, 15, 18, 21])
        #expect(spring[0] == date("2026-03-08T03:00:00-04:00"))
        // 1:30 AM happens twice on the fall-back day; both are slot 0.
        #expect(rotation.slot(at: date("2026-11-01T01:30:00-05:00"), calendar: calendar()) == 0)
    }

    @Test func anIntervalThatDoesNotDivideTheDayEndsItShort() {
        let rotation = JustNowPromptRotation(prompts: prompts, interval: 7 * 3600)
        #expect(rotation.slotsPerDay == 4)
        #expect(rotation.slot(at: date("2026-11-22T23:00:00-05:00"), calendar: calendar()) == 3)
        #expect(JustNowPromptRotation(prompts: []).prompt(at: .now, calendar: calendar()) == nil)
    }
}

struct JustNowTimelineTests {
    let rotation = JustNowPromptRotation(
        prompts: (1...14).map { JustNowPrompt(id: String(format: "%02d", $0), html: .empty, text: "") })

    func simulate(
        sessions: [JustNowStoreFile.Session], now: String, zone: String = "America/New_York",
        logged: [(at: Date, session: JustNowStoreFile.Session)] = [], budget: Int = 72
    ) -> TimelineSimulation<JustNowEntry> {
        let store = JustNowStoreTimeline(initial: sessions, logged: logged)
        return TimelineSimulator(budget: ReloadBudget(limit: budget)).simulate(
            JustNowProvider(store: store, rotation: rotation), family: .systemMedium,
            displaySize: WidgetSize(width: 338, height: 158),
            window: DateInterval(start: date(now), duration: 86_400), calendar: calendar(zone),
            freeReloads: logged.map { FreeReloadRequest(at: $0.at, kind: .appEvent) })
    }

    @Test(arguments: [
        ("2026-11-22T08:57:00-05:00", "2026-11-22T09:00:00-05:00", "America/New_York"),
        ("2026-11-22T08:00:30-05:00", "2026-11-22T09:00:00-05:00", "America/New_York"),
        ("2026-11-01T00:10:00-04:00", "2026-11-01T00:30:00-04:00", "America/New_York"),
        ("2026-03-07T23:58:00-05:00", "2026-03-07T23:59:00-05:00", "America/New_York"),
        ("2026-11-22T23:40:00+05:45", "2026-11-22T23:50:00+05:45", "Asia/Kathmandu"),
    ])
    func entriesAreSpacedAndNeverLagTheirUnit(last: String, now: String, zone: String) {
        let sessions = [JustNowStoreFile.Session(startedAt: date(last) - 600, durationSeconds: 600)]
        let simulation = simulate(sessions: sessions, now: now, zone: zone)
        let provider = JustNowProvider(store: JustNowStoreTimeline(initial: sessions), rotation: rotation)
        let dates = provider.entryDates(from: date(now), calendar: calendar(zone))
        #expect(zip(dates, dates.dropFirst()).allSatisfy { $1.timeIntervalSince($0) >= JustNowProvider.entrySpacing })
        // No refusals, and only the reloads at now and at local midnight.
        #expect(simulation.reloads.allSatisfy { !$0.refused })
        #expect(simulation.reloads.filter(\.budgeted).count <= 2)
        // Each minute: what is shown was the truth no longer ago than the unit it shows
        // (5 minutes while it reads minutes, an hour while it reads hours, 5 minutes at a new day).
        var t = date(now)
        while t < date(now) + 86_400 {
            let shown = simulation.frame(at: t)!.entry.since
            let allowed: TimeInterval = if case .hours = shown { 3600 } else { 300 }
            let wasTrue = stride(from: 0, through: allowed, by: 60).contains { lag in
                JustNowTimeSince(lastEnded: date(last), now: t - lag, calendar: calendar(zone)) == shown
            }
            let truth = JustNowTimeSince(lastEnded: date(last), now: t, calendar: calendar(zone))
            #expect(wasTrue, "at \(t): shows \(shown), truth \(truth)")
            t += 60
        }
    }

    @Test func aSessionThreeMinutesAgoReadsYesterdayAfterMidnight() {
        let simulation = simulate(
            sessions: [JustNowStoreFile.Session(startedAt: date("2026-11-22T08:47:00-05:00"), durationSeconds: 600)],
            now: "2026-11-22T09:00:00-05:00")
        #expect(simulation.frames[0].entry.since == .minutes(3))
        let midnight = date("2026-11-23T00:00:00-05:00")
        #expect(simulation.frames.first { $0.start >= midnight }?.entry.since == .yesterday)
        #expect(simulation.frames.first { $0.start >= midnight }?.start == midnight)
        #expect(simulation.reloads.map(\.reason) == [.initial, .atEnd])
    }

    @Test func thePromptChangesAtEveryBoundary() {
        let simulation = simulate(sessions: [], now: "2026-11-22T09:00:00-05:00")
        let changes = zip(simulation.frames, simulation.frames.dropFirst()).filter {
            $0.entry.prompt != $1.entry.prompt
        }.map(\.1.start)
        let hours = changes.map { calendar().component(.hour, from: $0) }
        #expect(hours == [12, 15, 18, 21, 0, 3, 6])
        #expect(simulation.frames.allSatisfy { $0.entry.since == JustNowTimeSince.none })
    }

    @Test func aSessionLoggedInTheAppReloadsForFreeAndReadsJustNow() {
        let at = date("2026-11-22T15:00:00-05:00")
        let simulation = simulate(
            sessions: [], now: "2026-11-22T09:00:00-05:00",
            logged: [(at, JustNowStoreFile.Session(startedAt: at - 600, durationSeconds: 600))])
        #expect(simulation.frame(at: at - 1)?.entry.since == JustNowTimeSince.none)
        #expect(simulation.frame(at: at)?.entry.since == .justNow)
        #expect(simulation.frame(at: at + 300)?.entry.since == .minutes(5))
        #expect(simulation.reloads.map(\.reason) == [.initial, .appEvent, .atEnd])
        #expect(simulation.reloads[1].budgeted == false)
    }

    @Test func aTinyBudgetIsStillEnough() {
        let simulation = simulate(
            sessions: [JustNowStoreFile.Session(startedAt: date("2026-11-22T08:00:00-05:00"), durationSeconds: 60)],
            now: "2026-11-22T09:00:00-05:00", budget: 2)
        #expect(simulation.reloads.allSatisfy { !$0.refused })
    }

    @Test func lastEndedMatchesAScanOfEverySession() {
        var generator = SplitMix(seed: 7)
        let base = date("2026-11-01T00:00:00Z")
        let sessions = (0..<2_000).map { _ in
            JustNowStoreFile.Session(
                startedAt: base + Double(generator.next() % 2_000_000),
                durationSeconds: Double(generator.next() % 3_600))
        }
        let store = JustNowStoreTimeline(initial: sessions)
        for _ in 0..<500 {
            let t = base + Double(generator.next() % 2_100_000)
            #expect(store.lastEnded(at: t) == sessions.map(\.endedAt).filter { $0 <= t }.max())
            #expect(store.nextEnd(after: t) == sessions.map(\.endedAt).filter { $0 > t }.min())
        }
    }

    @Test func aSessionThatHasNotEndedYetDoesNotCount() {
        let store = JustNowStoreTimeline(initial: [
            JustNowStoreFile.Session(startedAt: date("2026-11-22T08:55:00-05:00"), durationSeconds: 600)
        ])
        #expect(store.lastEnded(at: date("2026-11-22T09:00:00-05:00")) == nil)
        #expect(store.lastEnded(at: date("2026-11-22T09:05:00-05:00")) == date("2026-11-22T09:05:00-05:00"))
    }
}

struct PromptLayoutTests {
    /// The pinned clamp makes overflow impossible: the prompt block fits what the layout leaves.
    @Test(arguments: [(WidgetFamily.systemMedium, 158), (.systemLarge, 354)])
    func theClampFitsTheSmallestScreen(family: WidgetFamily, height: Int) throws {
        let layout = try #require(JustNowPromptLayout.of(family))
        #expect(layout.maximumHeight <= layout.available)
        #expect(layout.available <= height - 32)
        #expect(layout.lines >= 4, "room for every sample prompt")
        #expect(layout.lineHeight >= layout.fontSize)
    }

    @Test func onlyMediumAndLargeShowPrompts() {
        #expect(WidgetFamily.allCases.filter { JustNowPromptLayout.of($0) != nil } == [.systemMedium, .systemLarge])
    }
}
