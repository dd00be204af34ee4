import GlimpseFormat
import GlimpseShots

extension PixelPlan {
    /// Puts what the drawing found into `report`: each compared frame's pixels (a frame that only
    /// a shared asset changed becomes `restyled` when its pixels differ), the images of what only
    /// one side has, each widget's `visual`, and how many widgets each changed asset reached.
    func apply(
        _ work: Work, results: [Int: DiffReport.SchemePixels], singles: [Int: String], scale: Int,
        to report: inout DiffReport
    ) {
        let byTarget = pixels(of: work, results: results, singles: singles, scale: scale)
        for (index, target) in targets.enumerated() {
            guard let pixels = byTarget[index], !pixels.isEmpty else { continue }
            var widget = report.widgets[target.widget]
            switch target.kind {
            case .frame: record(pixels, for: target, in: &widget.frames)
            case .tap: record(pixels, for: target, in: &widget.storyboard)
            case .placeholder:
                if pixels.contains(where: { $0.changedPixels > 0 }) {
                    var placeholder = DiffReport.FrameChange(
                        offset: 0, anchor: FrameMarkup.placeholderAnchor, start: target.start, change: "restyled")
                    placeholder.pixels = pixels
                    widget.placeholder = placeholder
                }
            case .preview: widget.preview = pixels
            }
            report.widgets[target.widget] = widget
        }
        Self.markVisual(in: &report)
        for (asset, widgets) in zip(report.assets.indices, work.reached) {
            report.assets[asset].reaches = widgets.count
        }
        for (asset, byRule) in zip(report.assets.indices, work.reachedByRule) where !byRule.isEmpty {
            for (rule, widgets) in byRule.enumerated() where rule < report.assets[asset].rules?.count ?? 0 {
                report.assets[asset].rules?[rule].widgets = widgets.map { report.widgets[$0].key }.sorted()
            }
        }
    }

    /// Each target's pixels, by its index in `targets`: what comparing each pair found, with the
    /// image of each scheme only one side drew.
    private func pixels(
        of work: Work, results: [Int: DiffReport.SchemePixels], singles: [Int: String], scale: Int
    ) -> [Int: [DiffReport.SchemePixels]] {
        var byTarget: [Int: [DiffReport.SchemePixels]] = [:]
        for (index, pair) in work.pairs.enumerated() {
            if let pixels = results[index] { byTarget[pair.target, default: []].append(pixels) }
        }
        for (index, single) in work.singles.enumerated() {
            guard let path = singles[index] else { continue }
            var list = byTarget[single.target, default: []]
            let target = targets[single.target]
            let (width, height) = (single.tile.width * scale, single.tile.height * scale)
            if let at = list.firstIndex(where: { $0.scheme == single.scheme }) {
                if single.side == .base { list[at].base = path } else { list[at].new = path }
            } else {
                // A resized widget differs everywhere; a frame only one side has is shown whole.
                list.append(
                    DiffReport.SchemePixels(
                        scheme: single.scheme, width: single.tile.width, height: single.tile.height,
                        changedPixels: target.resized ? width * height : 0,
                        box: target.resized ? DiffReport.Box(x: 0, y: 0, width: width, height: height) : nil,
                        base: single.side == .base ? path : nil, new: single.side == .new ? path : nil))
            }
            byTarget[single.target] = list
        }
        return byTarget
    }

    /// Sets each widget's `visual`: added, removed, with a frame that comes or goes, or with pixels
    /// that differ; an `unchanged` widget that looks different becomes `changed`.
    private static func markVisual(in report: inout DiffReport) {
        for index in report.widgets.indices {
            var widget = report.widgets[index]
            let framesComeOrGo = (widget.frames + widget.storyboard).contains {
                $0.change == "added" || $0.change == "removed"
            }
            let pixelsDiffer = (widget.frames + widget.storyboard + [widget.placeholder].compactMap { $0 }).contains(
                where: \.pixelsChanged)
            widget.visual = widget.status == "added" || widget.status == "removed" || framesComeOrGo || pixelsDiffer
            if widget.status == "unchanged" && widget.visual == true { widget.status = "changed" }
            report.widgets[index] = widget
        }
    }

    /// Sets the pixels of the frame the structural diff reported at the target's offset, or adds
    /// the frame as `restyled` when only its pixels changed.
    private func record(
        _ pixels: [DiffReport.SchemePixels], for target: Target, in frames: inout [DiffReport.FrameChange]
    ) {
        if let at = frames.firstIndex(where: { $0.offset == target.offset }) {
            frames[at].pixels = pixels
            return
        }
        guard pixels.contains(where: { $0.changedPixels > 0 }) else { return }
        var frame = DiffReport.FrameChange(
            offset: target.offset, anchor: target.newAnchor ?? target.baseAnchor ?? "", start: target.start,
            change: "restyled")
        frame.stateBefore = target.state.before
        frame.stateAfter = target.state.after
        frame.pixels = pixels
        frames.append(frame)
        frames.sort { $0.offset < $1.offset }
    }
}
