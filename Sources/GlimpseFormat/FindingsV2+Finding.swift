extension FindingsV2 {
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
        /// The id of its problem (`Problem.id`): the cause it is one sighting of. Absent before version 2.
        public var problem: String?

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
        /// The widget's locale (`de_DE`) and pseudolanguage (`accented`), in a gallery of several
        /// languages; absent before version 2.
        public var locale: String?
        public var pseudo: String?

        public init(
            key: String, app: String, scenario: String, family: String, device: String?, textSize: String?,
            locale: String? = nil, pseudo: String? = nil
        ) {
            self.key = key
            self.app = app
            self.scenario = scenario
            self.family = family
            self.device = device
            self.textSize = textSize
            self.locale = locale
            self.pseudo = pseudo
        }

        /// The language its copy is in, as the report names it: `de_DE`, `en_US+accented`; nil when
        /// the finding does not say (version 1).
        public var language: String? {
            switch (locale, pseudo) {
            case (nil, nil): nil
            case (let locale?, nil): locale
            case (let locale, let pseudo?): (locale ?? "") + "+" + pseudo
            }
        }
    }

    /// The element a finding is about: its text (or, for a drawing, its role), where it came from,
    /// and its box.
    public struct Element: Codable, Sendable, Equatable {
        /// The element's whole text, as the store or the copy gave it.
        public var text: String?
        /// For an element without text: what it is (`ring`, `bar`, `image`, `widget`).
        public var role: String?
        /// What drew it, as its template's `data-source` says: a copy key (`copy:goal/done-today`),
        /// a store field (`store:habits[].title`), a format (`format:wallet/total`) or a role
        /// (`role:progress-ring`). Absent where the template says none.
        public var source: String?
        public var box: Box

        public init(text: String?, role: String?, source: String? = nil, box: Box) {
            self.text = text
            self.role = role
            self.source = source
            self.box = box
        }

        /// What the element is across frames, languages and stores: its source, else its text,
        /// else its role.
        public var identity: String { source ?? text ?? role ?? "" }
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
        /// `overlap`: the other element (its text or role) and its source; `overflow` is how far,
        /// in points, the two inks run into each other.
        public var with: String?
        public var withSource: String?
        /// `hit-target`: the target's size, the minimum, and the gap to the nearest other target
        /// (0 when they touch), in points.
        public var targetWidth: Double?
        public var targetHeight: Double?
        public var minimumTarget: Double?
        public var gap: Double?
        /// `not-scaling`: the text sizes compared, smallest and largest; `fontSize` is the size at both.
        public var textSizes: [String]?

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
        /// Problems (causes) in all, those that are errors, and the errors no entry accepts. Absent
        /// before version 2.
        public var problems: Int?
        public var errorProblems: Int?
        public var unacceptedErrorProblems: Int?
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

        /// Counts the problems, those that are errors, and the errors no entry accepts whole.
        public mutating func count(problems list: [Problem]) {
            problems = list.count
            errorProblems = list.filter { $0.severity == .error }.count
            unacceptedErrorProblems = list.filter(\.isUnacceptedError).count
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
