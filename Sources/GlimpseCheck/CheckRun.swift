import Foundation
import GlimpseCore
import GlimpseDiff
import GlimpseFormat
import GlimpseShots
import Synchronization

/// `glimpse check`'s measuring: every frame of a gallery (each frame of the day, each storyboard
/// step, the placeholder) in every scheme its page draws, packed onto contact sheets, each sheet
/// drawn twice (as it is, and without its text) and measured once in one batched Chromium, then
/// held to the rules.
public enum CheckRun {
    public struct Options: Sendable {
        public var rules: Set<CheckRule>
        /// Tabs drawing at once.
        public var jobs: Int
        public var chromium: URL
        /// Device pixels per point: 2, so that a text's core pixels are not all edge.
        public var scale: Int
        /// The pages to check (paths in the gallery); nil for every page.
        public var pages: Set<String>?

        public init(rules: Set<CheckRule>, jobs: Int, chromium: URL, scale: Int = 2, pages: Set<String>? = nil) {
            self.rules = rules
            self.jobs = jobs
            self.chromium = chromium
            self.scale = scale
            self.pages = pages
        }
    }

    /// What a run found, before baselines and accepted findings.
    public struct Result: Sendable {
        /// Every finding, on disk until read (a full-axis gallery has 720,000).
        public var findings: FindingSpool
        /// Each frame with a finding, as drawn (PNG), by `FrameImage.name`.
        public var images: [String: Data]
        /// Frames drawn and measured, each scheme of a frame counted: a frame in light, dark and
        /// tinted is three.
        public var frames: Int
        public var sheets: Int
        public var chromium: String
    }

    /// Measures every frame of `gallery` (of `options.pages`) in a Chromium of its own.
    ///
    /// - Throws: `DiffError` for a page that cannot be read, `ChromiumError` or `DevToolsError`
    ///   when the browser fails, `CheckError.measuring` when the measurement cannot be read.
    public static func run(
        _ gallery: Gallery, options: Options, progress: @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) async throws -> Result {
        let browser = try await Chromium.launch(options.chromium)
        do {
            let result = try await run(gallery, options: options, in: browser, progress: progress)
            await browser.close()
            return result
        } catch {
            await browser.close()
            throw error
        }
    }

    /// Measures every frame of `gallery` (of `options.pages`) in `browser`, which stays open: a run
    /// opens its tabs and closes them.
    public static func run(
        _ gallery: Gallery, options: Options, in browser: Chromium,
        progress: @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) async throws -> Result {
        let widgets = gallery.manifest.widgets.filter { options.pages?.contains($0.page) ?? true }
        let total = widgets.reduce(0) { $0 + GallerySnapshot.anchors(of: $1).count }
        var pages: [String] = []
        var seen = Set<String>()
        for widget in widgets where seen.insert(widget.page).inserted { pages.append(widget.page) }
        var cameras: [SheetCamera] = []
        do {
            var result = Result(
                findings: try FindingSpool(), images: [:], frames: 0, sheets: 0, chromium: browser.version)
            let collected = Collector()
            let memo = Memo()
            var done = 0
            // A batch of pages at a time: their markup is read, drawn and let go, so that memory does
            // not grow with the gallery (a full-axis gallery has 225,000 frames in three schemes).
            for start in stride(from: 0, to: pages.count, by: pagesPerBatch) {
                let batch = Set(pages[start..<min(start + pagesPerBatch, pages.count)])
                let markup = try await GalleryMarkup.read(gallery, pages: batch)
                let tiles = plan(gallery, markup: markup, pages: batch)
                if cameras.isEmpty {
                    for _ in 0..<max(1, options.jobs) {
                        cameras.append(
                            try await SheetCamera.open(
                                in: browser, stylesheets: markup.stylesheets, scale: options.scale))
                    }
                }
                result.sheets += try await measure(
                    tiles, cameras: cameras, options: options, into: collected, memo: memo)
                result.frames += tiles.count
                try result.findings.append(
                    collected.state.withLock { all in
                        defer { all.findings = [] }
                        return all.findings
                    })
                done += widgets.filter { batch.contains($0.page) }.reduce(0) {
                    $0 + GallerySnapshot.anchors(of: $1).count
                }
                progress(done, total)
            }
            for camera in cameras { await camera.close() }
            result.images = collected.state.withLock { $0.images }
            return result
        } catch {
            for camera in cameras { await camera.close() }
            throw error
        }
    }

    /// Pages read and drawn at a time: about 1,500 frames in three schemes for a default gallery's pages.
    static let pagesPerBatch = 64

    /// The most frames kept as images per rule, for the report (which shows as many per rule).
    static let imagesPerRule = CheckReport.findingsShownPerRule

    /// A frame in a scheme to draw: where it is and its markup.
    struct Tile: Sendable {
        var key: FrameKey
        var markup: String
        var width: Int
        var height: Int
        /// Its app's copy shown in English for want of a translation (`not-localized`).
        var notLocalized: [UntranslatedCopy] = []
    }

    static func plan(_ gallery: Gallery, markup: GalleryMarkup, pages: Set<String>? = nil) -> [Tile] {
        var tiles: [Tile] = []
        let untranslated = UntranslatedCopy.byLanguage(gallery.manifest)
        for widget in gallery.manifest.widgets where pages?.contains(widget.page) ?? true {
            let key = Findings.WidgetKey(
                key: GalleryDiff.key(of: widget, in: gallery.manifest), app: widget.app, scenario: widget.scenario,
                family: widget.family, device: widget.device, textSize: widget.textSize)
            for anchor in GallerySnapshot.anchors(of: widget) {
                for root in markup.widgets(page: widget.page, anchor: anchor) {
                    tiles.append(
                        Tile(
                            key: FrameKey(widget: key, page: widget.page, anchor: anchor, scheme: root.scheme),
                            markup: root.markup, width: widget.size.width, height: widget.size.height,
                            notLocalized: UntranslatedCopy.shown(on: widget, in: gallery.manifest, from: untranslated)))
                }
            }
        }
        return tiles
    }

    final class Collector: Sendable {
        let state = Mutex(Collected())

        /// Whether some rule of `rules` has fewer than `imagesPerRule` images kept.
        func hasRoom(for rules: Set<CheckRule>) -> Bool {
            state.withLock { all in rules.contains { all.imagesKept[$0, default: 0] < imagesPerRule } }
        }

        /// Whether a frame with findings of `rules` may keep its image: while some rule of it has
        /// fewer than `imagesPerRule` images kept. Counts it against each of them when it may.
        func reserveImage(for rules: Set<CheckRule>) -> Bool {
            state.withLock { all in
                guard rules.contains(where: { all.imagesKept[$0, default: 0] < imagesPerRule }) else { return false }
                for rule in rules { all.imagesKept[rule, default: 0] += 1 }
                return true
            }
        }
    }

    struct Collected {
        /// The batch's findings, until it ends and they go to the spool.
        var findings: [Findings.Finding] = []
        var images: [String: Data] = [:]
        var imagesKept: [CheckRule: Int] = [:]
    }

    /// Draws and checks `tiles` with `cameras`, the sheets shared among them; `blank` is decided here,
    /// since every scheme of a frame is on the same page. A tile with a twin (`Twins`) in this batch
    /// or an earlier one (`memo`) is not drawn again. Returns how many sheets were drawn.
    private static func measure(
        _ tiles: [Tile], cameras: [SheetCamera], options: Options, into collected: Collector, memo: Memo
    ) async throws -> Int {
        let script = try measuringScript()
        let twins = Twins(tiles)
        let perTile = Collector.PerTile()
        let toDraw = twins.unseen(tiles, memo: memo) { known in
            record(
                results(known.look, keys: twins.keys(of: known.tile, in: tiles), collected), perTile: perTile,
                into: collected)
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
                            sheet, markup: sheet.placements.map { tiles[toDraw[$0.tile].tile].markup }, script: script)
                        let measured = try decode(inspection.measured, count: sheet.placements.count)
                        let placements = Array(sheet.placements.enumerated())
                        let results = try await placements.parallelMap(width: cores) { item in
                            let (first, digest) = toDraw[item.element.tile]
                            let look = try look(
                                of: tiles[first], item.element, measured[item.offset], inspection, options, collected)
                            memo.remember(digest, look)
                            return Self.results(look, keys: twins.keys(of: first, in: tiles), collected)
                        }.flatMap { $0 }
                        record(results, perTile: perTile, into: collected)
                    }
                }
            }
            try await group.waitForAll()
        }
        if options.rules.contains(.blank) { recordBlank(perTile, tiles: tiles, into: collected) }
        return sheets.count
    }

    /// What one drawn tile measured: its findings (on its own frame), its ink, and its image, made
    /// when it may be blank or has findings whose rules have room for another image (they fill up
    /// and never empty, so a look without an image never needs one later).
    private static func look(
        of tile: Tile, _ placement: ContactSheet.Placement, _ measurement: Measurement,
        _ inspection: SheetCamera.Inspection, _ options: Options, _ collected: Collector
    ) throws -> Memo.Look {
        let probe = PixelProbe(
            drawn: inspection.drawn, withoutText: inspection.withoutText, scale: options.scale,
            behindScale: inspection.withoutTextScale,
            tile: (placement.x, placement.y, placement.width, placement.height))
        let findings = Rules(
            frame: tile.key, measurement: measurement, pixels: probe, notLocalized: tile.notLocalized
        ).findings(options.rules)
        let ink = probe.ink
        let wanted = ink < Self.blankInk || (!findings.isEmpty && collected.hasRoom(for: Set(findings.map(\.rule))))
        let image = wanted ? try probe.tileImage.pngData() : nil
        return Memo.Look(findings: findings, ink: ink, image: image)
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
