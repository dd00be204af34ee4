import Foundation
import GlimpseShots
import GlimpseSite

/// `review/diff.json`: what `glimpse diff` found. Its schema is `templates/diff.schema.json`,
/// copied beside it; bump `schemaVersion` when it changes.
public struct DiffReport: Codable, Sendable {
    /// 3: each widget's `device` and `textSize`.
    public static let currentSchemaVersion = 3

    public var schemaVersion = DiffReport.currentSchemaVersion
    public var base: Side
    public var new: Side
    /// Build settings that differ: the clock, zone, locale, screen class, reload budget.
    public var settings: [SettingChange] = []
    public var summary = Summary()
    /// Files under `assets/` (the stylesheet, the script, fonts) that differ.
    public var assets: [AssetChange] = []
    /// Build-wide diagnostics.
    public var diagnostics = DiagnosticChanges()
    /// Every widget of either gallery, by key, with what changed.
    public var widgets: [WidgetChange] = []
    /// How the pixels were compared, with `--pixels`; absent otherwise.
    public var pixels: PixelRun?

    /// Whether anything a reviewer must look at changed: a widget, or a shared asset.
    public var hasChanges: Bool { summary.added + summary.removed + summary.changed > 0 || !assets.isEmpty }

    /// Whether any widget looks different: added, removed, a frame added or removed, or pixels
    /// changed. Known only with `--pixels`.
    public var hasVisualChanges: Bool { widgets.contains { $0.visual == true } }
}

/// How `--pixels` drew and compared: the browser and fonts, so that two runs can be told apart
/// when their pixels differ for reasons of their own.
public struct PixelRun: Codable, Sendable {
    /// What Chromium calls itself: `HeadlessChrome/156.0.8078.79`.
    public var chromium: String
    /// The font families text was drawn with, the gallery's own and the system's fallbacks.
    public var fonts: [String]
    public var threshold: Double
    public var scale: Int
    /// Frames drawn from both galleries and compared (frames, storyboard steps, placeholders).
    public var framesCompared: Int
    /// Images compared: frames × schemes.
    public var imagesCompared: Int
    public var imagesChanged: Int
    /// Contact sheets drawn, per gallery.
    public var sheets: Int
    /// Fonts the machine lacks, told from text drawn without them (`MissingFont`); absent when none is.
    public var missingFonts: [MissingFont]? = nil
}

/// One scheme of one frame, compared pixel by pixel.
public struct SchemePixels: Codable, Sendable {
    public var scheme: String
    /// The frame's size in points (the new gallery's, when the widget was resized).
    public var width: Int
    public var height: Int
    /// Pixels that differ beyond the threshold, anti-aliasing aside; 0 when the frame looks the same.
    public var changedPixels: Int
    /// The smallest rectangle holding them, in points times the scale.
    public var box: PixelMatch.Box?
    /// Images in the review folder, for changed pixels: before, after, and the difference.
    public var base: String?
    public var new: String?
    public var diff: String?
}

public struct Side: Codable, Sendable {
    public var path: String
    public var generator: String
    public var schemaVersion: Int
    public var now: String
    public var widgets: Int

    init(_ gallery: Gallery) {
        path = gallery.url.path
        generator = gallery.manifest.generator
        schemaVersion = gallery.manifest.schemaVersion
        now = gallery.manifest.now
        widgets = gallery.manifest.widgets.count
    }
}

public struct SettingChange: Codable, Sendable {
    public var setting: String
    public var before: String
    public var after: String
}

public struct AssetChange: Codable, Sendable {
    public var path: String
    /// `added`, `removed` or `changed`.
    public var change: String
    /// Widgets whose pages link it: every widget of the new gallery.
    public var reaches: Int
}

public struct DiagnosticText: Codable, Sendable, Hashable, Comparable {
    public var severity: String
    public var message: String
    public var file: String?

    init(_ diagnostic: Manifest.Diagnostic) {
        severity = diagnostic.severity
        message = diagnostic.message
        file = diagnostic.file
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.file ?? "", lhs.message, lhs.severity) < (rhs.file ?? "", rhs.message, rhs.severity)
    }
}

public struct DiagnosticChanges: Codable, Sendable {
    public var new: [DiagnosticText] = []
    public var resolved: [DiagnosticText] = []

    public var isEmpty: Bool { new.isEmpty && resolved.isEmpty }
}

public struct WidgetChange: Codable, Sendable {
    /// `app/scenario/family`, with `@<class>` and `@<text size>` for variants (`GalleryDiff.key(of:in:)`).
    public var key: String
    public var app: String
    public var scenario: String
    public var family: String
    /// The screen class and Dynamic Type size, from manifests of version 3 on.
    public var device: String?
    public var textSize: String?
    /// `added`, `removed`, `changed` or `unchanged`.
    public var status = "unchanged"
    public var basePage: String?
    public var newPage: String?
    public var frames: [FrameChange] = []
    /// Steps of the tap storyboard (the action, then what the widget shows) that differ.
    public var storyboard: [FrameChange] = []
    public var reloads: [ReloadChange] = []
    /// Reload by reload, matched by offset and reason: the rows only one gallery has, or that differ.
    public var reloadRows: [ReloadRowChange] = []
    public var diagnostics = DiagnosticChanges()
    /// The redacted placeholder, when its pixels changed (`--pixels`).
    public var placeholder: FrameChange?
    /// Whether the widget looks different (`--pixels` only): added, removed, a frame added or
    /// removed, or any frame's pixels changed. A frame whose pixels are equal is no visual change,
    /// even when its HTML changed.
    public var visual: Bool?
    /// What one image shows of the widget in a review: an added or removed widget's first frame.
    public var preview: [SchemePixels]?

    /// How much changed, to list the largest first.
    public var weight: Int {
        switch status {
        case "added", "removed": 1_000
        default:
            (frames.count + storyboard.count) * 10 + reloads.count + diagnostics.new.count + diagnostics.resolved.count
                + (placeholder == nil ? 0 : 10)
        }
    }

    /// Pixels changed in all its frames and schemes.
    public var changedPixels: Int {
        (frames + storyboard + [placeholder].compactMap { $0 }).reduce(0) {
            $0 + ($1.pixels ?? []).reduce(0) { $0 + $1.changedPixels }
        }
    }
}

/// One reload only one gallery has, or whose outcome differs, matched by its offset from `now` and its reason.
public struct ReloadRowChange: Codable, Sendable {
    public var offset: Int
    public var at: String
    public var reason: String
    /// `added`, `removed` or `changed`.
    public var change: String
    /// `budgeted`, `refused`, `failed` or `free`, before and after.
    public var before: String?
    public var after: String?
}

public struct FrameChange: Codable, Sendable {
    /// Seconds after the widget's `now`: how frames are matched.
    public var offset: Int
    public var anchor: String
    public var start: String
    /// `added`, `removed`, `changed` (its state, texts, links or HTML), or `restyled` (the same
    /// HTML drawn differently: a shared asset changed).
    public var change: String
    public var stateBefore: String?
    public var stateAfter: String?
    public var textsBefore: [String]?
    public var textsAfter: [String]?
    /// The frame's HTML differs (its hash), whether or not its text does.
    public var htmlChanged = false
    /// Each scheme compared pixel by pixel (`--pixels`).
    public var pixels: [SchemePixels]?

    /// Whether any of its schemes' pixels changed.
    public var pixelsChanged: Bool { pixels?.contains { $0.changedPixels > 0 } ?? false }

    /// "overflow → habits at 9:00 PM", on the widget's wall clock (the offset `start` carries).
    public var stateText: String {
        let clock = Self.clock(start)
        switch (stateBefore, stateAfter) {
        case (let before?, let after?) where before != after: return "\(before) → \(after) at \(clock)"
        case (_, let after?): return "\(after) at \(clock)"
        case (let before?, nil): return "\(before) at \(clock), removed"
        default: return clock
        }
    }

    /// `2026-11-22T21:00:00-05:00` → `9:00 PM`.
    static func clock(_ iso: String) -> String {
        let parts = iso.dropFirst(11).prefix(5).split(separator: ":").compactMap { Int($0) }
        guard parts.count == 2 else { return iso }
        let hour = parts[0] % 12 == 0 ? 12 : parts[0] % 12
        return "\(hour):\(parts[1] < 10 ? "0" : "")\(parts[1]) \(parts[0] < 12 ? "AM" : "PM")"
    }
}

public struct ReloadChange: Codable, Sendable {
    /// `budgetUsed`, `refused`, `failed` or `reloads`.
    public var measure: String
    public var before: Int
    public var after: Int
}

public struct Summary: Codable, Sendable {
    public var widgets = 0
    public var added = 0
    public var removed = 0
    public var changed = 0
    public var unchanged = 0
    public var framesChanged = 0
    /// Widgets that look different (`--pixels` only).
    public var visual: Int?
    public var apps: [AppSummary] = []

    public struct AppSummary: Codable, Sendable {
        public var app: String
        public var added: Int
        public var removed: Int
        public var changed: Int
        public var unchanged: Int
        public var visual: Int?
    }

    init() {}

    init(_ report: DiffReport) {
        let widgets = report.widgets
        self.widgets = widgets.count
        added = widgets.filter { $0.status == "added" }.count
        removed = widgets.filter { $0.status == "removed" }.count
        changed = widgets.filter { $0.status == "changed" }.count
        unchanged = widgets.filter { $0.status == "unchanged" }.count
        framesChanged = widgets.reduce(0) { $0 + $1.frames.count }
        let compared = report.pixels != nil
        visual = compared ? widgets.filter { $0.visual == true }.count : nil
        apps = Set(widgets.map(\.app)).sorted().map { app in
            let mine = widgets.filter { $0.app == app }
            return AppSummary(
                app: app, added: mine.filter { $0.status == "added" }.count,
                removed: mine.filter { $0.status == "removed" }.count,
                changed: mine.filter { $0.status == "changed" }.count,
                unchanged: mine.filter { $0.status == "unchanged" }.count,
                visual: compared ? mine.filter { $0.visual == true }.count : nil)
        }
    }
}
