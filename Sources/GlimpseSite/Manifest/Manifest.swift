/// `manifest.json`: the machine-readable index of a build, for QA tools.
/// Its JSON Schema ships as `manifest.schema.json`; bump `schemaVersion` when it changes.
public struct Manifest: Codable, Sendable, Equatable {
    /// 2: `redacted`. 3: each widget's `device`, `textSize` and `cappedAt`; `tint`.
    public static let currentSchemaVersion = 3
    /// The versions `glimpse diff` and `snapshot` read: this one and every earlier one.
    public static let readableSchemaVersions = 1...currentSchemaVersion

    public var schemaVersion: Int
    public var generator: String
    public var now: String
    public var timeZone: String
    public var locale: String
    public var device: Device
    /// Built with `--redact`: store text and figures are placeholders. Absent before version 2.
    public var redacted: Bool?
    /// `--tint`, the colour the tinted renders were derived from (`#8DB4FF` by default). Absent before version 3.
    public var tint: String?
    public var diagnostics: [Diagnostic]
    public var widgets: [Widget]

    public struct Device: Codable, Sendable, Equatable {
        public var name: String
        public var screen: Size
    }

    public struct Size: Codable, Sendable, Equatable {
        public var width: Int
        public var height: Int
    }

    public struct Widget: Codable, Sendable, Equatable {
        public var app: String
        public var scenario: String
        public var family: String
        public var size: Size
        public var page: String
        public var now: String
        public var timeZone: String
        public var frames: [Frame]
        public var reloads: [Reload]
        public var diagnostics: [Diagnostic]
        /// Taps one after another from `now`, for widgets with intents; absent otherwise.
        public var storyboard: [Tap]?
        /// The screen class (`393x852`). Absent before version 3: the manifest's `device`.
        public var device: String?
        /// The Dynamic Type size asked for (`Large`, `AX5`). Absent before version 3: Large.
        public var textSize: String?
        /// The size the widget drew at instead, when its app caps below `textSize`.
        public var cappedAt: String?
    }

    /// One step of a tap storyboard: the tap, and what the widget shows right after it.
    public struct Tap: Codable, Sendable, Equatable {
        public var at: String
        public var action: String
        public var link: String
        public var state: String
        public var texts: [String]
        /// The step's anchor on its page, such as `tap-1`.
        public var anchor: String
    }

    public struct Frame: Codable, Sendable, Equatable {
        public var start: String
        public var end: String
        public var state: String
        public var texts: [String]
        public var links: [String]
        public var hash: String
        public var reload: Int
        /// The frame's stable anchor on its page, such as `t-0930`.
        public var anchor: String
    }

    public struct Reload: Codable, Sendable, Equatable {
        public var at: String
        public var reason: String
        public var budgeted: Bool
        public var refused: Bool
        public var budgetLeft: Int
        public var failed: Bool
        public var note: String?
    }

    public struct Diagnostic: Codable, Sendable, Equatable {
        public var severity: String
        public var message: String
        public var file: String?
    }
}
