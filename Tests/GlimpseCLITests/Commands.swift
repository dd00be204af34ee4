import Foundation
import GlimpseRegistry
import GlimpseShots
import TestSupport
import Testing

@testable import GlimpseCLI

/// A command run in the test's own process, as `glimpse` runs it: its exit code and what it wrote
/// to standard output and standard error.
struct Ran: CustomStringConvertible {
    var code: Int32
    var output: String
    var error: String

    var description: String { "exit \(code)\n\(output)\(error)" }
}

/// Runs `glimpse arguments…` with the five apps, its lines recorded, not printed.
func glimpse(_ arguments: String...) async -> Ran {
    await glimpse(arguments)
}

func glimpse(_ arguments: [String]) async -> Ran {
    AppCatalog.select(apps: [], builtIn: Glimpse.builtInApps)
    let record = Console.Record()
    let code = await Console.$record.withValue(record) { await GlimpseCommand.run(arguments: arguments) }
    return Ran(code: code, output: record.text(.output), error: record.text(.error))
}

/// What `glimpse arguments…` ends with, as its command returns it before it says a word: the
/// arguments parsed as the process parses them (`validate` too), the work done, the outcome a value.
func outcome<Command: OutcomeCommand>(
    of command: Command.Type, _ arguments: [String]
) async throws -> Command.Outcome {
    AppCatalog.select(apps: [], builtIn: Glimpse.builtInApps)
    let parsed = try #require(try GlimpseCommand.parseAsRoot(arguments) as? Command, "\(arguments)")
    return try await Console.$record.withValue(Console.Record()) { try await parsed.outcome() }
}

/// The failure `glimpse arguments…` ends in, or nil when it ends in an outcome.
func failure<Command: OutcomeCommand>(of command: Command.Type, _ arguments: [String]) async throws -> CommandFailure? {
    do {
        _ = try await outcome(of: command, arguments)
        return nil
    } catch let failure as CommandFailure {
        return failure
    }
}

/// The clock every gallery of these tests is built with.
let clock = ["--now", "2026-11-22T09:00:00-05:00", "--time-zone", "America/New_York"]

/// The registry's first app: the one these tests build, never named here (`RegistryTests`).
let firstApp = GalleryApps.all[0].id

/// The first app's gallery built into `folder/name` (a second or so in a debug build), with
/// `extra` options (`--app` again for more apps); the folder's path.
func gallery(into folder: URL, _ name: String, _ extra: [String] = []) async throws -> String {
    let out = folder.appendingPathComponent(name).path
    let ran = await glimpse(["build", "--app", firstApp, "--out", out, "--quiet"] + clock + extra)
    guard ran.code == 0 else { throw Failed(ran) }
    return out
}

/// A command that should have succeeded, with what it said.
struct Failed: Error, CustomStringConvertible {
    var ran: Ran
    init(_ ran: Ran) { self.ran = ran }
    var description: String { "\(ran)" }
}

/// Whether a browser is here to draw with: `check`, `snapshot` and `diff --pixels` need one.
let hasChromium = (try? Chromium.locate()) != nil

/// A copy key each of `apps` draws in `gallery` (the first in order that has a file of its own,
/// `content/copy/<app>/<key>.md`), as `copy:<app>/<key>`.
func drawnCopyKeys(in gallery: String, apps: [String]) throws -> [String] {
    let manifest = try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: gallery + "/manifest.json")))
    let widgets = (manifest as? [String: Any])?["widgets"] as? [[String: Any]] ?? []
    var keys: [String] = []
    for app in apps {
        let sources = widgets.filter { $0["app"] as? String == app }
            .flatMap {
                ($0["frames"] as? [[String: Any]] ?? []).flatMap { ($0["sources"] as? [String: String] ?? [:]).keys }
            }
        let key = Set(sources).sorted().first { source in
            source.hasPrefix("copy:\(app)/")
                && FileManager.default.fileExists(atPath: repositoryRoot.path + "/content/\(copyFile(source))")
        }
        if let key { keys.append(key) }
    }
    return keys
}

/// `copy/<app>/<key>.md`, the file of the copy key `copy:<app>/<key>`.
func copyFile(_ source: String) -> String {
    "copy/" + source.dropFirst("copy:".count) + ".md"
}

/// A copy of Glimpse's `content/` in `folder`, each of `keys` (`copy:<app>/<key>`) with " (edited)"
/// after its words.
func content(in folder: URL, editing keys: [String]) throws -> String {
    let copy = folder.appendingPathComponent("content")
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("content"), to: copy)
    for key in keys {
        let file = copy.appendingPathComponent(copyFile(key))
        let words = try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        try (words + " (edited)\n").write(to: file, atomically: true, encoding: .utf8)
    }
    return copy.path
}
