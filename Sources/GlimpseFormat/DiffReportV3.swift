/// The review's `diff.json` as this version of Glimpse writes it.
public typealias DiffReport = DiffReportV3

/// `review/diff.json`, schema version 3: what `glimpse diff` found. Its JSON Schema is
/// `Schemas/diff.schema.json` (`FormatSchema.diff`), copied beside it.
public struct DiffReportV3: Codable, Sendable {
    /// 3: each widget's `device` and `textSize`.
    public static let currentSchemaVersion = 3

    public var schemaVersion = currentSchemaVersion
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

    public init(base: Side, new: Side) {
        self.base = base
        self.new = new
    }

    /// One of the two galleries compared.
    public struct Side: Codable, Sendable {
        public var path: String
        public var generator: String
        public var schemaVersion: Int
        public var now: String
        public var widgets: Int

        public init(path: String, generator: String, schemaVersion: Int, now: String, widgets: Int) {
            self.path = path
            self.generator = generator
            self.schemaVersion = schemaVersion
            self.now = now
            self.widgets = widgets
        }
    }

    /// A build setting the galleries differ in: `now`, `timeZone`, `locale`, `device`, `redacted`,
    /// `tint` or `reloadBudget`.
    public struct SettingChange: Codable, Sendable {
        public var setting: String
        public var before: String
        public var after: String

        public init(setting: String, before: String, after: String) {
            self.setting = setting
            self.before = before
            self.after = after
        }
    }

    /// How many widgets changed, in all and by app.
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

        public init() {}

        public struct AppSummary: Codable, Sendable {
            public var app: String
            public var added: Int
            public var removed: Int
            public var changed: Int
            public var unchanged: Int
            public var visual: Int?

            public init(app: String, added: Int, removed: Int, changed: Int, unchanged: Int, visual: Int?) {
                self.app = app
                self.added = added
                self.removed = removed
                self.changed = changed
                self.unchanged = unchanged
                self.visual = visual
            }
        }
    }

    /// A shared file under `assets/` that differs.
    public struct AssetChange: Codable, Sendable {
        public var path: String
        /// `added`, `removed` or `changed`.
        public var change: String
        /// Widgets whose pages link it: every widget of the new gallery.
        public var reaches: Int

        public init(path: String, change: String, reaches: Int) {
            self.path = path
            self.change = change
            self.reaches = reaches
        }
    }

    public struct DiagnosticText: Codable, Sendable, Hashable, Comparable {
        public var severity: String
        public var message: String
        public var file: String?

        public init(severity: String, message: String, file: String?) {
            self.severity = severity
            self.message = message
            self.file = file
        }

        public static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.file ?? "", lhs.message, lhs.severity) < (rhs.file ?? "", rhs.message, rhs.severity)
        }
    }

    /// Diagnostics only the new gallery has, and only the base had.
    public struct DiagnosticChanges: Codable, Sendable {
        public var new: [DiagnosticText] = []
        public var resolved: [DiagnosticText] = []

        public init(new: [DiagnosticText] = [], resolved: [DiagnosticText] = []) {
            self.new = new
            self.resolved = resolved
        }

        public var isEmpty: Bool { new.isEmpty && resolved.isEmpty }
    }

    /// One widget of either gallery, and what changed in it.
    public struct WidgetChange: Codable, Sendable {
        /// `app/scenario/family`, with `@<class>` and `@<text size>` for variants.
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

        public init(key: String, app: String, scenario: String, family: String, device: String?, textSize: String?) {
            self.key = key
            self.app = app
            self.scenario = scenario
            self.family = family
            self.device = device
            self.textSize = textSize
        }
    }

    /// One frame only one gallery has, or that differs, matched by its offset from `now`.
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

        public init(offset: Int, anchor: String, start: String, change: String) {
            self.offset = offset
            self.anchor = anchor
            self.start = start
            self.change = change
        }
    }

    /// A count of a widget's reload log that differs.
    public struct ReloadChange: Codable, Sendable {
        /// `budgetUsed`, `refused`, `failed` or `reloads`.
        public var measure: String
        public var before: Int
        public var after: Int

        public init(measure: String, before: Int, after: Int) {
            self.measure = measure
            self.before = before
            self.after = after
        }
    }

    /// One reload only one gallery has, or whose outcome differs, matched by its offset from `now`
    /// and its reason.
    public struct ReloadRowChange: Codable, Sendable {
        public var offset: Int
        public var at: String
        public var reason: String
        /// `added`, `removed` or `changed`.
        public var change: String
        /// `budgeted`, `refused`, `failed` or `free`, before and after.
        public var before: String?
        public var after: String?

        public init(offset: Int, at: String, reason: String, change: String, before: String?, after: String?) {
            self.offset = offset
            self.at = at
            self.reason = reason
            self.change = change
            self.before = before
            self.after = after
        }
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
        /// Fonts the machine lacks, told from text drawn without them; absent when none is.
        public var missingFonts: [MissingFont]?

        public init(
            chromium: String, fonts: [String], threshold: Double, scale: Int, framesCompared: Int, imagesCompared: Int,
            imagesChanged: Int, sheets: Int, missingFonts: [MissingFont]? = nil
        ) {
            self.chromium = chromium
            self.fonts = fonts
            self.threshold = threshold
            self.scale = scale
            self.framesCompared = framesCompared
            self.imagesCompared = imagesCompared
            self.imagesChanged = imagesChanged
            self.sheets = sheets
            self.missingFonts = missingFonts
        }
    }

    /// A font the machine lacks: text of a script drawn with fonts that have none of its glyphs.
    public struct MissingFont: Codable, Sendable, Hashable {
        /// The Debian package that provides it.
        public var package: String
        /// What it is for: "CJK text", "emoji", "Latin text (the gallery's font)".
        public var script: String
        /// Some of the text, as the page has it.
        public var sample: String
        /// The fonts the browser drew that text with instead.
        public var drawnWith: [String]

        public init(package: String, script: String, sample: String, drawnWith: [String]) {
            self.package = package
            self.script = script
            self.sample = sample
            self.drawnWith = drawnWith
        }
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
        public var box: Box?
        /// Images in the review folder, for changed pixels: before, after, and the difference.
        public var base: String?
        public var new: String?
        public var diff: String?

        public init(
            scheme: String, width: Int, height: Int, changedPixels: Int, box: Box? = nil, base: String? = nil,
            new: String? = nil, diff: String? = nil
        ) {
            self.scheme = scheme
            self.width = width
            self.height = height
            self.changedPixels = changedPixels
            self.box = box
            self.base = base
            self.new = new
            self.diff = diff
        }
    }

    /// A rectangle of an image, in pixels.
    public struct Box: Codable, Sendable, Equatable {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int

        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }
}
