/// The review's `diff.json` as this version of Glimpse writes it.
package typealias DiffReport = DiffReportV4

/// `review/diff.json`, schema version 7: what `glimpse diff` found. Its JSON Schema is
/// `Schemas/diff.schema.json` (`FormatSchema.diff`), copied beside it.
package struct DiffReportV4: Codable, Sendable {
    /// 3: each widget's `device` and `textSize`. 4: each change's digests before and after, and
    /// the decision on it (`--approvals`). 5: the problems that came and went (`findings.problems`).
    /// 6: the causes of the changes (`causes`, and each widget's). 7: a stylesheet's changed rules
    /// (`AssetChange.rules`), each a cause of its own (`rule`); each widget's changed `templates`,
    /// each a cause (`template`).
    package static let currentSchemaVersion = 7

    package var schemaVersion = currentSchemaVersion
    package var base: Side
    package var new: Side
    /// Build settings that differ: the clock, zone, locale, screen class, reload budget.
    package var settings: [SettingChange] = []
    package var summary = Summary()
    /// Files under `assets/` (the stylesheet, the script, fonts) that differ.
    package var assets: [AssetChange] = []
    /// Build-wide diagnostics.
    package var diagnostics = DiagnosticChanges()
    /// Every widget of either gallery, by key, with what changed.
    package var widgets: [WidgetChange] = []
    /// What made the changes, most widgets first (`Cause`).
    package var causes: [Cause] = []
    /// How the pixels were compared, with `--pixels`; absent otherwise.
    package var pixels: PixelRun?
    /// New and resolved findings, when both galleries were checked; absent otherwise.
    package var findings: FindingChanges?
    /// What the approvals file and the review file decided, when there were any; absent otherwise.
    package var approvals: ApprovalRun?

    package init(base: Side, new: Side) {
        self.base = base
        self.new = new
    }

    /// One of the two galleries compared.
    package struct Side: Codable, Sendable {
        package var path: String
        package var generator: String
        package var schemaVersion: Int
        package var now: String
        package var widgets: Int

        package init(path: String, generator: String, schemaVersion: Int, now: String, widgets: Int) {
            self.path = path
            self.generator = generator
            self.schemaVersion = schemaVersion
            self.now = now
            self.widgets = widgets
        }
    }

    /// A build setting the galleries differ in: `now`, `timeZone`, `locale`, `device`, `redacted`,
    /// `tint` or `reloadBudget`.
    package struct SettingChange: Codable, Sendable {
        package var setting: String
        package var before: String
        package var after: String

        package init(setting: String, before: String, after: String) {
            self.setting = setting
            self.before = before
            self.after = after
        }
    }

    /// How many widgets changed, in all and by app.
    package struct Summary: Codable, Sendable {
        package var widgets = 0
        package var added = 0
        package var removed = 0
        package var changed = 0
        package var unchanged = 0
        package var framesChanged = 0
        /// Widgets that look different (`--pixels` only).
        package var visual: Int?
        package var apps: [AppSummary] = []

        package init() {}

        package struct AppSummary: Codable, Sendable {
            package var app: String
            package var added: Int
            package var removed: Int
            package var changed: Int
            package var unchanged: Int
            package var visual: Int?

            package init(app: String, added: Int, removed: Int, changed: Int, unchanged: Int, visual: Int?) {
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
    package struct AssetChange: Codable, Sendable {
        package var path: String
        /// `added`, `removed` or `changed`.
        package var change: String
        /// Widgets it can draw differently. Without `--pixels`, every widget of the new gallery:
        /// every page links it. With `--pixels`, the widgets with a frame drawn that it reaches: for
        /// a stylesheet, a frame with the classes a changed rule names (every frame, for a font or an
        /// at-rule such as `@font-face`); for a script, none, as frames are drawn without scripts.
        package var reaches: Int
        /// The file's SHA-256 in the base gallery and in the new one: what a decision names.
        package var baseDigest: String?
        package var newDigest: String?
        /// True for a stylesheet whose bytes changed but whose rules did not (only comments or
        /// spacing): it draws every frame the same, so `--pixels` draws no frame again for it.
        package var sameRules: Bool?
        /// For a stylesheet read as rules: the rules that differ, one entry per selector. Absent
        /// when it cannot be told rule by rule (not a stylesheet, unreadable, rules moved).
        package var rules: [RuleChange]?
        /// The decision on this change, when one was made (`--approvals`).
        package var decision: DecisionMark?

        package init(path: String, change: String, reaches: Int) {
            self.path = path
            self.change = change
            self.reaches = reaches
        }
    }

    /// One selector's rules in a changed stylesheet: their declarations before and after.
    package struct RuleChange: Codable, Sendable, Hashable {
        /// The selector list, inside the conditional groups around it: `.og-total`,
        /// `@media (min-width: 40em) .og-total`.
        package var selector: String
        /// The declarations, as the stylesheet has them without its comments and spacing; absent
        /// on the side without the rule. Rules of one selector met twice are joined by a newline.
        package var before: String?
        package var after: String?
        /// The widgets (keys) both galleries have with a frame whose classes it names: with
        /// `--pixels`, among the frames drawn; without, read from the new gallery's pages.
        package var widgets: [String]?

        package init(selector: String, before: String?, after: String?) {
            self.selector = selector
            self.before = before
            self.after = after
        }
    }

    package struct DiagnosticText: Codable, Sendable, Hashable, Comparable {
        package var severity: String
        package var message: String
        package var file: String?

        package init(severity: String, message: String, file: String?) {
            self.severity = severity
            self.message = message
            self.file = file
        }

        package static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.file ?? "", lhs.message, lhs.severity) < (rhs.file ?? "", rhs.message, rhs.severity)
        }
    }
}
