import Foundation
import GlimpseCore
import GlimpseFormat
import GlimpseGallery
import GlimpseShots
import Synchronization

/// `glimpse check`'s measuring: every frame of a gallery (each frame of the day, each storyboard
/// step, the placeholder) in every scheme its page draws, packed onto contact sheets, each sheet
/// drawn twice (as it is, and without its text) and measured once in one batched Chromium, then
/// held to the rules.
package enum CheckRun {
    package struct Options: Sendable {
        package var rules: Set<CheckRule>
        /// Tabs drawing at once.
        package var jobs: Int
        package var chromium: URL
        /// Device pixels per point: 2, so that a text's core pixels are not all edge.
        package var scale: Int
        /// The pages to check (paths in the gallery); nil for every page.
        package var pages: Set<String>?
        /// The accept file the report will mark findings with: a problem's frame is one it does not
        /// accept, where there is one (`ProblemRank`).
        package var accepted: AcceptedFindings?

        /// Whether a rule of the run reads pixels: without one, frames are measured and not drawn.
        var draws: Bool { rules.contains(where: \.readsPixels) }

        package init(
            rules: Set<CheckRule>, jobs: Int, chromium: URL, scale: Int = 2, pages: Set<String>? = nil,
            accepted: AcceptedFindings? = nil
        ) {
            self.rules = rules
            self.jobs = jobs
            self.chromium = chromium
            self.scale = scale
            self.pages = pages
            self.accepted = accepted
        }
    }

    /// What a run found, before baselines and accepted findings.
    package struct Result: Sendable {
        /// Every finding, on disk until read (a full-axis gallery has 720,000).
        package var findings: FindingSpool
        /// The frame that shows each problem best (`ProblemRank`), as drawn (PNG), by `FrameImage.name`.
        package var images: [String: Data] = [:]
        /// Frames drawn and measured, each scheme of a frame counted: a frame in light, dark and
        /// tinted is three.
        package var frames = 0
        package var sheets = 0
        /// Whether the frames were drawn: false when no rule of the run reads pixels.
        package var drawn = true
        package var chromium: String
        /// Where the time went.
        package var phases = CheckPhases()
    }

    /// Measures every frame of `gallery` (of `options.pages`) in a Chromium of its own.
    ///
    /// - Throws: `GalleryError` for a page that cannot be read, `ChromiumError` or `DevToolsError`
    ///   when the browser fails, `CheckError.measuring` when the measurement cannot be read.
    package static func run(
        _ gallery: Gallery, options: Options, progress: @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) async throws -> Result {
        let start = ContinuousClock.now
        let browser = try await Chromium.launch(options.chromium)
        let launched = ContinuousClock.now - start
        do {
            var result = try await run(gallery, options: options, in: browser, progress: progress)
            result.phases.open += launched
            await browser.close()
            return result
        } catch {
            await browser.close()
            throw error
        }
    }

    /// Measures every frame of `gallery` (of `options.pages`) in `browser`, which stays open: a run
    /// opens its tabs and closes them.
    package static func run(
        _ gallery: Gallery, options: Options, in browser: Chromium,
        progress: @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) async throws -> Result {
        let widgets = gallery.manifest.widgets.filter { options.pages?.contains($0.page) ?? true }
        let total = widgets.reduce(0) { $0 + Gallery.anchors(of: $1).count }
        let span = options.rules.contains(.notScaling) ? Scaling.Span(gallery.manifest) : nil
        var seen = Set<String>()
        let pages = widgets.map(\.page).filter { seen.insert($0).inserted }
        var cameras: [SheetCamera] = []
        do {
            var result = Result(findings: try FindingSpool(), drawn: options.draws, chromium: browser.version)
            let collected = Collector(
                span: span,
                representatives: ProblemRank.Best(primaryLocale: gallery.manifest.locale, accepted: options.accepted))
            let memo = Memo()
            let clock = PhaseClock()
            var done = 0
            // A batch of pages at a time: their markup is read, drawn and let go, so that memory does
            // not grow with the gallery (a full-axis gallery has 225,000 frames in three schemes).
            for start in stride(from: 0, to: pages.count, by: pagesPerBatch) {
                let batch = Set(pages[start..<min(start + pagesPerBatch, pages.count)])
                let (markup, tiles) = try await clock.time(\.read) {
                    let markup = try await GalleryMarkup.read(gallery, pages: batch)
                    return (markup, plan(gallery, markup: markup, pages: batch))
                }
                if cameras.isEmpty {
                    cameras = try await clock.time(\.open) {
                        try await openCameras(in: browser, stylesheets: markup.stylesheets, options: options)
                    }
                }
                result.sheets += try await measure(
                    tiles, cameras: cameras, options: options, into: collected, memo: memo, clock: clock)
                result.frames += tiles.count
                try result.findings.append(collected.takeFindings())
                done += widgets.filter { batch.contains($0.page) }.reduce(0) {
                    $0 + Gallery.anchors(of: $1).count
                }
                progress(done, total)
            }
            try await finish(&result, collected, span: span, gallery: gallery, cameras: cameras, options: options)
            result.phases = clock.state.withLock { $0 }
            for camera in cameras { await camera.close() }
            return result
        } catch {
            for camera in cameras { await camera.close() }
            throw error
        }
    }

    /// A tab for each of `options.jobs`, with the gallery's stylesheets loaded.
    private static func openCameras(
        in browser: Chromium, stylesheets: [URL], options: Options
    ) async throws -> [SheetCamera] {
        var cameras: [SheetCamera] = []
        for _ in 0..<max(1, options.jobs) {
            cameras.append(try await SheetCamera.open(in: browser, stylesheets: stylesheets, scale: options.scale))
        }
        return cameras
    }

    /// What is decided once every batch is measured: `not-scaling`, which compares frames of
    /// different pages, and each problem's picture.
    private static func finish(
        _ result: inout Result, _ collected: Collector, span: Scaling.Span?, gallery: Gallery, cameras: [SheetCamera],
        options: Options
    ) async throws {
        if let span {
            let unscaled = collected.state.withLock { Scaling.findings($0.scaling, span: span) }
            collected.consider(unscaled)
            try result.findings.append(unscaled)
        }
        guard !cameras.isEmpty else { return }
        result.images = try await drawRepresentatives(
            collected.state.withLock { $0.representatives }, of: gallery, cameras: cameras, options: options)
    }

    /// Pages read and drawn at a time: about 1,500 frames in three schemes for a default gallery's pages.
    static let pagesPerBatch = 64

    final class Collector: Sendable {
        let state: Mutex<Collected>
        /// The text sizes `not-scaling` compares; nil when it does not run.
        let span: Scaling.Span?

        init(span: Scaling.Span?, representatives: ProblemRank.Best) {
            self.span = span
            state = Mutex(Collected(representatives: representatives))
        }

        /// The batch's findings, which go to the spool, leaving none.
        func takeFindings() -> [Findings.Finding] {
            state.withLock { all in
                defer { all.findings = [] }
                return all.findings
            }
        }

        /// Keeps each finding's frame as its problem's representative when it ranks before the one kept.
        func consider(_ findings: [Findings.Finding]) {
            state.withLock { all in
                for finding in findings { all.representatives.consider(finding) }
            }
        }
    }

    struct Collected {
        /// The batch's findings, until it ends and they go to the spool.
        var findings: [Findings.Finding] = []
        /// Each problem's best frame so far.
        var representatives = ProblemRank.Best()
        /// The texts' sizes at the smallest and the largest text size, for `not-scaling`.
        var scaling: [String: Scaling.Pair] = [:]
    }

    /// Draws and checks `tiles` with `cameras`, the sheets shared among them; `blank` is decided here,
    /// since every scheme of a frame is on the same page. A tile with a twin (`Twins`) in this batch
    /// or an earlier one (`memo`) is not drawn again. Returns how many sheets were drawn.
    private static func measure(
        _ tiles: [Tile], cameras: [SheetCamera], options: Options, into collected: Collector, memo: Memo,
        clock: PhaseClock
    ) async throws -> Int {
        let script = try measuringScript()
        let twins = Twins(tiles)
        let perTile = Collector.PerTile()
        let toDraw = twins.unseen(tiles, memo: memo) { known in
            record(results(known.look, keys: twins.keys(of: known.tile, in: tiles)), perTile: perTile, into: collected)
        }
        let sheets = ContactSheet.pack(
            toDraw.map { (tiles[$0.tile].width, tiles[$0.tile].height) }, scale: options.scale)
        let lanes = max(1, min(cameras.count, sheets.count))
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0..<lanes {
                group.addTask {
                    for index in stride(from: lane, to: sheets.count, by: lanes) {
                        let sheet = sheets[index]
                        let inspection = try await cameras[lane].inspect(
                            sheet, markup: sheet.placements.map { tiles[toDraw[$0.tile].tile].markup }, script: script,
                            draws: options.draws)
                        clock.add(inspection.timings)
                        let ruled = ContinuousClock.now
                        let measured = try decode(inspection.measured, count: sheet.placements.count)
                        let placements = Array(sheet.placements.enumerated())
                        let results = try await placements.parallelMap(width: cores) { item in
                            let (first, digest) = toDraw[item.element.tile]
                            let look = look(
                                of: tiles[first], item.element, measured[item.offset], inspection, options,
                                span: collected.span)
                            memo.remember(digest, look)
                            return Self.results(look, keys: twins.keys(of: first, in: tiles))
                        }.flatMap { $0 }
                        record(results, perTile: perTile, into: collected)
                        clock.add(\.rules, ContinuousClock.now - ruled)
                    }
                }
            }
            try await group.waitForAll()
        }
        if options.rules.contains(.blank) { recordBlank(perTile, tiles: tiles, into: collected) }
        return sheets.count
    }

    /// What one drawn tile measured: its findings (on its own frame), its ink, and, when
    /// `not-scaling` compares text sizes, the size of each of its texts.
    private static func look(
        of tile: Tile, _ placement: ContactSheet.Placement, _ measurement: Measurement,
        _ inspection: SheetCamera.Inspection, _ options: Options, span: Scaling.Span?
    ) -> Memo.Look {
        // Measured only, when no rule reads pixels: nothing to probe, and no ink (`blank` is not run).
        let probe =
            options.draws
            ? PixelProbe(
                drawn: inspection.drawn, withoutText: inspection.withoutText, scale: options.scale,
                behindScale: inspection.withoutTextScale,
                tile: (placement.x, placement.y, placement.width, placement.height)) : nil
        let findings = Rules(
            frame: tile.key, measurement: measurement, pixels: probe, notLocalized: tile.notLocalized
        ).findings(options.rules)
        // Every look keeps its texts when sizes are compared: a frame at the largest size is often
        // a twin drawn at a capped size in between (AX5 drawn as AX3), which is not compared itself.
        return Memo.Look(
            findings: findings, ink: probe?.ink ?? 0, texts: span == nil ? nil : Scaling.texts(of: measurement))
    }

    static func decode(_ json: String, count: Int) throws -> [Measurement] {
        let measured: [Measurement]
        do {
            measured = try JSONDecoder().decode([Measurement].self, from: Data(json.utf8))
        } catch {
            throw CheckError.measuring("the page's measurement could not be read: \(error)")
        }
        guard measured.count == count else {
            throw CheckError.measuring("the page measured \(measured.count) widgets of \(count)")
        }
        return measured
    }

    static func measuringScript() throws -> String {
        guard let url = Bundle.module.url(forResource: "measure", withExtension: "js"),
            let script = try? String(contentsOf: url, encoding: .utf8)
        else {
            throw CheckError.measuring("measure.js is not in glimpse's resources; rebuild or reinstall glimpse")
        }
        return script
    }
}
