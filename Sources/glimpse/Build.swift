import ArgumentParser
import Foundation
import GlimpseSite
import WidgetTimeline
import Widgets

struct Build: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build the gallery of every scenario, or of the given stores, into --out.")

    @Option(name: .customLong("store"), help: ArgumentHelp(
        "A store root or a single group container (by name or by a Simulator's MCMMetadataIdentifier). Repeatable; replaces the sample scenarios.",
        valueName: "path"))
    var stores: [String] = []

    @Option(name: .customLong("app"), help: ArgumentHelp(
        "Only build these apps (\(GalleryApps.all.map(\.id).sorted().joined(separator: ", "))). Repeatable.", valueName: "name"))
    var apps: [String] = []

    @Option(help: ArgumentHelp("The simulated start, ISO 8601 with an offset (2026-11-22T09:00:00-05:00). Default: now.", valueName: "date"))
    var now: String?

    @Option(name: .customLong("time-zone"), help: ArgumentHelp("An IANA zone for local days (America/New_York). Default: this machine's.", valueName: "zone"))
    var timeZone: String?

    @Option(help: "Number and date formats (copy stays English).")
    var locale: String = "en_US"

    @Option(help: ArgumentHelp("Screen class in points: \(DeviceClass.allScreenNames.joined(separator: ", ")).", valueName: "WxH"))
    var device: String = DeviceClass.standard.name

    @Option(name: .customLong("reload-budget"), help: "Budgeted reloads per widget in the 24 h window.")
    var reloadBudget: Int = ReloadBudget.standard.limit

    @Option(help: "The folder to write the gallery to; replaced whole, only on success.")
    var out: String = "public"

    @Option(help: .hidden)
    var content: String = "content"

    @Option(help: .hidden)
    var templates: String = "templates"

    @Flag(help: "Fail on a warning or error that its scenario does not declare with expectDiagnostics.")
    var strict = false

    @Option(help: ArgumentHelp("Widgets and pages rendered at once. Default: the machine's cores. The output is the same for any value.",
                               valueName: "n"))
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Print only warnings and errors.")
    var quiet = false

    /// Each app's own options.
    @OptionGroup var appOptions: AppOptions

    func validate() throws {
        if let now, Scenario.parseDate(now) == nil {
            throw ValidationError("--now \(now): expected ISO 8601 with an offset, such as 2026-11-22T09:00:00-05:00")
        }
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw ValidationError("--time-zone \(timeZone): not an IANA time zone")
        }
        if DeviceClass.named(device) == nil {
            throw ValidationError("--device \(device): not a screen class; use one of \(DeviceClass.allScreenNames.joined(separator: ", "))")
        }
        if jobs < 1 {
            throw ValidationError("--jobs must be 1 or more")
        }
        if reloadBudget < 0 {
            throw ValidationError("--reload-budget must be 0 or more")
        }
    }

    func run() async throws {
        let started = Date()
        let options = BuildOptions(
            contentDirectory: URL(fileURLWithPath: content), templatesDirectory: URL(fileURLWithPath: templates),
            stores: stores.map { URL(fileURLWithPath: $0) }, knownApps: appOptions.apps(), apps: apps,
            now: now.flatMap(Scenario.parseDate), timeZone: timeZone.flatMap(TimeZone.init(identifier:)),
            locale: locale, device: DeviceClass.named(device)!, reloadBudget: reloadBudget,
            parallelism: jobs)
        let console = Console(quiet: quiet)
        // Pages go into a staging folder as they are rendered; `--out` changes only at the commit.
        let staged: StagedOutput
        do {
            staged = try AtomicOutput(destination: URL(fileURLWithPath: out)).begin()
        } catch {
            console.error("error: \(error)")
            throw ExitCode(1)
        }
        let gallery: BuiltGallery
        do {
            gallery = try await GalleryBuilder(options: options).build(progress: { done, total in
                console.progress("Rendering widgets \(done)/\(total)")
            }, emit: staged.write)
        } catch let error as SiteError {
            staged.discard()
            console.clearProgress()
            console.error("error: \(error)")
            throw ExitCode(error.isUsageError ? 2 : 1)
        } catch {
            staged.discard()
            console.clearProgress()
            console.error("error: \(error)")
            throw ExitCode(1)
        }
        console.clearProgress()
        for reported in gallery.diagnostics {
            if reported.diagnostic.severity > .info {
                console.error(reported.description + (reported.expected ? " (expected by the scenario)" : ""))
            } else {
                console.info(reported.description)
            }
        }
        let failures = gallery.diagnostics.filter(\.failsStrict)
        if strict && !failures.isEmpty {
            staged.discard()
            console.error("error: --strict: \(failures.count) unexpected diagnostic\(failures.count == 1 ? "" : "s"); \(out)/ was left as it was")
            throw ExitCode(1)
        }
        do {
            try staged.commit()
        } catch {
            console.error("error: \(error)")
            throw ExitCode(1)
        }
        let seconds = Date().timeIntervalSince(started)
        let warnings = gallery.warningCount
        console.info(String(
            format: "Built %d pages, %d widgets, %d frames, %d warning%@ in %.2f s → %@/",
            gallery.pageCount, gallery.widgetCount, gallery.frameCount, warnings, warnings == 1 ? "" : "s", seconds, out))
    }
}

/// Only the command line prints. Progress goes to stderr, on one line, when it is a terminal.
struct Console {
    let quiet: Bool
    let isTerminal = isatty(STDERR_FILENO) != 0

    func progress(_ text: String) {
        guard !quiet, isTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
    }

    func clearProgress() {
        guard !quiet, isTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    func info(_ text: String) {
        guard !quiet else { return }
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
