import Foundation
import GlimpseRegistry
import GlimpseShots
import TestSupport

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

/// The clock every gallery of these tests is built with.
let clock = ["--now", "2026-11-22T09:00:00-05:00", "--time-zone", "America/New_York"]

/// One Goal's gallery built into `folder/name` (45 widgets; a second in a debug build), with
/// `extra` options; the folder's path.
func onegoal(into folder: URL, _ name: String, _ extra: [String] = []) async throws -> String {
    let out = folder.appendingPathComponent(name).path
    let ran = await glimpse(["build", "--app", "onegoal", "--out", out, "--quiet"] + clock + extra)
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

/// A copy of Glimpse's `content/` in `folder`, with One Goal's "Done today" copy replaced by `text`.
func content(in folder: URL, doneToday text: String) throws -> String {
    let copy = folder.appendingPathComponent("content")
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("content"), to: copy)
    try (text + "\n").write(
        to: copy.appendingPathComponent("copy/onegoal/done-today.md"), atomically: true, encoding: .utf8)
    return copy.path
}
