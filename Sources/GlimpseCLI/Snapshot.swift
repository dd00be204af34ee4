import ArgumentParser
import Foundation
import GlimpseGallery
import GlimpseReports
import GlimpseShots

struct Snapshot: OutcomeCommand {
    static let configuration = CommandConfiguration(
        abstract: "Every frame of a built gallery, in every scheme, as a PNG at its exact size times the scale.",
        discussion: """
            Images are named <app>/<scenario>/<family>/<anchor>.<scheme>.png (@2x or @3x before .png at those scales), \
            with index.json listing them. Draws with headless Chromium: on PATH, or $GLIMPSE_CHROMIUM. \
            With --shard i/n, only the i-th of n balanced shares of the widgets is drawn, with shard.json beside \
            index.json; glimpse merge joins the shards into what one run writes. \
            Exit codes: 0 written; 2 bad usage, an unreadable gallery, or no browser.
            """)

    @Argument(help: ArgumentHelp("The gallery (a folder with manifest.json).", valueName: "gallery"))
    var gallery: String

    @Option(help: "The folder to write the images to; replaced whole, only on success.")
    var out: String = "shots"

    @Option(help: ArgumentHelp("Device pixels per point: 1, 2 or 3.", valueName: "1|2|3"))
    var scale: Int = 1

    @Option(
        help: ArgumentHelp(
            "Draw only the i-th of n shares of the widgets, balanced by frames; glimpse merge joins the shards.",
            valueName: "i/n"))
    var shard: String?

    @Flag(help: "Print only errors.")
    var quiet = false

    func validate() throws {
        guard (1...3).contains(scale) else { throw ValidationError("--scale \(scale): expected 1, 2 or 3") }
        try ShardSpec.validate(shard)
    }

    /// The images drawn, with the frames the manifest lists and the page does not draw, and the fonts missing.
    struct Outcome: CommandOutcome {
        var summary: GallerySnapshot.Summary
        var scale: Int
        var shard: String?
        var out: String
        var seconds: Double

        var exitCode: Int32 { 0 }

        var said: [Said] {
            summary.missingFonts.map { .problem("warning: a font is missing: \($0.message)") }
                + summary.missing.prefix(5).map {
                    .problem("warning: \($0): the manifest lists it, the page does not draw it")
                }
                + [
                    .note(
                        (shard.map { "shard \($0): " } ?? "")
                            + "\(summary.images) images at @\(scale)x from \(summary.sheets) sheets in "
                            + String(format: "%.1f s", seconds)
                            + " → \(out)/ (\(summary.chromium); fonts: \(summary.fonts.joined(separator: ", ")))")
                ]
        }
    }

    func outcome() async throws -> Outcome {
        let started = Date()
        return try await CommandFailure.exiting(2) {
            let source = try Gallery.load(URL(fileURLWithPath: gallery))
            let browser = try Chromium.locate()
            let summary = try await GallerySnapshot.write(
                source, to: URL(fileURLWithPath: out), scale: scale, chromium: browser,
                shard: shard.flatMap(ShardSpec.init))
            return Outcome(
                summary: summary, scale: scale, shard: shard, out: out, seconds: Date().timeIntervalSince(started))
        }
    }
}
