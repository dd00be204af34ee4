import ArgumentParser
import Foundation
import GlimpseCore
import GlimpseReview

/// Where the decisions are, for every command that reads or writes them: the decisions folder, or
/// (as glimpse named it before the folder) the approvals file, with the folder beside it.
struct DecisionsOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The decisions folder, a file a decision (default: ./glimpse-decisions). An older glimpse's "
                + "glimpse-approvals.json and glimpse-review.json beside it are read too, and moved into it by the "
                + "next write.", valueName: "folder"))
    var decisions: String?

    @Option(
        help: ArgumentHelp(
            "An older glimpse's approvals file: read with its review file, and moved into the glimpse-decisions "
                + "folder beside it by the next write.", valueName: "file", visibility: .hidden))
    var approvals: String?

    func validate() throws {
        if decisions != nil && approvals != nil {
            throw ValidationError("--decisions and --approvals: choose one (--approvals names an older glimpse's file)")
        }
    }

    /// The folder and the files of an older glimpse, as the options name them.
    var location: DecisionLocation {
        decisions.map { DecisionLocation(folder: $0) } ?? approvals.map { DecisionLocation(legacyApprovals: $0) }
            ?? .default
    }

    /// Whether a path was given: then the decisions are read even when nothing is there yet.
    var isNamed: Bool { decisions != nil || approvals != nil }

    /// This process as a writer of decisions: its command line, for another writer that waits,
    /// and how long it waits itself (`GLIMPSE_LOCK_TIMEOUT`, in seconds).
    ///
    /// - Throws: `ValidationError` for a `GLIMPSE_LOCK_TIMEOUT` that is not a number of seconds.
    static func writer() throws -> DecisionStore.Writer {
        let words = ["glimpse"] + CommandLine.arguments.dropFirst()
        let holder = String(words.joined(separator: " ").prefix(300))
        guard let text = ProcessInfo.processInfo.environment["GLIMPSE_LOCK_TIMEOUT"], !text.isEmpty else {
            return DecisionStore.Writer(holder: holder)
        }
        guard let seconds = Double(text), seconds >= 0, seconds <= 86_400 else {
            throw ValidationError(
                "GLIMPSE_LOCK_TIMEOUT=\(text): expected seconds to wait for another writer, 0 to 86400")
        }
        return DecisionStore.Writer(holder: holder, timeout: .milliseconds(Int(seconds * 1_000)))
    }
}
