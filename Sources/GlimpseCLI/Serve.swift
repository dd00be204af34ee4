import ArgumentParser
import Dispatch
import Foundation
import GlimpseServe
import GlimpseShots
import GlimpseSite

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the gallery from memory; a saved file rebuilds what it reaches and updates the open pages.",
        discussion: """
            Watches content/, templates/ and every --store. Each page has a toolbar: the clock, the \
            screen class, locale and pseudolanguage, taps and app events at the shown frame. Nothing is written to disk.
            """)

    @OptionGroup var gallery: GalleryArguments

    @Option(help: "The port to listen on.")
    var port: Int = 1313

    @Option(
        help: ArgumentHelp("The address to listen on. 0.0.0.0 shows the gallery to your network.", valueName: "address")
    )
    var bind: String = "127.0.0.1"

    @Flag(help: "Print only warnings, errors and the address.")
    var quiet = false

    @Flag(
        help: ArgumentHelp(
            "Check every page as glimpse check does, and each page again after a save that changes it; "
                + "each page shows its findings. Needs Chromium."))
    var check = false

    @Option(
        help: ArgumentHelp("With --check: the accepted findings (default: ./glimpse-accepted.json).", valueName: "file")
    )
    var accept: String?

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port must be 1 to 65535") }
        if accept != nil, !check { throw ValidationError("--accept is for --check: add --check") }
    }

    func run() async throws {
        let console = Console(quiet: quiet)
        // The clock stands still while serving, so that a rebuild changes only what a file changed.
        let startedAt = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 60).rounded(.down) * 60)
        let options = gallery.options(now: startedAt)
        let site = LiveSite(builder: GalleryBuilder(options: options))
        let server = PreviewServer(site: site, bind: bind, port: port)
        await buildFirst(site, console: console)
        let checker = try startChecking(site, server: server, console: console)
        let roots = (options.inputs.watchedFolders + options.inputs.stores)
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        let watcher = FileWatcher(roots: roots, warn: { console.error($0) })
        let serveFolder =
            options.inputs.templatesDirectory.appendingPathComponent("serve").standardizedFileURL.path + "/"
        let rebuilds = Task {
            for await burst in watcher.changes() {
                let update = await Self.rebuild(
                    site, burst: burst, server: server, serveFolder: serveFolder, console: console)
                await checker?.changed(update)
            }
        }
        let interrupts = Self.stopOnInterrupt {
            checker?.removeMirror()
            watcher.stop()
            rebuilds.cancel()
            server.closeStreams()
        }
        defer { for interrupt in interrupts { interrupt.cancel() } }
        let host = bind.contains(":") ? "[\(bind)]" : bind
        let address = "http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)/"
        do {
            try await server.run {
                Console.write("Serving at \(address) (Ctrl-C to stop)\n", to: .error)
            }
        } catch let error as ServeError {
            throw CommandFailure(code: 2, message: "\(error)")
        }
    }

    /// The first build, whole; a failure is served as an error page until the file is fixed.
    func buildFirst(_ site: LiveSite, console: Console) async {
        let started = ContinuousClock.now
        let first = await site.rebuild()
        let snapshot = site.current.withLock { $0 }
        if let failure = first.failure {
            console.error("\(failure.message)\nServing the error page until the file is fixed.")
        } else {
            for line in snapshot.diagnostics where !line.hasPrefix("info") { console.error(line) }
            console.info(
                "Built \(snapshot.files.count) files in \(Self.milliseconds(ContinuousClock.now - started)) ms")
        }
    }

    /// `--check`: the checker, which starts on every page; nil without `--check`.
    func startChecking(_ site: LiveSite, server: PreviewServer, console: Console) throws -> LiveCheck? {
        guard check else { return nil }
        let checker = try CommandFailure.exiting(2) {
            _ = try Chromium.locate()
            return try LiveCheck(site: site, server: server, console: console, accept: accept)
        }
        Task { await checker.start() }
        return checker
    }

    /// One burst of saves: the units it reaches built again, the open pages that changed told so.
    @discardableResult
    static func rebuild(
        _ site: LiveSite, burst: FileWatcher.Burst, server: PreviewServer, serveFolder: String, console: Console
    ) async -> LiveUpdate {
        let began = ContinuousClock.now
        let update = await site.rebuild(changed: burst.paths)
        let told = server.publish(update, serveAssetsChanged: burst.paths.contains { $0.hasPrefix(serveFolder) })
        if let failure = update.failure {
            console.error(failure.message)
        } else if !update.renderedUnits.isEmpty || !update.changedFiles.isEmpty || told > 0 {
            let units = update.renderedUnits.count
            let files = update.changedFiles.count
            console.info(
                "Rebuilt \(units) unit\(units == 1 ? "" : "s") in \(milliseconds(ContinuousClock.now - began)) ms "
                    + "\(phases(update.timings, waited: began - burst.firstSeen)): "
                    + "\(files) file\(files == 1 ? "" : "s") changed, \(told) open page\(told == 1 ? "" : "s") updated")
        }
        return update
    }

    /// "(after 9 ms of saves and quiet; load 1, render 21, assemble 9, swap 2 ms)": where a
    /// save's time went, from the first change seen to the pages told to reload.
    static func phases(_ timings: RebuildTimings?, waited: Duration) -> String {
        guard let timings else { return "" }
        let laps = [
            ("load", timings.load), ("render", timings.render), ("assemble", timings.assemble),
            ("swap", timings.swap),
        ]
        return "(after \(milliseconds(waited)) ms of saves and quiet; "
            + laps.map { "\($0) \(milliseconds($1))" }.joined(separator: ", ") + " ms)"
    }

    /// Ctrl-C and SIGTERM run `stop`, say so, and exit 0. The sources must be kept until the server ends.
    static func stopOnInterrupt(_ stop: @escaping @Sendable () -> Void) -> [any DispatchSourceSignal] {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let handler = { @Sendable () in
            stop()
            FileHandle.standardError.write(Data("\nStopped.\n".utf8))
            Foundation.exit(0)
        }
        return [SIGINT, SIGTERM].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler(handler: handler)
            source.resume()
            return source
        }
    }

    static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }
}
