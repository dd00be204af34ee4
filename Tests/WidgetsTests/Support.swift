import AppGroupStore
import Foundation
import GlimpseCore
import TestSupport
import Testing
import WidgetTimeline
import Widgets

/// Copy that echoes its key and values, so tests can read what a view asked for.
struct EchoCopyBook: CopyBook {
    func copy(_ app: String, _ key: String, values: [String: String]) throws -> Copy {
        let text = ([key] + values.keys.sorted().map { "\($0)=\(values[$0]!)" }).joined(separator: " ")
        return Copy(html: HTMLFragment(text), text: text, source: Copy.source(app, key))
    }
}

/// Every app simulates a day once and shows it in every family (`sharedSimulation`). That holds
/// only while no provider reads the context's family or size: each provider must live the same
/// day, reload for reload and entry for entry, whichever family it is simulated for. Each app's
/// tests hold its provider to it.
enum SharedSimulation {
    static let now = date("2026-11-22T09:00:00-05:00")
    static let families: [(WidgetFamily, WidgetSize)] = [
        (.systemSmall, WidgetSize(width: 158, height: 158)), (.systemLarge, WidgetSize(width: 338, height: 354)),
        (.accessoryCircular, WidgetSize(width: 76, height: 76)),
    ]

    /// The day `provider` lives as `family`: frames and reloads, comparable.
    static func day<Provider: TimelineProvider>(
        _ provider: Provider, _ family: WidgetFamily, _ size: WidgetSize
    ) -> [AnyHashable]
    where Provider.Entry: Hashable {
        let simulation = TimelineSimulator(budget: ReloadBudget(limit: 40)).simulate(
            provider, family: family, displaySize: size, window: DateInterval(start: now, duration: 86_400),
            calendar: calendar("America/New_York"), freeReloads: [FreeReloadRequest(at: now + 5_400, kind: .appEvent)])
        return simulation.frames.map {
            AnyHashable([AnyHashable($0.start), AnyHashable($0.end), AnyHashable($0.entry), AnyHashable($0.reload)])
        }
            + simulation.reloads.map(AnyHashable.init)
    }

    /// Expects the provider `make` gives to live the same, eventful day in every family.
    static func expectSameDay<Provider: TimelineProvider>(
        _ make: () -> Provider, sourceLocation: SourceLocation = #_sourceLocation
    )
    where Provider.Entry: Hashable {
        let days = families.map { day(make(), $0.0, $0.1) }
        #expect(days[0].count > 2, sourceLocation: sourceLocation)
        #expect(days.allSatisfy { $0 == days[0] }, "\(Provider.self)", sourceLocation: sourceLocation)
    }
}

/// (zone, window start) for every time zone Foundation knows: a fixed-seed instant of 2026, and
/// the start of the day before each of its 2026 transitions (so the window holds the 23 h or 25 h
/// day). Each app whose widget turns at local midnight is held to it there.
enum MidnightCases {
    static let all: [(String, Date)] = {
        var random = SplitMix(seed: 2026)
        var cases: [(String, Date)] = []
        let yearStart = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
        for zone in TimeZone.knownTimeZoneIdentifiers {
            cases.append((zone, yearStart + Double(Int.random(in: 0..<(364 * 86_400), using: &random))))
            let timeZone = TimeZone(identifier: zone)!
            var instant = yearStart
            while let transition = timeZone.nextDaylightSavingTimeTransition(after: instant),
                transition < yearStart + 365 * 86_400
            {
                cases.append((zone, transition - 14 * 3600 - Double(Int.random(in: 0..<(8 * 3600), using: &random))))
                instant = transition
            }
        }
        return cases
    }()

    /// The first moment of the local day after `date`'s, from Foundation's own day interval.
    static func nextDayStart(after date: Date, in calendar: Calendar) -> Date {
        calendar.dateInterval(of: .day, for: date)!.end
    }
}

/// Files an app reads as its inputs, held in memory: path → text.
struct MemoryFiles: InputFiles {
    var files: [String: String] = [:]
    var root = "content"

    func files(in folder: String) throws -> [String] {
        files.keys.filter { ($0 as NSString).deletingLastPathComponent == folder }.map {
            ($0 as NSString).lastPathComponent
        }.sorted()
    }

    func text(_ path: String) throws -> String? { files[path] }
    func displayPath(_ path: String) -> String { "\(root)/\(path)" }
}

/// An input context over in-memory files, at 9:00 AM in New York, with Markdown as plain text.
func inputContext(
    content: [String: String] = [:], scenario: [String: String] = [:], store: StoreRoot? = nil
) -> (InputContext, InputLog) {
    let log = InputLog()
    let now = date("2026-11-22T09:00:00-05:00")
    let context = InputContext(
        content: MemoryFiles(files: content), scenario: MemoryFiles(files: scenario, root: "scenario"), store: store,
        window: DateInterval(start: now, duration: 86_400), calendar: calendar(), locale: .enUS,
        markdown: { MarkdownDocument(frontMatter: nil, copy: Copy(html: HTMLFragment($0), text: $0)) }, log: log)
    return (context, log)
}
