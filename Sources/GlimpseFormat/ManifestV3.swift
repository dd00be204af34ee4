/// The manifest as this version of Glimpse writes it.
package typealias Manifest = ManifestV3

/// `manifest.json`, schema version 3: the machine-readable index of a build, for QA tools. Its
/// JSON Schema is `Schemas/manifest.schema.json` (`FormatSchema.manifest`); a gallery ships it
/// with the `app` enum of the apps it was built with.
///
/// Version 3 reads manifests of versions 1 and 2 too: each version only added fields, and those
/// are optional here. A change that removes or retypes a field is a `ManifestV4` beside this.
package struct ManifestV3: Codable, Sendable, Equatable {
    /// 2: `redacted`. 3: each widget's `device`, `textSize` and `cappedAt`; `tint`. 4: `formats`,
    /// `pseudo`, `notLocalized`, and each widget's `locale` and `pseudo`. 5: each frame's `sources`.
    /// 6: `templates`, and each widget's.
    package static let currentSchemaVersion = 6
    /// The versions `glimpse diff` and `snapshot` read: this one and every earlier one.
    package static let readableSchemaVersions = 1...currentSchemaVersion

    package var schemaVersion: Int
    package var generator: String
    package var now: String
    package var timeZone: String
    package var locale: String
    package var device: Device
    /// Built with `--redact`: store text and figures are placeholders. Absent before version 2.
    package var redacted: Bool?
    /// `--tint`, the colour the tinted renders were derived from (`#8DB4FF` by default). Absent
    /// before version 3.
    package var tint: String?
    /// `--appearance`, when it is not the standard `light`, `dark`, `tinted`: the Home Screen
    /// appearances drawn (`clear` as the `clear-light` and `clear-dark` schemes). Absent: those three.
    package var appearances: [String]?
    /// The ICU and CLDR numbers, dates and plurals were formatted with: "ICU 76.1, CLDR 46".
    /// Absent before version 4.
    package var formats: String?
    /// `--pseudo`: the copy in Xcode's pseudolanguage (`double`, `accented`, `bounded`, `rtl`,
    /// `rtl-strings`); absent without it.
    package var pseudo: String?
    /// The copy shown in English for want of a translation into `locale`, each key once, by app
    /// and key; absent when there is none (an English build). Absent before version 4.
    package var notLocalized: [NotLocalized]?
    /// Each template by name (`<app>/systemSmall`, `icons/check`) → the SHA-256 of its source:
    /// with each widget's `templates`, what tells `glimpse diff` that a template changed its frames.
    /// Absent before version 6.
    package var templates: [String: String]?
    package var diagnostics: [Diagnostic]
    package var widgets: [Widget]

    package init(
        schemaVersion: Int = currentSchemaVersion, generator: String, now: String, timeZone: String, locale: String,
        device: Device, redacted: Bool? = nil, tint: String? = nil, formats: String? = nil, pseudo: String? = nil,
        diagnostics: [Diagnostic],
        widgets: [Widget]
    ) {
        self.schemaVersion = schemaVersion
        self.generator = generator
        self.now = now
        self.timeZone = timeZone
        self.locale = locale
        self.device = device
        self.redacted = redacted
        self.tint = tint
        self.formats = formats
        self.pseudo = pseudo
        self.notLocalized = nil
        self.diagnostics = diagnostics
        self.widgets = widgets
    }

    /// The screen class a gallery was built for, first of all.
    package struct Device: Codable, Sendable, Equatable {
        package var name: String
        package var screen: Size

        package init(name: String, screen: Size) {
            self.name = name
            self.screen = screen
        }
    }

    /// A key of an app's copy with no translation into the build's locale: its English text, as
    /// written, placeholders and all ("+{count} more"), which `glimpse check` finds on the widgets.
    package struct NotLocalized: Codable, Sendable, Equatable {
        package var app: String
        package var key: String
        package var text: String
        /// The locale it has no translation into, in a gallery of several; `nil`: the manifest's.
        package var locale: String?
        /// The file to translate, for what is not the copy (`content/prompts/<app>/03.md`); `nil`:
        /// `content/copy/<app>/<key>.md`.
        package var file: String?

        package init(app: String, key: String, text: String, locale: String? = nil, file: String? = nil) {
            self.app = app
            self.key = key
            self.text = text
            self.locale = locale
            self.file = file
        }
    }

    package struct Size: Codable, Sendable, Equatable {
        package var width: Int
        package var height: Int

        package init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// One widget: an app's family in one scenario, at one screen class and text size.
    package struct Widget: Codable, Sendable, Equatable {
        package var app: String
        package var scenario: String
        package var family: String
        package var size: Size
        package var page: String
        package var now: String
        package var timeZone: String
        package var frames: [Frame]
        package var reloads: [Reload]
        package var diagnostics: [Diagnostic]
        /// Taps one after another from `now`, for widgets with intents; absent otherwise.
        package var storyboard: [Tap]?
        /// The screen class (`393x852`). Absent before version 3: the manifest's `device`.
        package var device: String?
        /// The Dynamic Type size asked for (`Large`, `AX5`). Absent before version 3: Large.
        package var textSize: String?
        /// The size the widget drew at instead, when its app caps below `textSize`.
        package var cappedAt: String?
        /// The locale of its copy and formats (`de_DE`). Absent before version 4: the manifest's `locale`.
        package var locale: String?
        /// Xcode's pseudolanguage over that copy (`double`), absent for none. Before version 4: the
        /// manifest's `pseudo`.
        package var pseudo: String?
        /// The templates its frames, placeholder and storyboard were drawn through, partials
        /// included, by name, sorted. Absent before version 6.
        package var templates: [String]?

        package init(
            app: String, scenario: String, family: String, size: Size, page: String, now: String, timeZone: String,
            frames: [Frame], reloads: [Reload], diagnostics: [Diagnostic], storyboard: [Tap]? = nil,
            device: String? = nil,
            textSize: String? = nil, cappedAt: String? = nil, locale: String? = nil, pseudo: String? = nil
        ) {
            self.app = app
            self.scenario = scenario
            self.family = family
            self.size = size
            self.page = page
            self.now = now
            self.timeZone = timeZone
            self.frames = frames
            self.reloads = reloads
            self.diagnostics = diagnostics
            self.storyboard = storyboard
            self.device = device
            self.textSize = textSize
            self.cappedAt = cappedAt
            self.locale = locale
            self.pseudo = pseudo
        }
    }

    /// One step of a tap storyboard: the tap, and what the widget shows right after it.
    package struct Tap: Codable, Sendable, Equatable {
        package var at: String
        package var action: String
        package var link: String
        package var state: String
        package var texts: [String]
        /// The step's anchor on its page, such as `tap-1`.
        package var anchor: String

        package init(at: String, action: String, link: String, state: String, texts: [String], anchor: String) {
            self.at = at
            self.action = action
            self.link = link
            self.state = state
            self.texts = texts
            self.anchor = anchor
        }
    }

    /// What a widget shows from `start` to `end`.
    package struct Frame: Codable, Sendable, Equatable {
        /// The key of `sources` that holds what VoiceOver says of the frame, which no element's text holds.
        package static let voiceOverSource = "voiceover"

        package var start: String
        package var end: String
        package var state: String
        package var texts: [String]
        package var links: [String]
        /// The SHA-256 of the frame's HTML in every scheme.
        package var hash: String
        package var reload: Int
        /// The frame's stable anchor on its page, such as `t-0930`.
        package var anchor: String
        /// What each copy key of the frame's markup drew (`copy:goal/done-today` → "Done today");
        /// several elements of one key joined with " · ". Absent before version 5.
        package var sources: [String: String]?

        package init(
            start: String, end: String, state: String, texts: [String], links: [String], hash: String, reload: Int,
            anchor: String, sources: [String: String]? = nil
        ) {
            self.sources = sources
            self.start = start
            self.end = end
            self.state = state
            self.texts = texts
            self.links = links
            self.hash = hash
            self.reload = reload
            self.anchor = anchor
        }
    }

    /// One row of a widget's reload log.
    package struct Reload: Codable, Sendable, Equatable {
        package var at: String
        package var reason: String
        package var budgeted: Bool
        package var refused: Bool
        package var budgetLeft: Int
        package var failed: Bool
        package var note: String?

        package init(
            at: String, reason: String, budgeted: Bool, refused: Bool, budgetLeft: Int, failed: Bool,
            note: String? = nil
        ) {
            self.at = at
            self.reason = reason
            self.budgeted = budgeted
            self.refused = refused
            self.budgetLeft = budgetLeft
            self.failed = failed
            self.note = note
        }
    }

    package struct Diagnostic: Codable, Sendable, Equatable {
        /// `info`, `warning` or `error`.
        package var severity: String
        package var message: String
        /// Relative to the store root.
        package var file: String?

        package init(severity: String, message: String, file: String? = nil) {
            self.severity = severity
            self.message = message
            self.file = file
        }
    }
}
