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

        public init(rules: Set<CheckRule>, jobs: Int, chromium: URL, scale: Int = 2) {
            self.rules = rules
            self.jobs = jobs
            self.chromium = chromium
            self.scale = scale
        }
    }

    /// What a run found, before baselines and accepted findings.
    public struct Result: Sendable {
        public var findings: [Findings.Finding]
        /// Each frame with a finding, as drawn (PNG), by `FrameImage.name`.
        public var images: [String: Data]
        public var frames: Int
        public var sheets: Int
        public var chromium: String
    }

    /// Measures every frame of `gallery`.
    ///
    /// - Throws: `DiffError` for a page that cannot be read, `ChromiumError` or `DevToolsError`
    ///   when the browser fails, `CheckError.measuring` when the measurement cannot be read.
    public static func run(_ gallery: Gallery, options: Options) async throws -> Result {
        let markup = try await GalleryMarkup.read(gallery, pages: Set(gallery.manifest.widgets.map(\.page)))
        let plan = plan(gallery, markup: markup)
        let browser = try await Chromium.launch(options.chromium)
        do {
            let result = try await measure(plan, stylesheets: markup.stylesheets, options: options, in: browser)
            await browser.close()
            return result
        } catch {
            await browser.close()
            throw error
        }
    }

    /// A frame in a scheme to draw: where it is and its markup.
    struct Tile: Sendable {
        var key: FrameKey
        var markup: String
        var width: Int
        var height: Int
    }

    static func plan(_ gallery: Gallery, markup: GalleryMarkup) -> [Tile] {
        var tiles: [Tile] = []
        for widget in gallery.manifest.widgets {
            let key = Findings.WidgetKey(
                key: GalleryDiff.key(of: widget, in: gallery.manifest), app: widget.app, scenario: widget.scenario,
                family: widget.family, device: widget.device, textSize: widget.textSize)
            for anchor in GallerySnapshot.anchors(of: widget) {
                for root in markup.widgets(page: widget.page, anchor: anchor) {
                    tiles.append(
                        Tile(
                            key: FrameKey(widget: key, page: widget.page, anchor: anchor, scheme: root.scheme),
                            markup: root.markup, width: widget.size.width, height: widget.size.height))
                }
            }
        }
        return tiles
    }

    private final class Collector: Sendable {
        let state = Mutex(Collected())
    }

    private struct Collected {
        var findings: [Findings.Finding] = []
        var inks: [FrameKey: Int] = [:]
        var images: [String: Data] = [:]
    }

    private static func measure(
        _ tiles: [Tile], stylesheets: [URL], options: Options, in browser: Chromium
    ) async throws -> Result {
        let script = try measuringScript()
        let sheets = ContactSheet.pack(tiles.map { ($0.width, $0.height) }, scale: options.scale)
        let lanes = max(1, min(options.jobs, sheets.count))
        let collected = Collector()
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var cameras: [SheetCamera] = []
        for _ in 0..<lanes {
            cameras.append(try await SheetCamera.open(in: browser, stylesheets: stylesheets, scale: options.scale))
        }
        let opened = cameras
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0..<lanes {
                group.addTask {
                    for index in stride(from: lane, to: sheets.count, by: lanes) {
                        let sheet = sheets[index]
                        let inspection = try await opened[lane].inspect(
                            sheet, markup: sheet.placements.map { tiles[$0.tile].markup }, script: script)
                        let measured = try decode(inspection.measured, count: sheet.placements.count)
                        let placements = Array(sheet.placements.enumerated())
                        let results = try await placements.parallelMap(width: cores) { item in
                            try check(
                                tiles[item.element.tile], item.element, measured[item.offset], inspection, options)
                        }
                        collected.state.withLock { all in
                            for result in results {
                                all.findings += result.findings
                                all.inks[result.key] = result.ink
                                if let image = result.image { all.images[FrameImage.name(result.key)] = image }
                            }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        for camera in cameras { await camera.close() }
        cameras = []
        var all = collected.state.withLock { $0 }
        if options.rules.contains(.blank) {
            all.findings += Self.blank(all.inks, tiles: tiles)
        }
        return Result(
            findings: all.findings, images: all.images, frames: tiles.count, sheets: sheets.count,
            chromium: browser.version)
    }

    private struct TileResult: Sendable {
        var key: FrameKey
        var findings: [Findings.Finding]
        var ink: Int
        var image: Data?
    }

    private static func check(
        _ tile: Tile, _ placement: ContactSheet.Placement, _ measurement: Measurement,
        _ inspection: SheetCamera.Inspection, _ options: Options
    ) throws -> TileResult {
        let probe = PixelProbe(
            drawn: inspection.drawn, withoutText: inspection.withoutText, scale: options.scale,
            behindScale: inspection.withoutTextScale,
            tile: (placement.x, placement.y, placement.width, placement.height))
        let findings = Rules(frame: tile.key, measurement: measurement, pixels: probe).findings(options.rules)
        let ink = probe.ink
        // The image of a frame with a finding, or of one that may be blank, for the report.
        let kept = !findings.isEmpty || ink < Self.blankInk
        return TileResult(
            key: tile.key, findings: findings, ink: ink, image: kept ? try probe.tileImage.pngData() : nil)
    }

    /// Frames that draw nothing in one scheme while they draw in another: all but a few of their
    /// pixels are their background's colour, where another scheme's frame draws.
    /// Fewer inked points than a dot of 2.5 pt across is nothing drawn; ten times that is a frame that
    /// draws (a single letter at 13 pt is about 40).
    static let blankInk = 6
    static let drawingInk = 60

    static func blank(_ inks: [FrameKey: Int], tiles: [Tile]) -> [Findings.Finding] {
        let groups = Dictionary(grouping: inks.keys) { $0.widget.key + "\u{1F}" + $0.anchor }
        var findings: [Findings.Finding] = []
        let sizes = Dictionary(tiles.map { ($0.key, ($0.width, $0.height)) }, uniquingKeysWith: { one, _ in one })
        for keys in groups.values {
            let drawing = keys.filter { inks[$0]! >= drawingInk }.map(\.scheme).sorted()
            guard !drawing.isEmpty else { continue }
            for key in keys where inks[key]! < blankInk {
                let size = sizes[key] ?? (0, 0)
                var measured = Findings.Measured()
                measured.drawnIn = drawing
                findings.append(
                    Findings.Finding(
                        rule: .blank, severity: .error, widget: key.widget, page: key.page, frame: key.anchor,
                        scheme: key.scheme,
                        element: Findings.Element(
                            text: nil, role: "widget",
                            box: Findings.Box(x: 0, y: 0, width: Double(size.0), height: Double(size.1))),
                        message:
                            "The widget draws nothing in \(key.scheme) (\(inks[key]!) points differ from its "
                            + "background), while it does in \(drawing.joined(separator: ", "))",
                        measured: measured))
            }
        }
        return findings
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

/// A frame's image in the report: `frames/<hash>.png`, named from its widget, anchor and scheme.
enum FrameImage {
    static func name(_ key: FrameKey) -> String {
        let text = [key.widget.key, key.anchor, key.scheme].joined(separator: "\u{1F}")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return "frames/" + String(hash, radix: 16) + ".png"
    }
}

public enum CheckError: Error, CustomStringConvertible {
    case measuring(String)
    case usage(String)

    public var description: String {
        switch self {
        case .measuring(let message), .usage(let message): message
        }
    }
}
