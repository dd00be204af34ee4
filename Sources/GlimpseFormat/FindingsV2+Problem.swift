extension FindingsV2 {
    /// One cause: a rule, an app's family and an element, whatever scenario, frame, scheme, screen,
    /// text size or language it was seen in. Every finding belongs to exactly one problem.
    package struct Problem: Codable, Sendable, Equatable {
        /// `p-` and 12 hex digits of the key's hash: the same cause has the same id in every check.
        package var id: String
        package var rule: CheckRule
        /// The worst of its findings'.
        package var severity: Severity
        package var app: String
        package var family: String
        /// What the element is: its source when its template names one, and a text or role seen.
        package var element: ProblemElement
        /// The representative finding's message.
        package var message: String
        /// Findings in all, those an entry of the accept file accepts, and the frames (a frame of a
        /// widget, in any scheme) and widgets they are in.
        package var findings: Int
        package var accepted: Int
        package var frames: Int
        package var widgets: Int
        /// The accept file's reason, when it accepts every finding of the problem.
        package var acceptedReason: String?
        /// Where it is seen, in words: "xxLarge and above on every screen; 1,204 frames; light, dark and tinted".
        package var extent: String
        /// Each value it is seen at, in the gallery's order.
        package var schemes: [String]
        package var textSizes: [String]
        package var devices: [String]
        package var languages: [String]
        package var scenarios: [String]
        /// Findings by text size, screen and language: only the cells where it is seen.
        package var grid: [GridCell]
        /// The frame that shows it best: the smallest text size, then the widest screen.
        package var representative: Representative
        /// With a baseline: `new` when none of its findings was in it.
        package var baseline: BaselineStatus?

        package init(
            id: String, rule: CheckRule, severity: Severity, app: String, family: String, element: ProblemElement,
            message: String, representative: Representative
        ) {
            self.id = id
            self.rule = rule
            self.severity = severity
            self.app = app
            self.family = family
            self.element = element
            self.message = message
            self.findings = 0
            self.accepted = 0
            self.frames = 0
            self.widgets = 0
            self.extent = ""
            self.schemes = []
            self.textSizes = []
            self.devices = []
            self.languages = []
            self.scenarios = []
            self.grid = []
            self.representative = representative
        }

        /// Whether it is an error that some finding of it fails with: an entry accepts not all of them.
        package var isUnacceptedError: Bool { severity == .error && accepted < findings }
    }

    /// A problem's element: its source, and one text or role it was seen with.
    package struct ProblemElement: Codable, Sendable, Equatable {
        package var source: String?
        package var text: String?
        package var role: String?

        package init(source: String?, text: String?, role: String?) {
            self.source = source
            self.text = text
            self.role = role
        }
    }

    /// How many findings of a problem are at one text size, screen class and language.
    package struct GridCell: Codable, Sendable, Equatable {
        package var textSize: String
        package var device: String
        package var language: String?
        package var findings: Int

        package init(textSize: String, device: String, language: String?, findings: Int) {
            self.textSize = textSize
            self.device = device
            self.language = language
            self.findings = findings
        }
    }

    /// The frame a problem is shown with, and the element's box in it.
    package struct Representative: Codable, Sendable, Equatable {
        package var widget: String
        package var page: String
        package var frame: String
        package var scheme: String
        package var box: Box
        /// Its picture in the report (`frames/<hash>.png`), when the run drew one.
        package var image: String?

        package init(widget: String, page: String, frame: String, scheme: String, box: Box, image: String? = nil) {
            self.widget = widget
            self.page = page
            self.frame = frame
            self.scheme = scheme
            self.box = box
            self.image = image
        }
    }
}

extension FindingsV2.Finding {
    /// What makes findings one problem: the rule, the app and family, and the element's identity
    /// (its source, else its text, else its role). Not the scenario, frame, scheme, screen, text
    /// size or language.
    package var problemKey: String {
        [rule.rawValue, widget.app, widget.family, element.identity].joined(separator: "\u{1F}")
    }

    /// The id of the problem of `problemKey`: `p-` and 12 hex digits of its 64-bit FNV-1a hash.
    package var problemID: String { Self.problemID(of: problemKey) }

    package static func problemID(of key: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "p-" + String((String(repeating: "0", count: 16 - hex.count) + hex).prefix(12))
    }
}

extension FindingsV2 {
    /// iOS's twelve text sizes, smallest first, as the manifest names them.
    package static let textSizeOrder = [
        "xSmall", "Small", "Medium", "Large", "xLarge", "xxLarge", "xxxLarge", "AX1", "AX2", "AX3", "AX4", "AX5",
    ]

    /// The schemes, in the order a frame draws them.
    package static let schemeOrder = [
        "light", "dark", "tinted", "clear-light", "clear-dark", "tinted-26", "vibrant-light", "vibrant-dark",
    ]

    /// Where `size` is in `textSizeOrder`; past the end for a name it does not have.
    package static func textSizeIndex(_ size: String?) -> Int {
        textSizeOrder.firstIndex(of: size ?? "Large") ?? textSizeOrder.count
    }
}
