/// The review's `diff.json` as this version of Glimpse writes it.
public typealias DiffReport = DiffReportV4

/// `review/diff.json`, schema version 5: what `glimpse diff` found. Its JSON Schema is
/// `Schemas/diff.schema.json` (`FormatSchema.diff`), copied beside it.
public struct DiffReportV4: Codable, Sendable {
    /// 3: each widget's `device` and `textSize`. 4: each change's digests before and after, and
    /// the decision on it (`--approvals`). 5: the problems that came and went (`findings.problems`).
    public static let currentSchemaVersion = 5

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
    /// New and resolved findings, when both galleries were checked; absent otherwise.
    public var findings: FindingChanges?
    /// What the approvals file and the review file decided, when there were any; absent otherwise.
    public var approvals: ApprovalRun?

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
        /// Widgets it can draw differently. Without `--pixels`, every widget of the new gallery:
        /// every page links it. With `--pixels`, the widgets with a frame drawn that it reaches: for
        /// a stylesheet, a frame with the classes a changed rule names (every frame, for a font or an
        /// at-rule such as `@font-face`); for a script, none, as frames are drawn without scripts.
        public var reaches: Int
        /// The file's SHA-256 in the base gallery and in the new one: what a decision names.
        public var baseDigest: String?
        public var newDigest: String?
        /// True for a stylesheet whose bytes changed but whose rules did not (only comments or
        /// spacing): it draws every frame the same, so `--pixels` draws no frame again for it.
        public var sameRules: Bool?
        /// The decision on this change, when one was made (`--approvals`).
        public var decision: DecisionMark?

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
}
