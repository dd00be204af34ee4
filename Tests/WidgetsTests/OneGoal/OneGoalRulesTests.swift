import AppGroupStore
import Foundation
import TestSupport
import Testing
import WidgetTimeline

@testable import Widgets

struct OneGoalRulesTests {
    let today = LocalDate(year: 2026, month: 11, day: 22)

    func snapshot(
        total: Int = 30, completed: Int = 12, last: String? = "2026-11-21", accent: String? = "#FF9500",
        title: String = "Read"
    ) -> OneGoalStoreFile {
        OneGoalStoreFile(
            title: title, totalDays: total, completedDays: completed, lastCompletedDate: last, accentColor: accent,
            updatedAt: Date(timeIntervalSinceReferenceDate: 0))
    }

    @Test func canMarkDoneOncePerLocalDay() {
        #expect(OneGoalRules.canMarkDone(today: today, lastCompletedDate: nil))
        #expect(OneGoalRules.canMarkDone(today: today, lastCompletedDate: LocalDate(year: 2026, month: 11, day: 21)))
        #expect(!OneGoalRules.canMarkDone(today: today, lastCompletedDate: today))
    }

    @Test func states() {
        let goal = OneGoalProgress(
            title: "Read", totalDays: 30, completedDays: 12, lastCompletedDate: today, accent: nil)
        #expect(OneGoalRules.state(of: nil, today: today) == .noGoal)
        #expect(OneGoalRules.state(of: goal, today: today) == .doneToday)
        #expect(OneGoalRules.state(of: goal, today: LocalDate(year: 2026, month: 11, day: 23)) == .notDoneToday)
        var complete = goal
        complete.completedDays = 30
        #expect(OneGoalRules.state(of: complete, today: LocalDate(year: 2026, month: 11, day: 23)) == .complete)
    }

    @Test func markDoneCountsOncePerDayAndNeverPastTheTotal() {
        let goal = OneGoalProgress(
            title: "Read", totalDays: 13, completedDays: 12,
            lastCompletedDate: LocalDate(year: 2026, month: 11, day: 21), accent: nil)
        let once = OneGoalRules.markDone(goal, today: today)
        #expect(once.completedDays == 13 && once.lastCompletedDate == today)
        #expect(OneGoalRules.markDone(once, today: today) == once)
        #expect(OneGoalRules.markDone(once, today: LocalDate(year: 2026, month: 11, day: 23)).completedDays == 13)
    }

    @Test func aSaneSnapshotPasses() {
        let (goal, diagnostics) = OneGoalRules.validate(snapshot(), file: "f.json")
        #expect(diagnostics.isEmpty)
        #expect(
            goal
                == OneGoalProgress(
                    title: "Read", totalDays: 30, completedDays: 12,
                    lastCompletedDate: LocalDate(year: 2026, month: 11, day: 21),
                    accent: HexColor(red: 255, green: 149, blue: 0)))
    }

    @Test(arguments: [(0, 0), (1001, 3), (1_000_000_000, 5), (30, -1), (30, 31), (-5, 0)])
    func outOfRangeCountsFallBack(total: Int, completed: Int) {
        let (goal, diagnostics) = OneGoalRules.validate(
            snapshot(total: total, completed: completed), file: "group.com.onegoal.app/widget-snapshot.json")
        #expect(goal == nil)
        #expect(!diagnostics.isEmpty)
        #expect(
            diagnostics.allSatisfy {
                $0.severity == .warning && $0.file == "group.com.onegoal.app/widget-snapshot.json"
            })
    }

    @Test(arguments: ["orange", "#GGG", "#12345", "FF9500", "#FF95001", "", "#ＦＦＦ"])
    func aBadAccentKeepsTheGoalWithTheDefault(accent: String) {
        let (goal, diagnostics) = OneGoalRules.validate(snapshot(accent: accent), file: "f.json")
        #expect(goal != nil && goal?.accent == nil)
        #expect(diagnostics.count == 1 && diagnostics[0].message.hasPrefix("accentColor"))
    }

    @Test func shortAndLongHexColours() {
        #expect(HexColor("#f80")?.description == "#FF8800")
        #expect(HexColor("#34C759")?.description == "#34C759")
        #expect(HexColor("#000000")!.readableLabel == HexColor(red: 255, green: 255, blue: 255))
        #expect(abs(HexColor("#FFFFFF")!.contrast(with: HexColor("#000000")!) - 21) < 0.001)
    }

    @Test func aBadLastCompletedDateIsTreatedAsNever() {
        let (goal, diagnostics) = OneGoalRules.validate(snapshot(last: "yesterday"), file: "f.json")
        #expect(goal?.lastCompletedDate == nil)
        #expect(diagnostics.count == 1)
    }
}

struct OneGoalProviderTests {
    func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    func date(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    @Test(arguments: [
        ("America/New_York", "2026-11-22T09:00:00-05:00", "2026-11-22", "2026-11-23T00:00:00-05:00"),
        ("America/New_York", "2026-03-07T20:00:00-05:00", "2026-03-07", "2026-03-08T00:00:00-05:00"),
        ("America/New_York", "2026-10-31T22:00:00-04:00", "2026-10-31", "2026-11-01T00:00:00-04:00"),
        ("Asia/Kathmandu", "2026-11-22T20:00:00+05:45", "2026-11-22", "2026-11-22T18:15:00Z"),
    ])
    func doneTodayFlipsAtLocalMidnight(zone: String, now: String, doneOn: String, midnight: String) {
        let goal = OneGoalProgress(
            title: "Read", totalDays: 30, completedDays: 12, lastCompletedDate: LocalDate(iso: doneOn), accent: nil)
        let provider = OneGoalProvider(store: OneGoalStoreTimeline(initial: goal, markDoneDates: []))
        let simulation = TimelineSimulator().simulate(
            provider, family: .systemSmall, displaySize: WidgetSize(width: 158, height: 158),
            window: DateInterval(start: date(now), duration: 86_400), calendar: calendar(zone))
        #expect(simulation.frames.map(\.entry.state) == [.doneToday, .notDoneToday])
        #expect(simulation.frames[1].start == date(midnight))
        #expect(simulation.reloads.map(\.reason) == [.initial, .atEnd])
        #expect(simulation.reloads[1].at == date(midnight))
    }

    @Test func markingDoneInTheAppReloadsForFree() {
        let goal = OneGoalProgress(
            title: "Read", totalDays: 30, completedDays: 12, lastCompletedDate: LocalDate(iso: "2026-11-21"),
            accent: nil)
        let markAt = date("2026-11-22T17:30:00-05:00")
        let provider = OneGoalProvider(store: OneGoalStoreTimeline(initial: goal, markDoneDates: [markAt]))
        let simulation = TimelineSimulator().simulate(
            provider, family: .systemSmall, displaySize: WidgetSize(width: 158, height: 158),
            window: DateInterval(start: date("2026-11-22T09:00:00-05:00"), duration: 86_400),
            calendar: calendar("America/New_York"),
            freeReloads: [FreeReloadRequest(at: markAt, kind: .appEvent)])
        #expect(simulation.frames.map(\.entry.state) == [.notDoneToday, .doneToday, .notDoneToday])
        #expect(simulation.frames[1].entry.goal?.completedDays == 13)
        #expect(simulation.reloads.map(\.budgeted) == [true, false, true])
    }
}

struct ProgressGridTests {
    @Test(arguments: [1, 7, 30, 66, 100, 365, 1000])
    func theGridFitsItsArea(total: Int) {
        guard let grid = OneGoalViewModel.Grid.fitting(total: total, completed: total / 2, width: 158, height: 126)
        else {
            #expect(total > OneGoalViewModel.Grid.maximumCells, "a grid is expected up to a year")
            return
        }
        let rows = (total + grid.columns - 1) / grid.columns
        #expect(grid.columns * grid.cellSize + (grid.columns - 1) * grid.gap <= 158)
        #expect(rows * grid.cellSize + (rows - 1) * grid.gap <= 126)
        #expect(grid.cells.count == total)
        #expect(grid.cells.filter(\.done).count == total / 2)
        #expect(grid.cellSize >= 4)
    }

    @Test func aThousandDaysIsABarNotAGrid() {
        #expect(OneGoalViewModel.Grid.fitting(total: 1000, completed: 10, width: 158, height: 126)?.columns == nil)
        #expect(OneGoalViewModel.Grid.fitting(total: 401, completed: 10, width: 158, height: 126)?.columns == nil)
        #expect(OneGoalViewModel.Grid.fitting(total: 365, completed: 10, width: 30, height: 30)?.columns == nil)
    }

}

struct StoreTextTests {
    @Test func controlCharactersAreRemovedAndBreaksBecomeSpaces() {
        #expect(StoreText.displayable("Run\u{0}\u{1B}[31m\nfast\u{7F}") == "Run[31m fast")
        #expect(StoreText.displayable("مرحبا \u{202E}abc 🏃‍♀️") == "مرحبا \u{202E}abc 🏃‍♀️")
    }
}
