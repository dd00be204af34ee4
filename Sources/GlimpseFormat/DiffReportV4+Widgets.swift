extension DiffReportV4 {
    /// Diagnostics only the new gallery has, and only the base had.
    package struct DiagnosticChanges: Codable, Sendable {
        package var new: [DiagnosticText] = []
        package var resolved: [DiagnosticText] = []

        package init(new: [DiagnosticText] = [], resolved: [DiagnosticText] = []) {
            self.new = new
            self.resolved = resolved
        }

        package var isEmpty: Bool { new.isEmpty && resolved.isEmpty }
    }

    /// One widget of either gallery, and what changed in it.
    package struct WidgetChange: Codable, Sendable {
        /// `app/scenario/family`, with `@<class>`, `@<text size>` and `@<locale>` for variants.
        package var key: String
        package var app: String
        package var scenario: String
        package var family: String
        /// The screen class and Dynamic Type size, from manifests of version 3 on.
        package var device: String?
        package var textSize: String?
        /// The locale and pseudolanguage, from manifests of version 4 on.
        package var locale: String?
        package var pseudo: String?
        /// `added`, `removed`, `changed` or `unchanged`.
        package var status = "unchanged"
        package var basePage: String?
        package var newPage: String?
        /// The SHA-256 of what the diff compares of the widget in the base gallery and in the new
        /// one: its frames (offset, hash, state, texts, links), its storyboard, its reload log, its
        /// diagnostics, its size and the gallery's look. What a decision names; absent on the side
        /// without the widget.
        package var baseDigest: String?
        package var newDigest: String?
        /// The decision on this change, when one was made (`--approvals`).
        package var decision: DecisionMark?
        /// The ids of the causes of this change (`DiffReport.causes`); empty when unchanged.
        package var causes: [String] = []
        /// The templates it is drawn through whose source differs between the galleries, by name
        /// (`goal/systemSmall`); absent when none does, or a manifest does not say.
        package var templates: [String]?
        package var frames: [FrameChange] = []
        /// Steps of the tap storyboard (the action, then what the widget shows) that differ.
        package var storyboard: [FrameChange] = []
        package var reloads: [ReloadChange] = []
        /// Reload by reload, matched by offset and reason: the rows only one gallery has, or that differ.
        package var reloadRows: [ReloadRowChange] = []
        package var diagnostics = DiagnosticChanges()
        /// The redacted placeholder, when its pixels changed (`--pixels`).
        package var placeholder: FrameChange?
        /// Whether the widget looks different (`--pixels` only): added, removed, a frame added or
        /// removed, or any frame's pixels changed. A frame whose pixels are equal is no visual change,
        /// even when its HTML changed.
        package var visual: Bool?
        /// What one image shows of the widget in a review: an added or removed widget's first frame.
        package var preview: [SchemePixels]?

        package init(key: String, app: String, scenario: String, family: String, device: String?, textSize: String?) {
            self.key = key
            self.app = app
            self.scenario = scenario
            self.family = family
            self.device = device
            self.textSize = textSize
        }
    }

    /// One frame only one gallery has, or that differs, matched by its offset from `now`.
    package struct FrameChange: Codable, Sendable {
        /// Seconds after the widget's `now`: how frames are matched.
        package var offset: Int
        package var anchor: String
        package var start: String
        /// `added`, `removed`, `changed` (its state, texts, links or HTML), or `restyled` (the same
        /// HTML drawn differently: a shared asset changed).
        package var change: String
        package var stateBefore: String?
        package var stateAfter: String?
        package var textsBefore: [String]?
        package var textsAfter: [String]?
        /// The frame's HTML differs (its hash), whether or not its text does.
        package var htmlChanged = false
        /// Each source (a copy key, a store field, a format) whose words differ, from manifests of
        /// version 5 on: what made the texts change.
        package var sources: [SourceChange]?
        /// Each scheme compared pixel by pixel (`--pixels`).
        package var pixels: [SchemePixels]?

        package init(offset: Int, anchor: String, start: String, change: String) {
            self.offset = offset
            self.anchor = anchor
            self.start = start
            self.change = change
        }
    }

    /// A source of a frame whose words differ: "copy:goal/done-today" from “Done today” to “Done for
    /// today”; absent on the side where the frame does not draw it.
    package struct SourceChange: Codable, Sendable, Equatable {
        package var source: String
        package var before: String?
        package var after: String?

        package init(source: String, before: String?, after: String?) {
            self.source = source
            self.before = before
            self.after = after
        }

        /// The sources of two frames whose words differ, by source; nil when either frame has none.
        package static func between(_ base: [String: String]?, _ new: [String: String]?) -> [SourceChange]? {
            guard let base, let new else { return nil }
            let changed = Set(base.keys).union(new.keys).sorted().filter { base[$0] != new[$0] }
            return changed.isEmpty ? nil : changed.map { SourceChange(source: $0, before: base[$0], after: new[$0]) }
        }
    }

    /// A count of a widget's reload log that differs.
    package struct ReloadChange: Codable, Sendable {
        /// `budgetUsed`, `refused`, `failed` or `reloads`.
        package var measure: String
        package var before: Int
        package var after: Int

        package init(measure: String, before: Int, after: Int) {
            self.measure = measure
            self.before = before
            self.after = after
        }
    }

    /// One reload only one gallery has, or whose outcome differs, matched by its offset from `now`
    /// and its reason.
    package struct ReloadRowChange: Codable, Sendable {
        package var offset: Int
        package var at: String
        package var reason: String
        /// `added`, `removed` or `changed`.
        package var change: String
        /// `budgeted`, `refused`, `failed` or `free`, before and after.
        package var before: String?
        package var after: String?

        package init(offset: Int, at: String, reason: String, change: String, before: String?, after: String?) {
            self.offset = offset
            self.at = at
            self.reason = reason
            self.change = change
            self.before = before
            self.after = after
        }
    }
}
