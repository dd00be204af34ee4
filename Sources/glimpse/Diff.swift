import ArgumentParser
import Foundation
import GlimpseDiff
import GlimpseSite

struct Diff: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare two built galleries: what changed, a review site, diff.json and junit.xml.",
        discussion: """
            Widgets are matched by app, scenario and family; frames by their offset from the widget's now. \
            Exit codes: 0 nothing to fail on (always with --fail-on never); 1 changes of the chosen kind; \
            2 bad usage or an unreadable gallery.
            """)

    @Argument(help: ArgumentHelp("The gallery before (a folder with manifest.json).", valueName: "base"))
    var base: String

    @Argument(help: ArgumentHelp("The gallery after.", valueName: "new"))
    var new: String

    @Option(help: "The folder to write the review site to; replaced whole, only on success.")
    var out: String = "review"

    @Option(name: .customLong("fail-on"), help: ArgumentHelp(
        "changes: any widget added, removed or changed, or a shared asset changed; never. (visual needs pixel comparison, not built yet.)",
        valueName: "changes|never"))
    var failOn: String = "changes"

    @Flag(help: "Print only the verdict and errors.")
    var quiet = false

    func validate() throws {
        guard let mode = FailOn(rawValue: failOn) else { throw ValidationError("--fail-on \(failOn): expected changes, visual or never") }
        if mode == .visual { throw ValidationError("--fail-on visual needs --pixels, and this glimpse does not compare pixels yet") }
    }

    func run() async throws {
        let console = Console(quiet: quiet)
        let mode = FailOn(rawValue: failOn)!
        let report: DiffReport
        let newGallery: Gallery
        do {
            let baseGallery = try Gallery.load(URL(fileURLWithPath: base))
            newGallery = try Gallery.load(URL(fileURLWithPath: new))
            report = GalleryDiff.compare(baseGallery, newGallery)
            let outURL = URL(fileURLWithPath: out)
            try AtomicOutput(destination: outURL).write(
                try ReviewSite.files(report, failOn: mode, new: newGallery, out: outURL, schema: Data(DiffSchema.json.utf8)))
        } catch {
            console.error("error: \(error)")
            throw ExitCode(2)
        }
        for setting in report.settings {
            console.info("note: the galleries differ in \(setting.setting): \(setting.before) → \(setting.after)")
        }
        let summary = report.summary
        console.info("\(summary.changed) changed, \(summary.added) added, \(summary.removed) removed, \(summary.unchanged) unchanged widgets; "
            + "\(summary.framesChanged) frames changed; \(report.assets.count) shared assets changed → \(out)/index.html")
        if mode.failsBuild(report) {
            console.error("glimpse diff: changes to review (--fail-on \(failOn))")
            throw ExitCode(1)
        }
    }
}
