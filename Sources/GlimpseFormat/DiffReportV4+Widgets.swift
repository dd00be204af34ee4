extension DiffReportV4 {
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
        /// `app/scenario/family`, with `@<class>`, `@<text size>` and `@<locale>` for variants.
        public var key: String
        public var app: String
        public var scenario: String
        public var family: String
        /// The screen class and Dynamic Type size, from manifests of version 3 on.
        public var device: String?
        public var textSize: String?
        /// The locale and pseudolanguage, from manifests of version 4 on.
        public var locale: String?
        public var pseudo: String?
        /// `added`, `removed`, `changed` or `unchanged`.
        public var status = "unchanged"
        public var basePage: String?
        public var newPage: String?
        /// The SHA-256 of what the diff compares of the widget in the base gallery and in the new
        /// one: its frames (offset, hash, state, texts, links), its storyboard, its reload log, its
        /// diagnostics, its size and the gallery's look. What a decision names; absent on the side
        /// without the widget.
        public var baseDigest: String?
        public var newDigest: String?
        /// The decision on this change, when one was made (`--approvals`).
        public var decision: DecisionMark?
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
        /// Each source (a copy key, a store field, a format) whose words differ, from manifests of
        /// version 5 on: what made the texts change.
        public var sources: [SourceChange]?
        /// Each scheme compared pixel by pixel (`--pixels`).
        public var pixels: [SchemePixels]?

        public init(offset: Int, anchor: String, start: String, change: String) {
            self.offset = offset
            self.anchor = anchor
            self.start = start
            self.change = change
        }
    }

    /// A source of a frame whose words differ: "copy:goal/done-today" from “Done today” to “Done for
    /// today”; absent on the side where the frame does not draw it.
    public struct SourceChange: Codable, Sendable, Equatable {
        public var source: String
        public var before: String?
        public var after: String?

        public init(source: String, before: String?, after: String?) {
            self.source = source
            self.before = before
            self.after = after
        }

        /// The sources of two frames whose words differ, by source; nil when either frame has none.
        public static func between(_ base: [String: String]?, _ new: [String: String]?) -> [SourceChange]? {
            guard let base, let new else { return nil }
            let changed = Set(base.keys).union(new.keys).sorted().filter { base[$0] != new[$0] }
            return changed.isEmpty ? nil : changed.map { SourceChange(source: $0, before: base[$0], after: new[$0]) }
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
}
