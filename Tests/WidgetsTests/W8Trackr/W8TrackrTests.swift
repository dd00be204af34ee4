import AppGroupStore
import Foundation
import GRDB
import GlimpseCore
import TestSupport
import Testing
import WidgetTimeline

@testable import Widgets

struct WeightConversionTests {
    /// (value, from, shown in the other unit to one decimal).
    @Test(arguments: [
        (81.2, W8TrackrUnit.kg, "179.0"), (100.0, .kg, "220.5"), (0.45359237, .kg, "1.0"), (70.0, .kg, "154.3"),
        (179.0, .lb, "81.2"), (150.0, .lb, "68.0"), (1.0, .lb, "0.5"), (220.46, .lb, "100.0"),
    ])
    func theTable(value: Double, unit: W8TrackrUnit, shown: String) {
        let other: W8TrackrUnit = unit == .kg ? .lb : .kg
        #expect(
            FormatLocale(identifier: "en_US").decimal(Decimal(unit.convert(value, to: other)), fractionDigits: 1)
                == shown)
    }

    @Test func aRoundTripIsExact() {
        #expect(abs(W8TrackrUnit.kg.convert(W8TrackrUnit.lb.convert(81.2, to: .kg), to: .lb) - 81.2) < 1e-9)
        #expect(W8TrackrUnit.lb.convert(1, to: .kg) == 0.45359237)
    }
}

struct WeightSummaryTests {
    let now = date("2026-11-22T09:00:00-05:00")

    func entry(_ id: Int64, _ value: Double, _ unit: W8TrackrUnit = .lb, daysAgo: Double) -> W8TrackrWeighIn {
        W8TrackrWeighIn(id: id, value: value, unit: unit, date: now - daysAgo * 86_400)
    }

    @Test func theMostRecentByTimestampWinsWhateverTheRowOrder() {
        let data = W8TrackrLog(
            entries: [entry(3, 158.2, daysAgo: 0.05), entry(1, 158.0, daysAgo: 0.01), entry(2, 158.6, daysAgo: 0.1)],
            unit: .lb, goal: nil)
        #expect(W8TrackrSummary.of(data, at: now)?.current == 158.0)
    }

    @Test func losingTowardAGoal() throws {
        let data = W8TrackrLog(
            entries: [entry(1, 186, daysAgo: 30), entry(2, 176.2, daysAgo: 0)], unit: .lb, goal: 170)
        let progress = try #require(W8TrackrSummary.of(data, at: now)?.goal)
        #expect(progress.losing && !progress.reached)
        #expect(abs(progress.remaining - 6.2) < 1e-9)
        // Shown as the shipped widget shows it: 176 lb, 6 lb to go.
        #expect(progress.shownRemaining == 6)
        #expect(abs(progress.fraction - (186 - 176.2) / (186 - 170)) < 1e-9)
    }

    @Test func gainingTowardAGoal() throws {
        let data = W8TrackrLog(
            entries: [entry(1, 130, daysAgo: 30), entry(2, 136.4, daysAgo: 0)], unit: .lb, goal: 145)
        let progress = try #require(W8TrackrSummary.of(data, at: now)?.goal)
        #expect(!progress.losing && !progress.reached)
        #expect(abs(progress.remaining - 8.6) < 1e-9)
        #expect(progress.shownRemaining == 9)
        #expect(abs(progress.fraction - 6.4 / 15) < 1e-9)
    }

    /// Reached once the whole weight shown meets the whole goal: 165.9 lb shows 165, the goal.
    @Test(arguments: [(164.2, true), (165.0, true), (165.9, true), (166.0, false)])
    func theGoalIsReachedOnceMetOrPassed(current: Double, reached: Bool) throws {
        let data = W8TrackrLog(
            entries: [entry(1, 180, daysAgo: 40), entry(2, current, daysAgo: 0)], unit: .lb, goal: 165)
        let progress = try #require(W8TrackrSummary.of(data, at: now)?.goal)
        #expect(progress.reached == reached)
        #expect(progress.fraction == (reached ? 1 : progress.fraction))
        #expect(progress.remaining >= 0)
    }

    /// The shipped widget cuts toward zero (`Int(weight)`): 179.9 shows 179.
    @Test(arguments: [(179.9, 179), (179.0, 179), (0.4, 0), (Double.nan, 0), (1e300, 0)])
    func weightsShowWhole(current: Double, shown: Int) {
        #expect(W8TrackrSummary.whole(current) == shown)
    }

    @Test func movingAwayFromTheGoalClampsToZero() throws {
        let data = W8TrackrLog(entries: [entry(1, 180, daysAgo: 10), entry(2, 184, daysAgo: 0)], unit: .lb, goal: 170)
        #expect(try #require(W8TrackrSummary.of(data, at: now)?.goal).fraction == 0)
    }

    @Test func entriesInOtherUnitsAreConverted() throws {
        let data = W8TrackrLog(
            entries: [entry(1, 182, daysAgo: 10), entry(2, 81.2, .kg, daysAgo: 0)], unit: .lb, goal: 175)
        let summary = try #require(W8TrackrSummary.of(data, at: now))
        #expect(abs(summary.current - 179.0151) < 0.001)
        #expect(summary.shownWeight == 179)
        #expect(W8TrackrSummary.of(W8TrackrLog(entries: [], unit: .lb, goal: 170), at: now) == nil)
        #expect(
            W8TrackrSummary.of(W8TrackrLog(entries: [entry(1, 180, daysAgo: 1)], unit: .lb, goal: nil), at: now)?.goal
                == nil)
    }
}

struct W8TrackrDateLabelTests {
    func label(_ entry: String, at now: String, zone: String = "America/New_York") throws -> String {
        let environment = PreviewEnvironment(
            window: DateInterval(start: date(now), duration: 86_400), calendar: calendar(zone),
            locale: FormatLocale(identifier: "en_US"), budget: .standard, events: [], copy: LabelCopy())
        return try W8TrackrApp().dateLabel(date(entry), at: date(now), environment: environment).text
    }

    struct LabelCopy: CopyBook {
        func copy(_ app: String, _ key: String, values: [String: String]) throws -> Copy {
            let text = ["today": "Today, {time}", "yesterday": "Yesterday, {time}"][key]!.replacingOccurrences(
                of: "{time}", with: values["time"]!)
            return Copy(html: HTMLFragment(text), text: text)
        }
    }

    @Test func acrossMidnight() throws {
        #expect(try label("2026-11-22T07:32:00-05:00", at: "2026-11-22T23:59:59-05:00") == "Today, 7:32\u{202F}AM")
        #expect(try label("2026-11-22T07:32:00-05:00", at: "2026-11-23T00:00:00-05:00") == "Yesterday, 7:32\u{202F}AM")
        #expect(try label("2026-11-21T18:10:00-05:00", at: "2026-11-22T09:00:00-05:00") == "Yesterday, 6:10\u{202F}PM")
        #expect(try label("2026-11-18T07:00:00-05:00", at: "2026-11-22T09:00:00-05:00") == "Nov 18")
        #expect(try label("2025-12-30T07:00:00-05:00", at: "2026-01-02T09:00:00-05:00") == "Dec 30, 2025")
    }

    @Test func onDaylightSavingDays() throws {
        // 1:30 AM EDT, before the clocks went back; 25 hours later it is still the same day.
        #expect(try label("2026-11-01T01:30:00-04:00", at: "2026-11-01T23:59:00-05:00") == "Today, 1:30\u{202F}AM")
        #expect(try label("2026-11-01T01:30:00-04:00", at: "2026-11-02T00:00:00-05:00") == "Yesterday, 1:30\u{202F}AM")
        #expect(try label("2026-03-08T03:30:00-04:00", at: "2026-03-08T23:00:00-04:00") == "Today, 3:30\u{202F}AM")
    }

    @Test func theTimelineFlipsAtLocalMidnight() {
        let entries = [W8TrackrWeighIn(id: 1, value: 170, unit: .lb, date: date("2026-11-01T01:30:00-04:00"))]
        let provider = W8TrackrProvider(source: .data(W8TrackrLog(entries: entries, unit: .lb, goal: nil)))
        let simulation = TimelineSimulator().simulate(
            provider, family: .systemSmall, displaySize: WidgetSize(width: 158, height: 158),
            window: DateInterval(start: date("2026-11-01T08:00:00-05:00"), duration: 86_400), calendar: calendar())
        #expect(
            simulation.frames.map(\.start) == [date("2026-11-01T08:00:00-05:00"), date("2026-11-02T00:00:00-05:00")])
        #expect(simulation.reloads.map(\.reason) == [.initial, .atEnd])
    }
}

/// What `make fuzz` found: SQLite lets any column hold any type, and GRDB's typed subscript
/// traps on a mismatch. A row with the wrong types is skipped with a diagnostic.
struct W8TrackrMistypedRowTests {
    /// What W8Trackr reads, on the day from 785 000 000 s after 2001, of a store made by `statements`
    /// in the container `group`.
    func load(
        _ statements: [String], group: String = "group.com.saults.W8Trackr"
    ) throws -> (data: W8TrackrLog?, diagnostics: [Diagnostic]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("w8-store-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("\(group)/Library/Application Support")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let queue = try DatabaseQueue(path: folder.appendingPathComponent("default.store").path)
        try queue.write { db in for statement in statements { try db.execute(sql: statement) } }
        try queue.close()
        let loaded = W8TrackrApp().load(
            store: try StoreRoot(url: root),
            window: DateInterval(start: Date(timeIntervalSinceReferenceDate: 785_000_000), duration: 86_400))
        guard case .data(let data) = loaded.value else {
            Issue.record("expected data, got \(loaded.value)")
            return (nil, loaded.diagnostics)
        }
        return (data, loaded.diagnostics)
    }

    @Test func aRowWithWrongTypesIsSkippedNotFatal() throws {
        let (data, diagnostics) = try load([
            // Columns without a declared type keep whatever is stored, as a damaged schema can.
            "CREATE TABLE ZWEIGHTENTRY (Z_PK, ZWEIGHTVALUE, ZWEIGHTUNIT, ZDATE)",
            // The fuzzer's row: a REAL where the unit goes, text where the date goes.
            "INSERT INTO ZWEIGHTENTRY VALUES (8215, 1.0, 9.551398285286813e+164, '')",
            "INSERT INTO ZWEIGHTENTRY VALUES ('one', 'heavy', X'00', 7.0e8)",
            "INSERT INTO ZWEIGHTENTRY VALUES (2, 176.2, 'lb', 785000000.0)",
        ])
        #expect(data?.entries.map(\.value) == [176.2])
        #expect(diagnostics.contains { $0.message.hasPrefix("ZWEIGHTENTRY: 2 rows with") })
    }

    /// A unit of 3 MiB is never loaded: its row is skipped, named in a warning, and the weights
    /// around it are read.
    @Test func aRowWithAHugeValueIsSkippedUnread() throws {
        let (data, diagnostics) = try load([
            "CREATE TABLE ZWEIGHTENTRY (Z_PK INTEGER PRIMARY KEY, ZWEIGHTVALUE FLOAT, ZWEIGHTUNIT VARCHAR, "
                + "ZDATE TIMESTAMP)",
            "INSERT INTO ZWEIGHTENTRY VALUES (1, 178.0, 'lb', 784900000.0)",
            "INSERT INTO ZWEIGHTENTRY VALUES (2, 177.0, replace(hex(zeroblob(1572864)), '0', 'l'), 784950000.0)",
            "INSERT INTO ZWEIGHTENTRY VALUES (3, 176.2, 'lb', 785000000.0)",
        ])
        #expect(data?.entries.map(\.value) == [178.0, 176.2])
        #expect(
            diagnostics.map(\.message) == [
                "file not found; it holds preferredWeightUnit: showing lb",
                "ZWEIGHTENTRY: 1 row with a value over 64 KiB was skipped, unread",
            ])
        #expect(diagnostics.last?.file == "group.com.saults.W8Trackr/Library/Application Support/default.store")
    }
}

/// The store as wsaults/W8Trackr writes it, and as Glimpse's earlier samples had it.
struct W8TrackrRealStoreTests {
    let mistyped = W8TrackrMistypedRowTests()
    let table =
        "CREATE TABLE ZWEIGHTENTRY (Z_PK INTEGER PRIMARY KEY, ZWEIGHTVALUE FLOAT, ZWEIGHTUNIT VARCHAR, ZDATE TIMESTAMP)"

    /// `WeightEntryView` writes `lbs` when an entry is edited; the app reads any unit but `kg` as
    /// pounds, so does the widget: `lbs` silently, anything else with a warning.
    @Test func unitsAreReadAsTheAppReadsThem() throws {
        let (data, diagnostics) = try mistyped.load([
            table,
            "INSERT INTO ZWEIGHTENTRY VALUES (1, 178.0, 'lbs', 784900000.0)",
            "INSERT INTO ZWEIGHTENTRY VALUES (2, 80.0, 'kg', 784950000.0)",
            "INSERT INTO ZWEIGHTENTRY VALUES (3, 176.2, 'stone', 785000000.0)",
        ])
        #expect(data?.entries.map(\.unit) == [.lb, .kg, .lb])
        #expect(
            diagnostics.map(\.message).filter { $0.hasPrefix("ZWEIGHTENTRY") } == [
                "ZWEIGHTENTRY: 1 row with the unit \"stone\", read as lb, as the app reads any unit but kg"
            ])
    }

    /// Glimpse's earlier samples: the group `group.com.w8trackr.shared` and a column `ZUNIT`. Read,
    /// with a warning for each that names what the real app writes.
    @Test func theEarlierGroupAndColumnAreReadWithWarnings() throws {
        let (data, diagnostics) = try mistyped.load(
            [
                "CREATE TABLE ZWEIGHTENTRY (Z_PK INTEGER PRIMARY KEY, ZWEIGHTVALUE FLOAT, ZUNIT VARCHAR, "
                    + "ZDATE TIMESTAMP)",
                "INSERT INTO ZWEIGHTENTRY VALUES (1, 81.2, 'kg', 785000000.0)",
            ], group: "group.com.w8trackr.shared")
        #expect(data?.entries.map(\.unit) == [.kg])
        let warnings = diagnostics.filter { $0.severity == .warning }.map(\.message)
        #expect(warnings.contains { $0.contains("W8Trackr writes group.com.saults.W8Trackr") })
        #expect(warnings.contains { $0.contains("SwiftData writes the entry's weightUnit as ZWEIGHTUNIT") })
    }

    /// A store with both columns is the real one: no warning about the earlier column.
    @Test func theRealColumnWinsOverTheEarlierOne() throws {
        let (data, diagnostics) = try mistyped.load([
            "CREATE TABLE ZWEIGHTENTRY (Z_PK INTEGER PRIMARY KEY, ZWEIGHTVALUE FLOAT, ZUNIT VARCHAR, "
                + "ZWEIGHTUNIT VARCHAR, ZDATE TIMESTAMP)",
            "INSERT INTO ZWEIGHTENTRY VALUES (1, 81.2, 'lb', 'kg', 785000000.0)",
        ])
        #expect(data?.entries.map(\.unit) == [.kg])
        #expect(!diagnostics.contains { $0.message.contains("ZUNIT") })
    }
}

/// The store is read through `W8TrackrRelevantWeights`, which keeps only what a window can show: the
/// widget must show exactly what it would from every entry.
struct RelevantWeightsTests {
    @Test func theKeptEntriesGiveTheSameSummaryAtEveryMoment() {
        var random = SplitMix(seed: 88)
        let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
        for _ in 0..<300 {
            let window = DateInterval(start: start, duration: 86_400)
            let count = Int.random(in: 0...60, using: &random)
            // Entries from 40 days before the window to 2 days after it, some on the same instant.
            let entries = (0..<count).map { index in
                W8TrackrWeighIn(
                    id: Int64(Int.random(in: 1...40, using: &random) * 100 + index),
                    value: Double.random(in: 150...220, using: &random), unit: Bool.random(using: &random) ? .lb : .kg,
                    date: start + Double(Int.random(in: -40...2, using: &random)) * 86_400 + Double(
                        Int.random(in: 0...3, using: &random)) * 3600)
            }
            var kept = W8TrackrRelevantWeights(window: window)
            for entry in entries { kept.add(entry) }
            // Each kept entry is one of the store's, once.
            #expect(Set(kept.entries).isSubset(of: Set(entries)) && Set(kept.entries).count == kept.entries.count)
            let goal: Double? = Bool.random(using: &random) ? 170 : nil
            let all = W8TrackrLog(entries: entries, unit: .lb, goal: goal)
            let some = W8TrackrLog(entries: kept.entries, unit: .lb, goal: goal)
            for minute in stride(from: 0, through: 24 * 60, by: 30) {
                let t = start + Double(minute) * 60
                #expect(
                    W8TrackrSummary.of(some, at: t) == W8TrackrSummary.of(all, at: t),
                    "at \(t), \(entries.count) entries")
            }
            #expect(kept.newest == entries.max { ($0.date, $0.id) < ($1.date, $1.id) })
        }
    }

    @Test func yearsOfWeighInsKeepAboutAWeekAndADay() {
        let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
        var kept = W8TrackrRelevantWeights(window: DateInterval(start: start, duration: 86_400))
        // Five years, four a day: 7,300 entries.
        for index in 0..<7_300 {
            kept.add(
                W8TrackrWeighIn(id: Int64(index), value: 180, unit: .lb, date: start - Double(7_300 - index) * 6 * 3600)
            )
        }
        // 7 days before the window, four a day, plus the newest before them and the oldest.
        #expect(kept.entries.count == 28 + 2)
    }
}
