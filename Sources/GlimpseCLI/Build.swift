import ArgumentParser
import Foundation
import GlimpseCheck
import GlimpseOutput
import GlimpseSite
import WidgetTimeline
import Widgets

struct Build: OutcomeCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build the gallery of every scenario, or of the given stores, into --out.")

    @OptionGroup var gallery: GalleryArguments

    @Option(help: "The folder to write the gallery to; replaced whole, only on success.")
    var out: String = "public"

    @Flag(help: "Fail on a warning or error that its scenario does not declare with expectDiagnostics.")
    var strict = false

    @Flag(help: "Print only warnings and errors.")
    var quiet = false

    @Flag(
        help: ArgumentHelp(
            "Check the gallery as glimpse check does, and show the findings on its pages (findings.json, "
                + "assets/findings.js). Needs Chromium."))
    var check = false

    @Option(
        help: ArgumentHelp("With --check: the accepted findings (default: ./glimpse-accepted.json).", valueName: "file")
    )
    var accept: String?

    /// What a build did: the gallery, the check with `--check`, and the diagnostics that fail
    /// `--strict` (then `--out` is as it was, and the build exits 1).
    struct Outcome: CommandOutcome {
        var built: BuiltGallery
        var checked: Checked?
        var unexpected: [ReportedDiagnostic]
        var strict: Bool
        var seconds: Double
        var out: String

        var exitCode: Int32 { strict && !unexpected.isEmpty ? 1 : 0 }

        var said: [Said] {
            var lines = Build.said(built.diagnostics)
            if exitCode != 0 {
                let count = "\(unexpected.count) unexpected diagnostic\(unexpected.count == 1 ? "" : "s")"
                return lines + [.problem("error: --strict: \(count); \(out)/ was left as it was")]
            }
            if let checked { lines.append(.note(checked.line(out: out))) }
            let warnings = built.warningCount
            lines.append(
                .note(
                    String(
                        format: "Built %d pages, %d widgets, %d frames, %d warning%@ in %.2f s → %@/",
                        built.pageCount, built.widgetCount, built.frameCount, warnings, warnings == 1 ? "" : "s",
                        seconds, out)))
            return lines
        }
    }

    func outcome() async throws -> Outcome {
        let started = Date()
        let console = Console(quiet: quiet)
        // Pages go into a staging folder as they are rendered; `--out` changes only at the commit.
        let staged = try CommandFailure.exiting(1) { try AtomicOutput(destination: URL(fileURLWithPath: out)).begin() }
        let built = try await build(into: staged, console: console)
        var outcome = Outcome(
            built: built, checked: nil, unexpected: built.diagnostics.filter(\.failsStrict), strict: strict,
            seconds: 0, out: out)
        if outcome.exitCode != 0 {
            staged.discard()
            return outcome
        }
        do {
            if check { outcome.checked = try await checkStaged(staged) }
            try staged.commit()
        } catch {
            staged.discard()
            var failure = CommandFailure.failure(error, code: 1)
            failure.before = Self.said(built.diagnostics)
            throw failure
        }
        outcome.seconds = Date().timeIntervalSince(started)
        return outcome
    }

    /// The gallery, its files written into `staged` as they are rendered; on failure `staged` is
    /// discarded and the command exits 2 for bad usage, 1 otherwise.
    func build(into staged: StagedOutput, console: Console) async throws -> BuiltGallery {
        defer { console.clearProgress() }
        do {
            return try await GalleryBuilder(options: gallery.options()).build(
                progress: { done, total in console.progress("Rendering widgets \(done)/\(total)") },
                emit: staged.write,
                stream: { path, body in try staged.stream(path) { sink in try body { try sink.write($0) } } })
        } catch {
            staged.discard()
            throw CommandFailure.failure(error, code: (error as? SiteError)?.isUsageError == true ? 2 : 1)
        }
    }

    /// Each diagnostic: warnings and errors always, whether or not expected; notes unless `--quiet`.
    static func said(_ diagnostics: [ReportedDiagnostic]) -> [Said] {
        diagnostics.map { reported in
            reported.diagnostic.severity > .info
                ? .problem(reported.description + (reported.expected ? " (expected by the scenario)" : ""))
                : .note(reported.description)
        }
    }
}
