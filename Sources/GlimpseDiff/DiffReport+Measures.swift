import Foundation
import GlimpseFormat
import GlimpseGallery
import GlimpseShots

extension DiffReport {
    /// Whether anything a reviewer must look at changed: a widget, or a shared asset.
    package var hasChanges: Bool { summary.added + summary.removed + summary.changed > 0 || !assets.isEmpty }

    /// Whether any widget looks different: added, removed, a frame added or removed, or pixels
    /// changed. Known only with `--pixels`.
    package var hasVisualChanges: Bool { widgets.contains { $0.visual == true } }
}

extension DiffReport.Side {
    init(_ gallery: Gallery) {
        self.init(
            path: gallery.url.path, generator: gallery.manifest.generator,
            schemaVersion: gallery.manifest.schemaVersion, now: gallery.manifest.now,
            widgets: gallery.manifest.widgets.count)
    }
}

extension DiffReport.DiagnosticText {
    init(_ diagnostic: Manifest.Diagnostic) {
        self.init(severity: diagnostic.severity, message: diagnostic.message, file: diagnostic.file)
    }
}

extension DiffReport.WidgetChange {
    /// How much changed, to list the largest first.
    package var weight: Int {
        switch status {
        case "added", "removed": 1_000
        default:
            (frames.count + storyboard.count) * 10 + reloads.count + diagnostics.new.count + diagnostics.resolved.count
                + (placeholder == nil ? 0 : 10)
        }
    }

    /// Pixels changed in all its frames and schemes.
    package var changedPixels: Int {
        (frames + storyboard + [placeholder].compactMap { $0 }).reduce(0) {
            $0 + ($1.pixels ?? []).reduce(0) { $0 + $1.changedPixels }
        }
    }
}

extension DiffReport.FrameChange {
    /// Whether any of its schemes' pixels changed.
    package var pixelsChanged: Bool { pixels?.contains { $0.changedPixels > 0 } ?? false }

    /// "overflow → habits at 9:00 PM", on the widget's wall clock (the offset `start` carries).
    package var stateText: String {
        let clock = Self.clock(start)
        switch (stateBefore, stateAfter) {
        case (let before?, let after?) where before != after: return "\(before) → \(after) at \(clock)"
        case (_, let after?): return "\(after) at \(clock)"
        case (let before?, nil): return "\(before) at \(clock), removed"
        default: return clock
        }
    }

    /// `2026-11-22T21:00:00-05:00` → `9:00 PM`.
    package static func clock(_ iso: String) -> String {
        let parts = iso.dropFirst(11).prefix(5).split(separator: ":").compactMap { Int($0) }
        guard parts.count == 2 else { return iso }
        let hour = parts[0] % 12 == 0 ? 12 : parts[0] % 12
        return "\(hour):\(parts[1] < 10 ? "0" : "")\(parts[1]) \(parts[0] < 12 ? "AM" : "PM")"
    }
}

extension DiffReport.Summary {
    /// The counts of `report`'s widgets.
    init(_ report: DiffReport) {
        self.init()
        let widgets = report.widgets
        self.widgets = widgets.count
        (added, removed, changed, unchanged) = Self.counts(widgets)
        framesChanged = widgets.reduce(0) { $0 + $1.frames.count }
        let compared = report.pixels != nil
        visual = compared ? widgets.filter { $0.visual == true }.count : nil
        apps = Set(widgets.map(\.app)).sorted().map { app in
            let mine = widgets.filter { $0.app == app }
            let (added, removed, changed, unchanged) = Self.counts(mine)
            return AppSummary(
                app: app, added: added, removed: removed, changed: changed, unchanged: unchanged,
                visual: compared ? mine.filter { $0.visual == true }.count : nil)
        }
    }

    /// How many of `widgets` were added, removed, changed and left unchanged.
    static func counts(_ widgets: [DiffReport.WidgetChange]) -> (Int, Int, Int, Int) {
        func count(_ status: String) -> Int { widgets.filter { $0.status == status }.count }
        return (count("added"), count("removed"), count("changed"), count("unchanged"))
    }
}

extension DiffReport.Box {
    init(_ box: PixelMatch.Box) {
        self.init(x: box.x, y: box.y, width: box.width, height: box.height)
    }
}

extension DiffReport.MissingFont {
    init(_ font: MissingFont) {
        self.init(package: font.package, script: font.script, sample: font.sample, drawnWith: font.drawnWith)
    }

    /// What to tell the person at the terminal: which text was drawn without its glyphs, and the package to install.
    package var message: String {
        MissingFont(package: package, script: script, sample: sample, drawnWith: drawnWith).message
    }
}
