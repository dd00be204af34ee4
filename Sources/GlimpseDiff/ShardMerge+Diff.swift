import Foundation
import GlimpseCore
import GlimpseDigest
import GlimpseFormat
import GlimpseOutput
import GlimpseReports
import GlimpseShots

extension ShardMerge {
    /// The report of a `glimpse diff --pixels` run, from its shards' (`parts`, as `parts(_:)` checked
    /// them): each widget from the part that drew it, the pixel run's figures and the widgets each
    /// asset reached summed (its fonts and missing fonts joined), the summary counted again, and no
    /// decision (the caller applies them, as `diff` does); with the images it names, each by the
    /// part (its index in `parts`) that drew it, for `carry`.
    ///
    /// - Throws: `MergeError` for a part whose `diff.json` cannot be read, or is not of the same diff.
    package static func diff(_ parts: [Part]) async throws -> (DiffReport, images: [(part: Int, path: String)]) {
        // Read side by side: decoding is an eighth of a merge.
        let reports = try await parts.map(\.folder).parallelMap(width: ProcessInfo.processInfo.activeProcessorCount) {
            folder in
            do {
                return try DiffReport.read(folder)
            } catch {
                throw MergeError.unreadable(folder.path, "\(error)")
            }
        }
        var merged = reports[0]
        for (part, report) in zip(parts, reports) {
            guard report.widgets.map(\.key) == merged.widgets.map(\.key), report.pixels != nil else {
                throw MergeError.foreign(part.folder.path, "its diff.json is not of the same diff --pixels")
            }
        }
        let browsers = Set(reports.compactMap(\.pixels?.chromium))
        guard browsers.count == 1 else {
            throw MergeError.foreign(
                parts[0].folder.path,
                "the shards drew with different browsers (\(browsers.sorted().joined(separator: ", "))): "
                    + "their pixels are not one run's")
        }
        let owners = try owners(of: parts, total: merged.widgets.count)
        var carried: [(part: Int, path: String)] = []
        for index in merged.widgets.indices {
            merged.widgets[index] = reports[owners[index]].widgets[index]
            merged.widgets[index].decision = nil
            carried += images(of: merged.widgets[index]).map { (owners[index], $0) }
        }
        merged.assets = mergedAssets(reports)
        merged.approvals = nil
        merged.pixels = pixelRun(reports.compactMap(\.pixels))
        // The causes again, from the widgets each part drew: a manifest of version 4 on names every
        // widget's language; an older one's galleries were all in US English.
        DiffCauses.attribute(&merged, language: "en_US")
        merged.summary = DiffReport.Summary(merged)
        return (merged, carried)
    }

    /// The first part's shared files, undecided, with what each part drew that they reach: the
    /// widgets each asset reaches counted, and each changed selector's joined.
    static func mergedAssets(_ reports: [DiffReport]) -> [DiffReport.AssetChange] {
        var assets = reports[0].assets
        for index in assets.indices {
            assets[index].decision = nil
            let parts = reports.filter { $0.assets.indices.contains(index) }.map { $0.assets[index] }
            assets[index].reaches = parts.reduce(0) { $0 + $1.reaches }
            for rule in assets[index].rules?.indices ?? 0..<0 {
                let widgets = parts.flatMap { part in
                    part.rules.map { $0.indices.contains(rule) ? $0[rule].widgets ?? [] : [] } ?? []
                }
                assets[index].rules?[rule].widgets = Array(Set(widgets)).sorted()
            }
        }
        return assets
    }

    /// What names one diff run for its shards: `options` (the command and what shapes its output),
    /// both galleries, and each change's digests before and after, which cover its frames.
    package static func runDigest(_ report: DiffReport, options: [String]) -> String {
        var lines = options
        for side in [report.base, report.new] {
            lines.append([side.path, side.generator, side.now, "\(side.widgets)"].joined(separator: "\t"))
        }
        for widget in report.widgets {
            lines.append(
                [widget.key, widget.status, widget.baseDigest ?? "-", widget.newDigest ?? "-"].joined(separator: "\t"))
        }
        for asset in report.assets {
            lines.append([asset.path, asset.baseDigest ?? "-", asset.newDigest ?? "-"].joined(separator: "\t"))
        }
        return SHA256.hex(of: lines.joined(separator: "\n"))
    }

    /// The images a widget's change names: each scheme's before, after and difference.
    static func images(of widget: DiffReport.WidgetChange) -> [String] {
        let frames = widget.frames + widget.storyboard + [widget.placeholder].compactMap { $0 }
        let pixels = frames.flatMap { $0.pixels ?? [] } + (widget.preview ?? [])
        return pixels.flatMap { [$0.base, $0.new, $0.diff].compactMap { $0 } }
    }

    /// One pixel run from its shards': counts summed, fonts joined, the fonts missing from any of
    /// them chosen as one run would (`MissingFont.merge`). Contact sheets are summed: how frames are
    /// packed onto sheets is a detail of each run, as its time is.
    static func pixelRun(_ runs: [DiffReport.PixelRun]) -> DiffReport.PixelRun {
        var merged = runs[0]
        merged.fonts = Set(runs.flatMap(\.fonts)).sorted()
        merged.framesCompared = runs.reduce(0) { $0 + $1.framesCompared }
        merged.imagesCompared = runs.reduce(0) { $0 + $1.imagesCompared }
        merged.imagesChanged = runs.reduce(0) { $0 + $1.imagesChanged }
        merged.sheets = runs.reduce(0) { $0 + $1.sheets }
        // Every shard skipped what it did not compare of the same frames both galleries have.
        let frames = (runs[0].framesSkipped ?? 0) + runs[0].framesCompared
        merged.framesSkipped = runs[0].framesSkipped == nil ? nil : max(0, frames - merged.framesCompared)
        let missing = MissingFont.merge(
            runs.flatMap { $0.missingFonts ?? [] }.map {
                MissingFont(package: $0.package, script: $0.script, sample: $0.sample, drawnWith: $0.drawnWith)
            })
        merged.missingFonts = missing.isEmpty ? nil : missing.map(DiffReport.MissingFont.init)
        return merged
    }
}
