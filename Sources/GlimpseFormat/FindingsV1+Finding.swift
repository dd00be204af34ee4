extension FindingsV1 {
    /// One thing a design reviewer would flag: in one frame of one widget, in one scheme.
    public struct Finding: Codable, Sendable, Equatable {
        public var rule: CheckRule
        public var severity: Severity
        public var widget: WidgetKey
        /// The widget's detail page, relative to the gallery.
        public var page: String
        /// The frame's anchor on that page (`t-0900`).
        public var frame: String
        /// `light`, `dark`, `tinted`, iOS 26's `clear-light`, `clear-dark` and `tinted-26`, or on the
        /// Lock Screen `vibrant-light` or `vibrant-dark`.
        public var scheme: String
        public var element: Element
        /// What is wrong, for a designer: "The title is cut to “Morning stret…” (13 of 15 characters)".
        public var message: String
        public var measured: Measured
        /// With a baseline: `new` or `persisting`. Absent without one.
        public var baseline: BaselineStatus?
        /// The reason of the accept file's entry that accepts it; absent when none does.
        public var accepted: String?

        public init(
            rule: CheckRule, severity: Severity, widget: WidgetKey, page: String, frame: String, scheme: String,
            element: Element, message: String, measured: Measured
        ) {
            self.rule = rule
            self.severity = severity
            self.widget = widget
            self.page = page
            self.frame = frame
            self.scheme = scheme
            self.element = element
            self.message = message
            self.measured = measured
        }

        /// What matches a finding across two checks (a baseline and this one): the rule, the widget,
        /// the frame, the scheme and the element. Not the message or the figures, which a rebuild
        /// may move a little without the problem being another.
        public var identity: String {
            [rule.rawValue, widget.key, frame, scheme, element.text ?? element.role ?? ""].joined(separator: "\u{1F}")
        }
    }

    /// A widget as `glimpse diff` keys it: `app/scenario/family`, then the variant
    /// (`@430x932@AX5`: the screen class where it is not the gallery's own, the text size where it
    /// is not Large).
    public struct WidgetKey: Codable, Sendable, Equatable {
        public var key: String
        public var app: String
        public var scenario: String
        public var family: String
        public var device: String?
        public var textSize: String?

        public init(key: String, app: String, scenario: String, family: String, device: String?, textSize: String?) {
            self.key = key
            self.app = app
            self.scenario = scenario
            self.family = family
            self.device = device
            self.textSize = textSize
        }
    }

    /// The element a finding is about: its text (or, for a drawing, its role) and its box.
    public struct Element: Codable, Sendable, Equatable {
        /// The element's whole text, as the store or the copy gave it.
        public var text: String?
        /// For an element without text: what it is (`ring`, `bar`, `image`, `widget`).
        public var role: String?
        public var box: Box

        public init(text: String?, role: String?, box: Box) {
            self.text = text
            self.role = role
            self.box = box
        }
    }

    /// A box in points, from the widget's top left corner.
    public struct Box: Codable, Sendable, Equatable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// The figures a finding was measured with; each rule fills its own.
    public struct Measured: Codable, Sendable, Equatable {
        /// `truncated`: the part shown, and its length and the whole text's, in characters.
        public var shown: String?
        public var shownCharacters: Int?
        public var characters: Int?
        /// `contrast`, `graphic-contrast`: the ratio, what the rule needs, and the two colours (`#RRGGBB`).
        public var ratio: Double?
        public var required: Double?
        public var foreground: String?
        public var background: String?
        /// `small-text`: the size drawn, and the floor, in points.
        public var fontSize: Double?
        public var minimumFontSize: Double?
        /// `clipped`, `margin`: how far, in points, past the box or into the margin; the margin.
        public var overflow: Double?
        public var margin: Double?
        /// `blank`: the schemes in which the frame does draw.
        public var drawnIn: [String]?
        /// `voiceover`: the label read, and the figures drawn that it leaves out.
        public var label: String?
        public var unsaid: [String]?

        public init() {}
    }

    /// Where a finding stands against the baseline.
    public enum BaselineStatus: String, Codable, CaseIterable, Sendable {
        case new
        case persisting
    }

    /// Counts for the report's head.
    public struct Summary: Codable, Sendable {
        public var findings: Int
        public var errors: Int
        public var warnings: Int
        public var accepted: Int
        /// With a baseline.
        public var new: Int?
        public var resolved: Int?
        /// Per rule, in rule order, only the rules with findings.
        public var rules: [RuleCount]

        public init(findings list: [Finding], resolved: [Finding]?) {
            self.init(baseline: resolved != nil)
            for finding in list { count(finding) }
            self.resolved = resolved?.count
        }

        /// Nothing counted yet; with a baseline, `new` and `resolved` start at 0.
        public init(baseline: Bool) {
            findings = 0
            errors = 0
            warnings = 0
            accepted = 0
            new = baseline ? 0 : nil
            resolved = baseline ? 0 : nil
            rules = []
        }

        /// Counts one more finding.
        public mutating func count(_ finding: Finding) {
            findings += 1
            if finding.severity == .error { errors += 1 } else { warnings += 1 }
            if finding.accepted != nil { accepted += 1 }
            if finding.baseline == .new, let counted = new { new = counted + 1 }
            if let index = rules.firstIndex(where: { $0.rule == finding.rule }) {
                rules[index].findings += 1
            } else {
                rules.append(RuleCount(rule: finding.rule, findings: 1))
                rules.sort { $0.rule < $1.rule }
            }
        }
    }

    public struct RuleCount: Codable, Sendable {
        public var rule: CheckRule
        public var findings: Int
    }
}
