/// The findings as this version of Glimpse writes them.
public typealias Findings = FindingsV1

/// `findings.json`, schema version 1: what `glimpse check` found wrong in a gallery, the way a design
/// reviewer would flag it. Its JSON Schema is `Schemas/findings.schema.json` (`FormatSchema.findings`).
public struct FindingsV1: Codable, Sendable {
    public static let currentSchemaVersion = 1

    public var schemaVersion = currentSchemaVersion
    /// The gallery that was checked.
    public var gallery: Gallery
    /// The rules that ran, in `CheckRule` order.
    public var rules: [CheckRule]
    public var summary: Summary
    /// Every finding, accepted ones too (each says so): sorted by widget key, frame, scheme, rule.
    public var findings: [Finding]
    /// With a baseline: its findings that this gallery no longer has. Absent without one.
    public var resolved: [Finding]?

    public init(gallery: Gallery, rules: [CheckRule], findings: [Finding], resolved: [Finding]? = nil) {
        self.gallery = gallery
        self.rules = rules
        self.findings = findings
        self.resolved = resolved
        self.summary = Summary(findings: findings, resolved: resolved)
    }

    /// The gallery checked: where it was, and what its manifest says of it.
    public struct Gallery: Codable, Sendable {
        public var path: String
        public var generator: String
        public var now: String
        public var widgets: Int

        public init(path: String, generator: String, now: String, widgets: Int) {
            self.path = path
            self.generator = generator
            self.now = now
            self.widgets = widgets
        }
    }
}

/// A rule of `glimpse check`, by the id a finding, `--rule` and an accept file name it with.
public enum CheckRule: String, Codable, CaseIterable, Sendable, Comparable {
    /// Text ends in an ellipsis or is line-clamped.
    case truncated
    /// Something drawn outside the widget's box, or cut off without an ellipsis or clamp.
    case clipped
    /// Text under WCAG AA against the colours drawn behind it.
    case contrast
    /// A ring, bar, glyph or accent fill that carries meaning, under 3:1 against what is beside it.
    case graphicContrast = "graphic-contrast"
    /// Text under 11 pt after Dynamic Type.
    case smallText = "small-text"
    /// Content inside the widget's content margins.
    case margin
    /// A frame that draws nothing in one scheme while it does in another.
    case blank
    /// A frame without an accessibility label, or one that leaves out a figure the widget shows.
    case voiceover
    /// The app's copy shown in English for want of a translation into the gallery's locale.
    case notLocalized = "not-localized"
    /// A background the app marks not removable, in a scheme where WidgetKit removes backgrounds.
    case keptBackground = "kept-background"

    /// How bad a finding of the rule is, where the rule alone decides it (`truncated` depends on
    /// whose text was cut: see `Finding.severity`).
    public var severity: Severity {
        switch self {
        case .truncated, .clipped, .contrast, .smallText, .blank: .error
        case .graphicContrast, .margin, .voiceover, .notLocalized, .keptBackground: .warning
        }
    }

    public static func < (lhs: CheckRule, rhs: CheckRule) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// `error` fails a check (under `--fail-on`); `warning` is reported.
public enum Severity: String, Codable, CaseIterable, Sendable {
    case error
    case warning
}
