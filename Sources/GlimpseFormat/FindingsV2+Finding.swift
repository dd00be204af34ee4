extension FindingsV2 {
    /// One thing a design reviewer would flag: in one frame of one widget, in one scheme.
    package struct Finding: Codable, Sendable, Equatable {
        package var rule: CheckRule
        package var severity: Severity
        package var widget: WidgetKey
        /// The widget's detail page, relative to the gallery.
        package var page: String
        /// The frame's anchor on that page (`t-0900`).
        package var frame: String
        /// `light`, `dark`, `tinted`, iOS 26's `clear-light`, `clear-dark` and `tinted-26`, or on the
        /// Lock Screen `vibrant-light` or `vibrant-dark`.
        package var scheme: String
        package var element: Element
        /// What is wrong, for a designer: "The title is cut to “Morning stret…” (13 of 15 characters)".
        package var message: String
        package var measured: Measured
        /// With a baseline: `new` or `persisting`. Absent without one.
        package var baseline: BaselineStatus?
        /// The reason of the accept file's entry that accepts it; absent when none does.
        package var accepted: String?
        /// The id of its problem (`Problem.id`): the cause it is one sighting of. Absent before version 2.
        package var problem: String?

        package init(
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
        package var identity: String {
            [rule.rawValue, widget.key, frame, scheme, element.text ?? element.role ?? ""].joined(separator: "\u{1F}")
        }
    }

    /// A widget as `glimpse diff` keys it: `app/scenario/family`, then the variant
    /// (`@430x932@AX5`: the screen class where it is not the gallery's own, the text size where it
    /// is not Large).
    package struct WidgetKey: Codable, Sendable, Equatable {
        package var key: String
        package var app: String
        package var scenario: String
        package var family: String
        package var device: String?
        package var textSize: String?
        /// The widget's locale (`de_DE`) and pseudolanguage (`accented`), in a gallery of several
        /// languages; absent before version 2.
        package var locale: String?
        package var pseudo: String?

        package init(
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
        package var language: String? {
            switch (locale, pseudo) {
            case (nil, nil): nil
            case (let locale?, nil): locale
            case (let locale, let pseudo?): (locale ?? "") + "+" + pseudo
            }
        }
    }

    /// The element a finding is about: its text (or, for a drawing, its role), where it came from,
    /// and its box.
    package struct Element: Codable, Sendable, Equatable {
        /// The element's whole text, as the store or the copy gave it.
        package var text: String?
        /// For an element without text: what it is (`ring`, `bar`, `image`, `widget`).
        package var role: String?
        /// What drew it, as its template's `data-source` says: a copy key (`copy:goal/done-today`),
        /// a store field (`store:habits[].title`), a format (`format:wallet/total`) or a role
        /// (`role:progress-ring`). Absent where the template says none.
        package var source: String?
        package var box: Box

        package init(text: String?, role: String?, source: String? = nil, box: Box) {
            self.text = text
            self.role = role
            self.source = source
            self.box = box
        }

        /// What the element is across frames, languages and stores: its source, else its text,
        /// else its role.
        package var identity: String { source ?? text ?? role ?? "" }
    }

    /// A box in points, from the widget's top left corner.
    package struct Box: Codable, Sendable, Equatable {
        package var x: Double
        package var y: Double
        package var width: Double
        package var height: Double

        package init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// The figures a finding was measured with; each rule fills its own.
    package struct Measured: Codable, Sendable, Equatable {
        /// `truncated`: the part shown, and its length and the whole text's, in characters.
        package var shown: String?
        package var shownCharacters: Int?
        package var characters: Int?
        /// `contrast`, `graphic-contrast`: the ratio, what the rule needs, and the two colours (`#RRGGBB`).
        package var ratio: Double?
        package var required: Double?
        package var foreground: String?
        package var background: String?
        /// `small-text`: the size drawn, and the floor, in points.
        package var fontSize: Double?
        package var minimumFontSize: Double?
        /// `clipped`, `margin`: how far, in points, past the box or into the margin; the margin.
        package var overflow: Double?
        package var margin: Double?
        /// `blank`: the schemes in which the frame does draw.
        package var drawnIn: [String]?
        /// `voiceover`: the label read, and the figures drawn that it leaves out.
        package var label: String?
        package var unsaid: [String]?
        /// `overlap`: the other element (its text or role) and its source; `overflow` is how far,
        /// in points, the two inks run into each other.
        package var with: String?
        package var withSource: String?
        /// `hit-target`: the target's size, the minimum, and the gap to the nearest other target
        /// (0 when they touch), in points.
        package var targetWidth: Double?
        package var targetHeight: Double?
        package var minimumTarget: Double?
        package var gap: Double?
        /// `not-scaling`: the text sizes compared, smallest and largest; `fontSize` is the size at both.
        package var textSizes: [String]?

        package init() {}
    }

    /// Where a finding stands against the baseline.
    package enum BaselineStatus: String, Codable, CaseIterable, Sendable {
        case new
        case persisting
    }

    /// Counts for the report's head.
    package struct Summary: Codable, Sendable {
        package var findings: Int
        package var errors: Int
        package var warnings: Int
        package var accepted: Int
        /// Problems (causes) in all, those that are errors, and the errors no entry accepts. Absent
        /// before version 2.
        package var problems: Int?
        package var errorProblems: Int?
        package var unacceptedErrorProblems: Int?
        /// With a baseline.
        package var new: Int?
        package var resolved: Int?
        /// Per rule, in rule order, only the rules with findings.
        package var rules: [RuleCount]

        package init(findings list: [Finding], resolved: [Finding]?) {
            self.init(baseline: resolved != nil)
            for finding in list { count(finding) }
            self.resolved = resolved?.count
        }

        /// Nothing counted yet; with a baseline, `new` and `resolved` start at 0.
        package init(baseline: Bool) {
            findings = 0
            errors = 0
            warnings = 0
            accepted = 0
            new = baseline ? 0 : nil
            resolved = baseline ? 0 : nil
            rules = []
        }

        /// Counts the problems, those that are errors, and the errors no entry accepts whole.
        package mutating func count(problems list: [Problem]) {
            problems = list.count
            errorProblems = list.filter { $0.severity == .error }.count
            unacceptedErrorProblems = list.filter(\.isUnacceptedError).count
        }

        /// Counts one more finding.
        package mutating func count(_ finding: Finding) {
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

    package struct RuleCount: Codable, Sendable {
        package var rule: CheckRule
        package var findings: Int
    }
}
