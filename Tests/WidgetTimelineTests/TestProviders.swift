import Foundation
import WidgetTimeline

struct TestEntry: TimelineEntry, Equatable {
    var date: Date
    var label: String
}

/// A provider whose timeline is a function of the request time.
struct ScriptedProvider: TimelineProvider {
    var make: @Sendable (Date) throws -> Timeline<TestEntry>

    func placeholder(in context: TimelineProviderContext) -> TestEntry {
        TestEntry(date: context.date, label: "placeholder")
    }

    func snapshot(in context: TimelineProviderContext) -> TestEntry {
        TestEntry(date: context.date, label: "snapshot")
    }

    func timeline(in context: TimelineProviderContext) throws -> Timeline<TestEntry> {
        try make(context.date)
    }
}

struct StoreUnreadable: Error {}

let start = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T...Z; any fixed instant
let day = DateInterval(start: start, duration: 24 * 3600)

func utcCalendar() -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
}

func simulate(
    _ simulator: TimelineSimulator = TimelineSimulator(),
    free: [FreeReloadRequest] = [],
    _ make: @escaping @Sendable (Date) throws -> Timeline<TestEntry>
) -> TimelineSimulation<TestEntry> {
    simulator.simulate(
        ScriptedProvider(make: make), family: .systemSmall, displaySize: WidgetSize(width: 158, height: 158),
        window: day, calendar: utcCalendar(), freeReloads: free)
}

/// Frames must tile the window with no gap and no overlap.
func expectTiles(_ simulation: TimelineSimulation<TestEntry>) -> Bool {
    guard let first = simulation.frames.first, let last = simulation.frames.last else { return false }
    guard first.start == simulation.window.start, last.end == simulation.window.end else { return false }
    return zip(simulation.frames, simulation.frames.dropFirst()).allSatisfy { $0.end == $1.start && $0.start < $0.end }
}
