import Foundation
import Synchronization
import TestSupport
import Testing
import Widgets

@testable import GlimpseSite

/// A scenario's `scenario.yaml`, decoded into its settings; a broken one names the file and the
/// key at fault.
struct ScenarioTests {
    func load(_ yaml: String) throws -> Scenario {
        let folder = try folder(["scenario.yaml": yaml])
        defer { try? FileManager.default.removeItem(at: folder) }
        return try Scenario.load(
            folder: folder, name: "sample", app: "app", displayPath: "content/scenarios/app/sample", fileIO: .diskAccess
        )
    }

    @Test func everyKeyIsRead() throws {
        let scenario = try load(
            """
            title: Two events
            description: Some text
            now: 2026-11-22T09:00:00-05:00
            timeZone: Asia/Kathmandu
            expectDiagnostics: true
            events:
              - at: PT2H30M
                type: logWeight
                value: 136.9
                unit: lb
              - { at: PT3H, type: completeHabit, habit: h2, count: 3 }
            """)
        #expect(scenario.title == "Two events")
        #expect(scenario.description == "Some text")
        #expect(scenario.now == Scenario.parseDate("2026-11-22T09:00:00-05:00"))
        #expect(scenario.timeZone == TimeZone(identifier: "Asia/Kathmandu"))
        #expect(scenario.expectDiagnostics)
        #expect(
            scenario.events == [
                Scenario.Event(offset: 9_000, type: "logWeight", parameters: ["value": "136.9", "unit": "lb"]),
                Scenario.Event(offset: 10_800, type: "completeHabit", parameters: ["habit": "h2", "count": "3"]),
            ])
    }

    @Test(arguments: ["", "# nothing but a comment\n"])
    func anEmptyFileKeepsTheDefaults(yaml: String) throws {
        let scenario = try load(yaml)
        #expect(
            scenario.title == "sample" && scenario.now == nil && scenario.events.isEmpty && !scenario.expectDiagnostics)
    }

    @Test func aNumberIsText() throws {
        #expect(try load("title: 123\n").title == "123")
    }

    /// Parameters are free-form per app: each a scalar, kept as written for the app to parse.
    @Test func parametersAreScalarsAsWritten() throws {
        let scenario = try load(
            "events:\n  - { at: PT1H, type: logSession, durationSeconds: 600.0, startedAt: "
                + "2026-11-22T08:00:00-05:00, note: yes }\n"
        )
        #expect(
            scenario.events.first?.parameters == [
                "durationSeconds": "600.0", "startedAt": "2026-11-22T08:00:00-05:00", "note": "yes",
            ])
    }

    @Test func aParameterThatIsNotAScalarIsNamed() {
        #expect(
            throws: SiteError.invalidScenario(
                file: "content/scenarios/app/sample/scenario.yaml",
                reason: "events[0].habit: expected text or a number, not a list or a mapping")
        ) {
            try load("events:\n  - { at: PT1H, type: completeHabit, habit: [h1, h2] }\n")
        }
    }

    /// A key left empty or null is a key not given.
    @Test func anEmptyKeyIsNotGiven() throws {
        let scenario = try load("title:\nnow: ~\nexpectDiagnostics:\nevents:\n")
        #expect(
            scenario.title == "sample" && scenario.now == nil && !scenario.expectDiagnostics && scenario.events.isEmpty)
    }

    /// `now` needs its offset, as `--now` does: a date alone, or a time without a zone, is refused.
    @Test(arguments: ["now: 2026-11-22\n", "now: 2026-11-22T09:00:00\n", "now: 2026-11-22 09:00:00\n"])
    func aNowWithoutAnOffsetIsRefused(yaml: String) {
        #expect(
            throws: SiteError.invalidScenario(
                file: "content/scenarios/app/sample/scenario.yaml",
                reason: "now: expected an ISO 8601 date and time with an offset")
        ) {
            try load(yaml)
        }
    }

    @Test(arguments: [
        ("- a\n", "expected a mapping of keys at the top level"),
        ("title: [a]\n", "title: expected text"),
        ("description: { a: b }\n", "description: expected text"),
        ("now: tomorrow\n", "now: expected an ISO 8601 date and time with an offset"),
        ("now: [1]\n", "now: expected an ISO 8601 date and time with an offset"),
        ("timeZone: Mars/Olympus\n", "timeZone: \"Mars/Olympus\" is not an IANA time zone"),
        ("expectDiagnostics: maybe\n", "expectDiagnostics: expected true or false"),
        ("expectDiagnostics: [true]\n", "expectDiagnostics: expected true or false"),
        ("events: 3\n", "events: expected a list"),
        ("events: { at: PT1H }\n", "events: expected a list"),
        ("events: [3]\n", "events[0]: expected a mapping"),
        ("events:\n  - { at: PT1H, type: a }\n  - [b]\n", "events[1]: expected a mapping"),
        ("events:\n  - { type: markDone }\n", "events[0].at: expected an ISO 8601 duration after now, such as PT2H30M"),
        (
            "events:\n  - { at: soon, type: markDone }\n",
            "events[0].at: expected an ISO 8601 duration after now, such as PT2H30M"
        ),
        ("events:\n  - { at: PT1H }\n", "events[0].type: expected the event's type"),
        ("events:\n  - { at: PT1H, type: '' }\n", "events[0].type: expected the event's type"),
        (
            "title: \(String(repeating: "t", count: 2_001))\n",
            "title: 2,001 characters long, over the 2,000 of scenario-text (docs/LIMITS.md)"
        ),
        (
            "description: \(String(repeating: "é", count: 2_500))\n",
            "description: 2,500 characters long, over the 2,000 of scenario-text (docs/LIMITS.md)"
        ),
    ])
    func aBrokenKeyIsNamed(yaml: String, reason: String) {
        #expect(throws: SiteError.invalidScenario(file: "content/scenarios/app/sample/scenario.yaml", reason: reason)) {
            try load(yaml)
        }
    }

    /// A file far over the YAML cap costs its first mebibyte and a byte to refuse, not its size.
    @Test func onlyAsMuchAsTheCapIsRead() throws {
        let folder = try folder(["scenario.yaml": String(repeating: "key: value\n", count: 800_000)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let limits = Mutex<[Int]>([])
        var fileIO = FileIO.diskAccess
        fileIO.readData = { url, name in
            Issue.record("\(name) was read whole")
            return try FileIO.diskAccess.readData(url, name)
        }
        fileIO.readPrefix = { url, name, limit in
            limits.withLock { $0.append(limit) }
            return try FileIO.readRegularFile(url, name, limit)
        }
        #expect(
            throws: SiteError.invalidScenario(
                file: "content/scenarios/app/sample/scenario.yaml",
                reason: "larger than 1024 KiB, the most a YAML file here may be")
        ) {
            try Scenario.load(
                folder: folder, name: "sample", app: "app", displayPath: "content/scenarios/app/sample", fileIO: fileIO)
        }
        #expect(limits.withLock { $0 } == [BoundedYAML.maximumBytes])
    }

    @Test func yamlThatDoesNotParseNamesTheFile() {
        #expect {
            try load("title: [unclosed\n")
        } throws: { error in
            "\(error)".hasPrefix("content/scenarios/app/sample/scenario.yaml: not valid YAML: ")
        }
    }

    @Test func aBillionLaughsIsRefusedBeforeItIsDecoded() {
        let laughs =
            "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
            + zip("abcdefgh", "bcdefghi").map { previous, name in
                "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
            }.joined()
        #expect(
            throws: SiteError.invalidScenario(
                file: "content/scenarios/app/sample/scenario.yaml",
                reason: "its aliases expand past 20000 nodes; refused (a \"billion laughs\" document?)")
        ) {
            try load(laughs)
        }
    }
}

/// A user's store's `scenario.yaml` is read within the store's timeout, as its files are.
struct StoreScenarioDeadlineTests {
    @Test func aScenarioFileThatNeverAnswersIsGivenUpAtTheStoresTimeout() throws {
        let folder = temporaryFolder("glimpse-hung-scenario")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("title: Mine\n".utf8).write(to: folder.appendingPathComponent("scenario.yaml"))
        let release = DispatchSemaphore(value: 0)
        let answered = Flag()
        var fileIO = FileIO.diskAccess
        fileIO.readPrefix = { url, display, limit in
            // A mount that stopped answering: the read blocks until the test lets it go.
            _ = release.wait(timeout: .now() + 120)
            answered.raise()
            return try FileIO.readRegularFile(url, display, limit)
        }
        #expect {
            try BuildInputs.storeScenario(folder, name: "mine", timeout: 0.2, fileIO: fileIO)
        } throws: { error in
            guard case .unreadable(let file, let reason) = error as? SiteError else { return false }
            return file.hasSuffix("scenario.yaml") && reason.contains("--store-timeout")
        }
        // Given up while the read still hangs, not after it: no clock is read, so a busy machine
        // cannot fail this.
        #expect(!answered.isRaised, "the build waited for the hung read")
        // Once the stuck read returns, the file is read again.
        release.signal()
        var title: String?
        for _ in 0..<100 where title == nil {
            title = try? BuildInputs.storeScenario(folder, name: "mine", timeout: 5, fileIO: .diskAccess).title
            if title == nil { usleep(20_000) }
        }
        #expect(title == "Mine")
    }
}

/// Set once, from any thread.
private final class Flag: Sendable {
    private let state = Mutex(false)
    var isRaised: Bool { state.withLock { $0 } }
    func raise() { state.withLock { $0 = true } }
}
