import Foundation
import GlimpseFormat
import GlimpseGallery
import GlimpseOutput
import GlimpseReports
import GlimpseShots
import Synchronization

/// `glimpse diff --pixels`: the frames a structural diff marks, or that a changed shared asset
/// reaches, drawn from both galleries by headless Chromium in every scheme and compared as
/// pixelmatch does. The images of what changed go into the review folder.
package enum PixelDiff {
    package struct Options: Sendable {
        package var threshold: Double
        package var scale: Int
        package var chromium: URL
        /// Draw only this shard's share of the widgets (`--shard i/n`); nil for all of them.
        package var shard: ShardSpec?

        package init(threshold: Double, scale: Int = 1, chromium: URL, shard: ShardSpec? = nil) {
            self.threshold = threshold
            self.scale = scale
            self.chromium = chromium
            self.shard = shard
        }
    }

    /// Draws and compares, writes the images into `output` under `img/`, and records in `report`
    /// each frame's pixels, each widget's `visual`, and how it ran. With a shard, only the widgets
    /// it owns are drawn, and the run's figures are its own; returns the widgets it owns (every
    /// widget of the report, for no shard) and where the time went, which `report` does not hold:
    /// the same galleries give the same report.
    ///
    /// - Throws: `GalleryError` for a page that cannot be read; `ChromiumError` or `DevToolsError`
    ///   when the browser fails; `SiteError.outputFailed` when an image cannot be written.
    @discardableResult
    package static func run(
        _ report: inout DiffReport, base: Gallery, new: Gallery, options: Options, output: StagedOutput
    ) async throws -> Ran {
        let tally = PhaseTally()
        let started = ContinuousClock.now
        let whole = PixelPlan(report: report, base: base, new: new)
        let shard = options.shard ?? ShardSpec(index: 1, count: 1)
        let owned = shard.owned(whole.work(of: report))
        let mine = Set(owned.map(\.position))
        let plan = shard.count == 1 ? whole : whole.keeping { mine.contains($0) }
        async let baseMarkup = GalleryMarkup.read(base, pages: plan.basePages)
        async let newMarkup = GalleryMarkup.read(new, pages: plan.newPages)
        let (before, after) = try await (baseMarkup, newMarkup)
        let work = plan.tiles(base: before, new: after)
        tally.add(\.read, since: started)
        let (outcome, chromium) = try await draw(
            work, stylesheets: (before.stylesheets, after.stylesheets), options: options, output: output,
            tally: tally)
        plan.apply(work, results: outcome.results, singles: outcome.singles, scale: options.scale, to: &report)
        // A frame only its pixels changed is a shared file's doing.
        DiffCauses.attribute(&report, language: GalleryDiff.language(of: new.manifest))
        report.pixels = DiffReport.PixelRun(
            chromium: chromium, fonts: outcome.fonts.sorted(), threshold: options.threshold,
            scale: options.scale,
            framesCompared: work.framesCompared, imagesCompared: work.pairs.count,
            imagesChanged: outcome.results.values.filter { $0.changedPixels > 0 }.count, sheets: outcome.sheets)
        report.pixels?.framesSkipped = max(0, framesInBoth(base, new) - work.framesCompared)
        let missingFonts = MissingFont.find(in: outcome.texts)
        report.pixels?.missingFonts = missingFonts.isEmpty ? nil : missingFonts.map(DiffReport.MissingFont.init)
        report.summary = DiffReport.Summary(report)
        return Ran(owned: owned, phases: tally.state.withLock { $0 })
    }

    /// What a browser of its own drew of `work`, a tab for each gallery's `stylesheets`; and the browser's version.
    static func draw(
        _ work: PixelPlan.Work, stylesheets: (base: [URL], new: [URL]), options: Options, output: StagedOutput,
        tally: PhaseTally
    ) async throws -> (Shot, chromium: String) {
        let started = ContinuousClock.now
        let browser = try await Chromium.launch(options.chromium)
        do {
            async let first = SheetCamera.open(
                in: browser, stylesheets: stylesheets.base, scale: options.scale, recordingFonts: true)
            async let second = SheetCamera.open(
                in: browser, stylesheets: stylesheets.new, scale: options.scale, recordingFonts: true)
            let (baseCamera, newCamera) = try await (first, second)
            tally.add(\.open, since: started)
            let shot = try await shoot(
                work, options: options, baseCamera: baseCamera, newCamera: newCamera, output: output, tally: tally)
            tally.state.withLock {
                $0.sheets.add(baseCamera.shootingTimes)
                $0.sheets.add(newCamera.shootingTimes)
            }
            await baseCamera.close()
            await newCamera.close()
            await browser.close()
            return (shot, browser.version)
        } catch {
            await browser.close()
            throw error
        }
    }

    /// What drawing found: each pair's pixels and each single image's path, by position; the sheets
    /// drawn by each tab; the fonts drawn with, and a text of each kind with its fonts.
    typealias Shot = (
        results: [Int: DiffReport.SchemePixels], singles: [Int: String], sheets: Int, fonts: Set<String>,
        texts: [DrawnText]
    )

    /// The frames (of the day, storyboard steps, placeholders) of the widgets both galleries have:
    /// those not compared were skipped, their HTML and every asset they use the same.
    static func framesInBoth(_ base: Gallery, _ new: Gallery) -> Int {
        let before = Set(base.manifest.widgets.map { Gallery.key(of: $0, in: base.manifest) })
        return new.manifest.widgets.filter { before.contains(Gallery.key(of: $0, in: new.manifest)) }
            .reduce(0) { $0 + Gallery.anchors(of: $1).count }
    }

    /// Draws every pair and every single image, compares the pairs, and writes the images a review shows.
    static func shoot(
        _ work: PixelPlan.Work, options: Options, baseCamera: SheetCamera, newCamera: SheetCamera,
        output: StagedOutput, tally: PhaseTally
    ) async throws -> Shot {
        let results = Mutex([Int: DiffReport.SchemePixels]())
        let threshold = options.threshold
        let pairs = work.pairs
        let sheets = try await FrameShooter.shootPairs(
            pairs.map { ($0.base, $0.new) }, first: baseCamera, second: newCamera
        ) { index, one, two in
            let pixels = try compared(pairs[index], one, two, threshold: threshold, output: output, tally: tally)
            results.withLock { $0[index] = pixels }
        }
        let singles = try await shootSingles(
            work, baseCamera: baseCamera, newCamera: newCamera, output: output, tally: tally)
        return (
            results.withLock { $0 }, singles, sheets, baseCamera.fonts.union(newCamera.fonts),
            baseCamera.drawnTexts + newCamera.drawnTexts
        )
    }

    /// One pair's two images compared, and, when they differ, both and their difference written.
    static func compared(
        _ pair: PixelPlan.Pair, _ one: RGBAImage, _ two: RGBAImage, threshold: Double, output: StagedOutput,
        tally: PhaseTally
    ) throws -> DiffReport.SchemePixels {
        let comparing = ContinuousClock.now
        let match = PixelMatch.compare(one, two, threshold: threshold, drawing: true)
        tally.add(\.compare, since: comparing)
        var pixels = DiffReport.SchemePixels(
            scheme: pair.scheme, width: pair.new.width, height: pair.new.height, changedPixels: match.changed,
            box: match.box.map(DiffReport.Box.init))
        if match.changed > 0, let difference = match.image {
            let writing = ContinuousClock.now
            defer { tally.add(\.write, since: writing) }
            pixels.base = pair.imagePath + ".base.png"
            pixels.new = pair.imagePath + ".new.png"
            pixels.diff = pair.imagePath + ".diff.png"
            try output.write(pixels.base!, try one.pngData())
            try output.write(pixels.new!, try two.pngData())
            try output.write(pixels.diff!, try difference.pngData())
        }
        return pixels
    }

    /// What only one side has (an added or removed frame or widget, a size that changed), shown,
    /// not compared: drawn with its own gallery's stylesheets. Each image's path, by its position.
    static func shootSingles(
        _ work: PixelPlan.Work, baseCamera: SheetCamera, newCamera: SheetCamera, output: StagedOutput,
        tally: PhaseTally
    ) async throws -> [Int: String] {
        let singles = Mutex([Int: String]())
        for (side, camera) in [(PixelPlan.Side.base, baseCamera), (.new, newCamera)] {
            let mine = work.singles.enumerated().filter { $0.element.side == side }
            guard !mine.isEmpty else { continue }
            try await FrameShooter.shoot(mine.map(\.element.tile), cameras: [camera]) { index, image in
                let (position, single) = mine[index]
                let path = single.imagePath + (side == .base ? ".base.png" : ".new.png")
                let writing = ContinuousClock.now
                defer { tally.add(\.write, since: writing) }
                try output.write(path, try image.pngData())
                singles.withLock { $0[position] = path }
            }
        }
        return singles.withLock { $0 }
    }
}
