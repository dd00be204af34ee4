import ArgumentParser
import Foundation
import GlimpseCheck
import GlimpseOutput
import GlimpseSite
import WidgetTimeline
import Widgets

struct Build: AsyncParsableCommand {
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

    func run() async throws {
        let started = Date()
        let console = Console(quiet: quiet)
        // Pages go into a staging folder as they are rendered; `--out` changes only at the commit.
        let staged = try console.exiting(1) { try AtomicOutput(destination: URL(fileURLWithPath: out)).begin() }
        let built = try await build(into: staged, console: console)
        report(built.diagnostics, console: console)
        let failures = built.diagnostics.filter(\.failsStrict)
        if strict && !failures.isEmpty {
            staged.discard()
            let count = "\(failures.count) unexpected diagnostic\(failures.count == 1 ? "" : "s")"
            console.error("error: --strict: \(count); \(out)/ was left as it was")
            throw ExitCode(1)
        }
        try await console.exiting(1) {
            do {
                if check { try await checkStaged(staged, console: console) }
                try staged.commit()
            } catch {
                staged.discard()
                throw error
            }
        }
        let seconds = Date().timeIntervalSince(started)
        let warnings = built.warningCount
        console.info(
            String(
                format: "Built %d pages, %d widgets, %d frames, %d warning%@ in %.2f s → %@/",
                built.pageCount, built.widgetCount, built.frameCount, warnings, warnings == 1 ? "" : "s", seconds,
                out))
    }

    /// The gallery, its files written into `staged` as they are rendered; on failure `staged` is
    /// discarded and the command exits 2 for bad usage, 1 otherwise.
    func build(into staged: StagedOutput, console: Console) async throws -> BuiltGallery {
        do {
            let built = try await GalleryBuilder(options: gallery.options()).build(
                progress: { done, total in console.progress("Rendering widgets \(done)/\(total)") },
                emit: staged.write,
                stream: { path, body in try staged.stream(path) { sink in try body { try sink.write($0) } } })
            console.clearProgress()
            return built
        } catch let exit as ExitCode {
            staged.discard()
            console.clearProgress()
            throw exit
        } catch {
            staged.discard()
            console.clearProgress()
            console.error("error: \(error)")
            throw ExitCode((error as? SiteError)?.isUsageError == true ? 2 : 1)
        }
    }

    /// Each diagnostic: warnings and errors on stderr, whether or not expected; notes unless `--quiet`.
    func report(_ diagnostics: [ReportedDiagnostic], console: Console) {
        for reported in diagnostics {
            if reported.diagnostic.severity > .info {
                console.error(reported.description + (reported.expected ? " (expected by the scenario)" : ""))
            } else {
                console.info(reported.description)
            }
        }
    }
}
