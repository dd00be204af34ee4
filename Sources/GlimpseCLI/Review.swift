import ArgumentParser
import Dispatch
import Foundation
import GlimpseDiff
import GlimpseGallery
import GlimpseOutput
import GlimpseReview
import GlimpseServe
import GlimpseShots

struct Review: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the review of two galleries with Approve and Request changes on every change and frame.",
        discussion: """
            The review glimpse diff writes, served live: each changed widget and each changed frame gets Approve \
            and Request changes, and comments pinned to a frame and a scheme. A decision is written into the \
            decisions folder at once, a file a decision, under the lock every writer of decisions takes (so \
            glimpse approve and a second review lose nothing), and glimpse diff honours it. Keys: j and k for the \
            next and previous widget, a to approve, r to request changes. The galleries are served under /_base/ \
            and /_new/; nothing else is. Exit codes: 0 stopped; 2 bad usage, an unreadable gallery or decision, or \
            a busy port.
            """)

    @Argument(help: ArgumentHelp("The gallery before (a folder with manifest.json).", valueName: "base"))
    var base: String

    @Argument(help: ArgumentHelp("The gallery after.", valueName: "new"))
    var new: String

    @Option(help: "The port to listen on.")
    var port: Int = 1314

    @Option(
        help: ArgumentHelp("The address to listen on. 0.0.0.0 shows the review to your network.", valueName: "address")
    )
    var bind: String = "127.0.0.1"

    @OptionGroup var decisions: DecisionsOptions

    @Option(help: ArgumentHelp("Who decides (default: $USER, or the account's name).", valueName: "name"))
    var by: String?

    @Flag(help: "Draw the frames that may have changed with headless Chromium first, and show their pixels.")
    var pixels = false

    @Option(
        help: ArgumentHelp(
            "How different a pixel's colour must be to count, 0 to 1 (pixelmatch's threshold).", valueName: "0.1"))
    var threshold: Double = 0.1

    @Flag(help: "Print only errors and the address.")
    var quiet = false

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port must be 1 to 65535") }
        guard (0...1).contains(threshold) else {
            throw ValidationError("--threshold \(threshold): expected a number from 0 to 1")
        }
        if let by, by.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--by: empty") }
    }

    func run() async throws {
        let console = Console(quiet: quiet)
        let started = ContinuousClock.now
        let images = FileManager.default.temporaryDirectory.appendingPathComponent(
            "glimpse-review-\(getpid())-\(UUID().uuidString.prefix(8))")
        let (review, server): (LiveReview, ReviewServer) = try await CommandFailure.exiting(2) {
            do {
                let review = try await prepare(images: images)
                let server = ReviewServer(
                    review: review, base: URL(fileURLWithPath: base), new: URL(fileURLWithPath: new),
                    images: pixels ? images : nil, bind: bind, port: port, reviewer: reviewer)
                return (review, server)
            } catch {
                try? FileManager.default.removeItem(at: images)
                throw error
            }
        }
        let counts = review.counts
        let ready = Serve.milliseconds(ContinuousClock.now - started)
        console.info(
            "\(counts.undecided + counts.approved + counts.requested) changes: \(counts.undecided) undecided, "
                + "\(counts.approved) approved, \(counts.requested) with changes requested; decisions → "
                + "\(review.store.path)/ as \(reviewer) (ready in \(ready) ms)")
        let interrupts = Serve.stopOnInterrupt { try? FileManager.default.removeItem(at: images) }
        defer { for interrupt in interrupts { interrupt.cancel() } }
        let host = bind.contains(":") ? "[\(bind)]" : bind
        let address = "http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)/"
        do {
            try await server.run {
                Console.write("Reviewing at \(address) (Ctrl-C to stop)\n", to: .error)
            }
        } catch let error as ServeError {
            try? FileManager.default.removeItem(at: images)
            throw CommandFailure(code: 2, message: "\(error)")
        }
    }

    /// The diff, drawn with `--pixels` into `images`, with the decisions on it.
    func prepare(images: URL) async throws -> LiveReview {
        let baseGallery = try Gallery.load(URL(fileURLWithPath: base))
        let newGallery = try Gallery.load(URL(fileURLWithPath: new))
        var report = GalleryDiff.compare(baseGallery, newGallery)
        let store = try DecisionStore.read(decisions.location)
        let writer = try DecisionsOptions.writer()
        if pixels {
            let staged = try AtomicOutput(destination: images).begin()
            do {
                try await PixelDiff.run(
                    &report, base: baseGallery, new: newGallery,
                    options: PixelDiff.Options(threshold: threshold, chromium: try Chromium.locate()), output: staged)
                try staged.commit()
            } catch {
                staged.discard()
                throw error
            }
        } else {
            try await RuleReach.find(&report, base: baseGallery, new: newGallery)
        }
        return try LiveReview(
            report: report, base: baseGallery, new: newGallery, store: store, failOn: pixels ? .visual : .changes,
            writer: writer)
    }

    var reviewer: String { Self.reviewer(by) }

    /// Who decides: `--by`, `$USER`, or the account's name.
    static func reviewer(_ by: String?) -> String {
        let login = ProcessInfo.processInfo.environment["USER"].flatMap { $0.isEmpty ? nil : $0 }
        return by ?? login ?? (ProcessInfo.processInfo.userName.isEmpty ? "unknown" : ProcessInfo.processInfo.userName)
    }
}
