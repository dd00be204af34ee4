import AppGroupStore
import Foundation
import TestSupport
import Testing
import WidgetTimeline

@testable import Widgets

/// Habit `n`, created on day `n` of 2026 so that `createdAt` orders them by number.
private func habit(
    _ n: Int, group: String? = nil, weekdays: [Int]? = nil, archived: Bool = false
) -> BeeBloomStoreFile.Habit {
    BeeBloomStoreFile.Habit(
        id: "h\(n)", title: "Habit \(n)", groupId: group, createdAt: date("2026-01-01T08:00:00Z") + Double(n) * 86_400,
        archived: archived, weekdays: weekdays)
}

struct HabitRulesTests {
    let sunday = date("2026-11-22T09:00:00-05:00")

    @Test func todayViewOrderIsGroupsByOrderThenCreatedAtThenUngrouped() {
        let file = BeeBloomStoreFile(
            groups: [
                BeeBloomStoreFile.Group(id: "evening", name: "Evening", color: "#A78BFA", order: 2),
                BeeBloomStoreFile.Group(id: "morning", name: "Morning", color: "#8CC7A1", order: 1),
            ],
            habits: [
                habit(1), habit(5, group: "evening"), habit(4, group: "morning"), habit(2, group: "morning"),
                habit(3, group: "evening"), habit(0),
            ])
        let ids = BeeBloomRules.todaysHabits(in: file, on: sunday, calendar: calendar()).map(\.id)
        #expect(ids == ["h2", "h4", "h3", "h5", "h0", "h1"])
    }

    @Test func archivedAndUnscheduledHabitsAreNotToday() {
        // 2026-11-22 is a Sunday (weekday 1).
        let file = BeeBloomStoreFile(habits: [
            habit(1, archived: true), habit(2, weekdays: [1]), habit(3, weekdays: [2, 3, 4, 5, 6]),
            habit(4, weekdays: []),
        ])
        #expect(BeeBloomRules.todaysHabits(in: file, on: sunday, calendar: calendar()).map(\.id) == ["h2"])
        #expect(BeeBloomRules.todaysHabits(in: file, on: sunday + 86_400, calendar: calendar()).map(\.id) == ["h3"])
    }

    @Test func aCompletionCountsOnlyWithinTheLocalDay() {
        let file = BeeBloomStoreFile(
            habits: [habit(1), habit(2), habit(3)],
            completions: [
                BeeBloomStoreFile.Completion(habitId: "h1", completedAt: date("2026-11-22T00:00:00-05:00")),
                BeeBloomStoreFile.Completion(habitId: "h2", completedAt: date("2026-11-21T23:59:59-05:00")),
                // 01:30 UTC on the 23rd is still the 22nd in New York.
                BeeBloomStoreFile.Completion(habitId: "h3", completedAt: date("2026-11-23T01:30:00Z")),
            ])
        #expect(BeeBloomRules.incompleteHabits(in: file, on: sunday, calendar: calendar()).map(\.id) == ["h2"])
        // In UTC all three fall on other instants of the day: h1 and h2 on the 22nd, h3 on the 23rd.
        #expect(BeeBloomRules.incompleteHabits(in: file, on: sunday, calendar: calendar("UTC")).map(\.id) == ["h3"])
    }

    @Test func validationDropsDuplicatesAndUnknownGroupsWithDiagnostics() {
        let file = BeeBloomStoreFile(
            groups: [
                BeeBloomStoreFile.Group(id: "g", name: "G", color: "green", order: 0),
                BeeBloomStoreFile.Group(id: "g", name: "Again", color: nil, order: 1),
            ],
            habits: [habit(1, group: "g"), habit(1), habit(2, group: "nowhere"), habit(3, weekdays: [0, 1, 8])])
        let (cleaned, diagnostics) = BeeBloomRules.validate(file, path: "group.app.beebloom/habits.json")
        #expect(cleaned.groups.map(\.name) == ["G"])
        #expect(cleaned.habits.map(\.id) == ["h1", "h2", "h3"])
        #expect(cleaned.habits[1].groupId == nil)
        #expect(cleaned.habits[2].weekdays == [1])
        #expect(diagnostics.count == 5)
        #expect(diagnostics.allSatisfy { $0.file == "group.app.beebloom/habits.json" })
        // A colour that is not hex is dropped from the row, not from the habit.
        #expect(BeeBloomRules.incompleteHabits(in: cleaned, on: sunday, calendar: calendar()).first?.color == nil)
    }
}

struct HabitCapacityTests {
    /// The families' row limits and "+N more" (docs/widgets/beebloom.md#families) over every count a test scenario
    /// could reach.
    @Test(arguments: Array(0...15))
    func visibleRowsAndMore(incomplete: Int) {
        for (family, rows) in [(WidgetFamily.systemSmall, 3), (.systemMedium, 6), (.systemLarge, 10)] {
            let (visible, more) = BeeBloomCapacity.of(family).layout(incomplete: incomplete)
            if incomplete <= rows {
                #expect(visible == incomplete && more == 0, "\(family) with \(incomplete)")
            } else {
                #expect(visible == rows - 1, "\(family) with \(incomplete)")
                #expect(more == incomplete - (rows - 1), "\(family) with \(incomplete)")
            }
            #expect(visible + (more > 0 ? 1 : 0) <= rows)
            #expect(visible + more == incomplete)
        }
    }

    @Test(arguments: Array(0...15))
    func theViewShowsTheLayout(incomplete: Int) throws {
        let file = BeeBloomStoreFile(habits: (1...16).map { habit($0) })
        let done = (incomplete + 1...16).map {
            BeeBloomStoreFile.Completion(habitId: "h\($0)", completedAt: date("2026-11-22T08:00:00-05:00"))
        }
        let store = BeeBloomStoreTimeline(initial: .file(BeeBloomStoreFile(habits: file.habits, completions: done)))
        for family in [WidgetFamily.systemSmall, .systemMedium, .systemLarge] {
            let view = try BeeBloomTestHarness.firstView(store: store, family: family)
            let (visible, more) = BeeBloomCapacity.of(family).layout(incomplete: incomplete)
            let expectedTitles = (1...16).prefix(visible).map { "Habit \($0)" }
            #expect(view.texts.prefix(visible) == ArraySlice(expectedTitles))
            switch (incomplete, more) {
            case (0, _):
                #expect(
                    view.state == "allComplete" && view.texts == ["all-complete"]
                        && view.widgetURL == "beebloom://today")
            case (_, 0):
                #expect(view.state == "habits" && view.texts.count == visible)
                #expect(view.links == (1...visible).map { "beebloom://complete?habit=h\($0)" })
            default:
                #expect(view.state == "overflow")
                #expect(view.texts.count == visible + 1 && view.texts.last == "more count=\(more)")
                #expect(view.links.last == "beebloom://today")
            }
        }
    }
}

enum BeeBloomTestHarness {
    static let now = date("2026-11-22T09:00:00-05:00")

    static func environment(zone: String = "America/New_York", events: [ScenarioEvent] = []) -> PreviewEnvironment {
        PreviewEnvironment(
            window: DateInterval(start: now, duration: 86_400), calendar: calendar(zone),
            locale: FormatLocale(identifier: "en_US"),
            budget: .standard, events: events, copy: EchoCopyBook())
    }

    static func firstView(store: BeeBloomStoreTimeline, family: WidgetFamily) throws -> WidgetView {
        let context = TimelineProviderContext(
            family: family, displaySize: WidgetSize(width: 158, height: 158), date: now, calendar: calendar())
        let entry = try BeeBloomProvider(store: store).timeline(in: context).entries[0]
        return try BeeBloomApp().view(
            of: entry, family: family, size: DeviceClass.standard.size(of: family)!, redacted: false,
            environment: environment())
    }
}

struct BeeBloomTimelineTests {
    let size = WidgetSize(width: 158, height: 158)

    func simulate(
        _ store: BeeBloomStoreTimeline, now: String, zone: String, freeReloads: [FreeReloadRequest] = []
    ) -> TimelineSimulation<BeeBloomEntry> {
        TimelineSimulator(retryPolicy: .everyFiveSecondsThreeTimes).simulate(
            BeeBloomProvider(store: store), family: .systemSmall, displaySize: size,
            window: DateInterval(start: date(now), duration: 86_400), calendar: calendar(zone), freeReloads: freeReloads
        )
    }

    func ids(_ entry: BeeBloomEntry) -> [String] {
        guard case .incomplete(let habits) = entry.content else { return [] }
        return habits.leading.map(\.id)
    }

    /// At local midnight everything is incomplete again, with the new day's schedule; on the
    /// 23 h and 25 h days and at a :45 offset.
    @Test(arguments: [
        ("America/New_York", "2026-11-22T09:00:00-05:00", "2026-11-23T00:00:00-05:00"),
        ("America/New_York", "2026-03-07T20:00:00-05:00", "2026-03-08T00:00:00-05:00"),
        ("America/New_York", "2026-03-08T01:00:00-05:00", "2026-03-09T00:00:00-04:00"),
        ("America/New_York", "2026-10-31T22:00:00-04:00", "2026-11-01T00:00:00-04:00"),
        ("America/New_York", "2026-11-01T01:30:00-04:00", "2026-11-02T00:00:00-05:00"),
        ("Asia/Kathmandu", "2026-11-22T20:00:00+05:45", "2026-11-23T00:00:00+05:45"),
    ])
    func midnightStartsTheNewDay(zone: String, now: String, midnight: String) {
        let start = date(now)
        let tomorrowWeekday = calendar(zone).component(.weekday, from: date(midnight))
        let todayWeekday = calendar(zone).component(.weekday, from: start)
        let file = BeeBloomStoreFile(
            habits: [habit(1), habit(2), habit(3, weekdays: [todayWeekday]), habit(4, weekdays: [tomorrowWeekday])],
            completions: [
                BeeBloomStoreFile.Completion(habitId: "h1", completedAt: start - 60),
                BeeBloomStoreFile.Completion(habitId: "h2", completedAt: start - 60),
            ])
        let simulation = simulate(BeeBloomStoreTimeline(initial: .file(file)), now: now, zone: zone)
        #expect(simulation.frames.count == 2)
        #expect(ids(simulation.frames[0].entry) == ["h3"])
        #expect(simulation.frames[1].start == date(midnight))
        #expect(ids(simulation.frames[1].entry) == ["h1", "h2", "h4"])
        #expect(simulation.reloads.map(\.reason) == [.initial, .atEnd])
        #expect(simulation.reloads[1].at == date(midnight))
    }

    func retryLog(unreadableFor seconds: TimeInterval) -> TimelineSimulation<BeeBloomEntry> {
        let change = date("2026-11-22T12:00:00-05:00")
        let store = BeeBloomStoreTimeline(
            initial: .file(BeeBloomStoreFile(habits: [habit(1), habit(2)])),
            changes: [(change, .complete(habit: "h1"))],
            unreadable: [DateInterval(start: change, duration: seconds)])
        return simulate(
            store, now: "2026-11-22T09:00:00-05:00", zone: "America/New_York",
            freeReloads: [FreeReloadRequest(at: change, kind: .appEvent, note: "completeHabit habit=h1")])
    }

    @Test func aRetrySucceedsAfterSevenSeconds() {
        let simulation = retryLog(unreadableFor: 7)
        let change = date("2026-11-22T12:00:00-05:00")
        let attempts = simulation.reloads.filter { $0.at >= change && $0.at < change + 60 }
        #expect(attempts.map { $0.at.timeIntervalSince(change) } == [0, 5, 10])
        #expect(attempts.map(\.reason) == [.appEvent, .retry, .retry])
        #expect(attempts.map(\.failed) == [true, true, false])
        #expect(attempts.allSatisfy { !$0.budgeted })
        #expect(simulation.frame(at: change + 9).map { ids($0.entry) } == ["h1", "h2"])
        #expect(simulation.frame(at: change + 10).map { ids($0.entry) } == ["h2"])
    }

    @Test func afterThreeFailedRetriesTheLastGoodContentStays() {
        let simulation = retryLog(unreadableFor: 20)
        let change = date("2026-11-22T12:00:00-05:00")
        let attempts = simulation.reloads.filter { $0.at >= change && $0.at < change + 60 }
        #expect(attempts.map { $0.at.timeIntervalSince(change) } == [0, 5, 10, 15])
        #expect(attempts.map(\.reason) == [.appEvent, .retry, .retry, .retry])
        #expect(attempts.allSatisfy { record in record.failed })
        // No fourth retry at +20 s: the widget waits for its next scheduled reload, at midnight.
        #expect(simulation.reloads.last?.reason == .atEnd)
        #expect(simulation.reloads.last?.at == date("2026-11-23T00:00:00-05:00"))
        #expect(simulation.frame(at: date("2026-11-22T23:59:00-05:00")).map { ids($0.entry) } == ["h1", "h2"])
    }
}

struct BeeBloomStoryboardTests {
    /// The storyboard `family` shows for taps on `store`.
    func storyboard(
        family: WidgetFamily, store: BeeBloomStoreTimeline
    ) throws -> (steps: [StoryboardStep], remaining: Int) {
        let app = BeeBloomApp()
        let environment = BeeBloomTestHarness.environment()
        let run = app.tapRun(
            store: store, family: family, size: WidgetSize(width: 158, height: 158), environment: environment)
        return try app.storyboard(
            run, family: family, size: DeviceClass.standard.size(of: family)!, environment: environment)
    }

    @Test func tappingEveryHabitEndsAllComplete() throws {
        let file = BeeBloomStoreFile(
            habits: (1...7).map { habit($0) },
            completions: [BeeBloomStoreFile.Completion(habitId: "h3", completedAt: BeeBloomTestHarness.now - 60)])
        let store = BeeBloomStoreTimeline(initial: .file(file))
        for family in [WidgetFamily.systemSmall, .systemLarge] {
            let (steps, remaining) = try storyboard(family: family, store: store)
            #expect(remaining == 0)
            #expect(steps.map(\.link) == [1, 2, 4, 5, 6, 7].map { "beebloom://complete?habit=h\($0)" })
            #expect(steps.map(\.action).first == "Tapped “Habit 1”")
            #expect(steps.map { $0.at.timeIntervalSince(BeeBloomTestHarness.now) } == [60, 120, 180, 240, 300, 360])
            #expect(steps.dropLast().allSatisfy { step in step.view.state != "allComplete" })
            #expect(steps.last?.view.state == "allComplete")
            #expect(steps.last?.view.texts == ["all-complete"])
            // Each step shows the habits left after its tap.
            #expect(steps[0].view.texts.first == "Habit 2")
        }
    }

    @Test func theIntentWorksOnACopy() {
        let store = BeeBloomStoreTimeline(initial: .file(BeeBloomStoreFile(habits: [habit(1)])))
        let tapped = BeeBloomApp.CompleteHabitIntent(habitId: "h1").perform(on: store, at: BeeBloomTestHarness.now)
        #expect(store.changes.isEmpty)
        #expect(tapped.changes.count == 1)
        #expect(BeeBloomApp.CompleteHabitIntent(habitId: "a&b=c d").url == "beebloom://complete?habit=a%26b%3Dc%20d")
    }

    @Test func nothingToTapMeansNoStoryboard() throws {
        for initial: BeeBloomStoreTimeline.Loaded in [
            .empty, .unreadable,
            .file(
                BeeBloomStoreFile(
                    habits: [habit(1)],
                    completions: [
                        BeeBloomStoreFile.Completion(habitId: "h1", completedAt: BeeBloomTestHarness.now - 60)
                    ])),
        ] {
            let steps = try storyboard(family: .systemSmall, store: BeeBloomStoreTimeline(initial: initial))
            #expect(steps.steps.isEmpty && steps.remaining == 0)
        }
    }

    @Test func aLongStoryboardStopsAndSaysHowManyAreLeft() throws {
        let store = BeeBloomStoreTimeline(initial: .file(BeeBloomStoreFile(habits: (1...45).map { habit($0) })))
        let (steps, remaining) = try storyboard(family: .systemSmall, store: store)
        #expect(steps.count == BeeBloomApp.maximumStoryboardSteps)
        #expect(remaining == 45 - BeeBloomApp.maximumStoryboardSteps)
        // The detail page says so.
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("bb-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let habits = (1...45).map {
            ##""h\##($0)":{"id":"h\##($0)","title":"Habit \##($0)","color":"#3c7c5a","order":\##($0 * 10),"##
                + #""createdAt":"2026-01-01T08:00:00.000Z","weeklyTarget":7}"#
        }
        try writeTinyBaseStore(
            #"[{"habits":{\#(habits.joined(separator: ","))}},{}]"#,
            to: root.appendingPathComponent(
                "\(BeeBloomStoreFile.containerIdentifier)/\(BeeBloomStoreFile.databaseName)"))
        let previews = try BeeBloomApp().previews(
            families: [(.systemSmall, WidgetSize(width: 158, height: 158))], store: try StoreRoot(url: root),
            environment: BeeBloomTestHarness.environment(), inputs: ())
        #expect(previews[0].storyboard.count == 40)
        #expect(
            previews[0].notes.last == "The tap storyboard stops after 40 taps; 5 habits were still incomplete then.")
    }
}

struct BeeBloomStoreTests {
    @Test func appChangesApplyFromTheirMoment() throws {
        let t = BeeBloomTestHarness.now + 3600
        let store = BeeBloomStoreTimeline(
            initial: .file(BeeBloomStoreFile(habits: [habit(1), habit(2)])),
            changes: [
                (t, .rename(habit: "h1", title: "Water\nthe plants")),
                (t, .create(habit: "h9", title: "New", groupId: nil)),
                (t + 60, .delete(habit: "h2")),
            ])
        guard case .file(let before) = try store.read(at: t - 1), case .file(let after) = try store.read(at: t + 60)
        else {
            Issue.record("expected files")
            return
        }
        #expect(before.habits.map(\.title) == ["Habit 1", "Habit 2"])
        #expect(after.habits.map(\.title) == ["Water the plants", "New"])
    }

    @Test func anUnreadableWindowThrowsOnlyInside() {
        let store = BeeBloomStoreTimeline(
            initial: .empty, unreadable: [DateInterval(start: BeeBloomTestHarness.now, duration: 7)])
        #expect(throws: BeeBloomStoreTimeline.Unreadable.self) { try store.read(at: BeeBloomTestHarness.now + 6.9) }
        #expect(throws: Never.self) { try store.read(at: BeeBloomTestHarness.now + 7) }
    }
}

/// The provider builds each entry's list in one pass (`todayList`); it must equal the full rules.
struct TodayListTests {
    @Test func theOnePassListEqualsTheFullRules() {
        var random = SplitMix(seed: 31)
        let zone = calendar("America/New_York")
        let day = date("2026-11-22T14:00:00Z")
        for _ in 0..<400 {
            let groups = (0..<Int.random(in: 0...4, using: &random)).map { index in
                BeeBloomStoreFile.Group(
                    id: "g\(index)", name: "G\(index)", color: Bool.random(using: &random) ? "#8CC7A1" : nil,
                    order: Int.random(in: 0...2, using: &random))
            }
            let habits = (0..<Int.random(in: 0...30, using: &random)).map { index in
                BeeBloomStoreFile.Habit(
                    id: "h\(Int.random(in: 0...999, using: &random))-\(index)", title: "Habit \(index)",
                    groupId: Int.random(in: 0...5, using: &random) < groups.count
                        ? "g\(Int.random(in: 0..<max(groups.count, 1), using: &random))" : nil,
                    createdAt: day - Double(Int.random(in: 0...3, using: &random)) * 86_400,
                    archived: Int.random(in: 0...9, using: &random) == 0,
                    weekdays: Bool.random(using: &random)
                        ? nil : [Int.random(in: 1...7, using: &random), Int.random(in: 1...7, using: &random)])
            }
            let completions = habits.filter { _ in Bool.random(using: &random) }.map {
                BeeBloomStoreFile.Completion(
                    habitId: $0.id, completedAt: day + Double(Int.random(in: -20...20, using: &random)) * 3600)
            }
            let raw = BeeBloomStoreFile(groups: groups, habits: habits, completions: completions)
            // As read (in order, from `validate`), and as the app may leave it (a habit created last).
            for file in [BeeBloomRules.validate(raw, path: "habits.json").0, raw] {
                #expect(
                    BeeBloomRules.todayList(in: file, on: day, calendar: zone)
                        == BeeBloomToday(BeeBloomRules.incompleteHabits(in: file, on: day, calendar: zone)))
            }
        }
    }
}
