import GlimpseCore
import Widgets

/// The view models of the gallery's pages. Templates only present them.

struct LayoutModel: Encodable {
    var title: String
    /// "", "../" or "../../": the way back to the gallery's root.
    var root: String
    var body: HTMLFragment
    /// The sidebar's HTML, from `Navigation`.
    var navigation: HTMLFragment
    var script: Bool
    /// Built with `--redact`: the page says so at its top.
    var redacted: Bool
}

struct IndexModel: Encodable {
    var build: BuildInfo
    var apps: [AppCard]
    var diagnostics: [DiagnosticModel]
    var hasDiagnostics: Bool
}

struct BuildInfo: Encodable {
    var now: String
    var timeZone: String
    var locale: String
    var device: String
    var budget: Int
}

struct AppCard: Encodable {
    var name: String
    var href: String
    var scenarioCount: Int
    var familyCount: Int
    var stateCount: Int
    var warningCount: Int
    var hasWarnings: Bool
    var thumbnails: HTMLFragment
}

struct AppPageModel: Encodable {
    var name: String
    var scenarios: [ScenarioRow]
    var notes: [String]
    var hasNotes: Bool
    /// The spec beside the shipped widget, when the app's content has it.
    var shipped: ShippedSummaryModel?
}

struct ScenarioRow: Encodable {
    var id: String
    var title: String
    var description: String
    /// "1 warning", "3 warnings".
    var warningsText: String
    var hasWarnings: Bool
    var cells: [MatrixCell]
}

struct MatrixCell: Encodable {
    var href: String
    var label: String
    var thumbnails: HTMLFragment
    /// "1 frame", "12 frames".
    var framesText: String
    var stateSummary: String
}

struct DetailModel: Encodable {
    var appName: String
    var appHref: String
    var scenarioTitle: String
    var scenarioDescription: String
    var familyName: String
    var familyId: String
    /// The unit's context page: this widget where it lives.
    var contextHref: String
    var size: String
    var device: String
    /// "text AX5", "text AX5, capped at AX2"; `nil` for a gallery of Large alone.
    var textSizeText: String?
    var languageText: String?
    /// Why the app caps its text size, when it draws below the size asked for.
    var capReason: String?
    var capSize: String?
    /// The copy shown in English for want of a translation, and the words before the keys.
    var hasNotLocalized: Bool
    var notLocalizedText: String
    var notLocalizedKeys: String
    var variants: VariantSwitcher
    var timeZone: String
    var windowText: String
    var frames: [FrameModel]
    var framesText: String
    var lastIndex: Int
    var placeholder: HTMLFragment
    var storyboard: [StoryboardModel]
    var hasStoryboard: Bool
    var reloads: [ReloadRow]
    var budgetSummary: String
    var links: [LinkRow]
    var notes: [String]
    var storeData: [ExcerptModel]
    var hasStoreData: Bool
    var diagnostics: [DiagnosticModel]
    var hasDiagnostics: Bool
    /// That the page draws the spec, and where the shipped widget differs in this family.
    var shipped: ShippedNotesModel?
}

struct FrameModel: Encodable {
    var index: Int
    var number: Int
    var anchor: String
    var stateAnchor: String?
    var rangeText: String
    var durationText: String
    var state: String
    var reload: Int
    var reloadReason: String
    var schemes: HTMLFragment
    var voiceOver: String
}

struct StoryboardModel: Encodable {
    var number: Int
    var anchor: String
    var time: String
    var action: String
    var link: String
    var state: String
    var schemes: HTMLFragment
}

struct ReloadRow: Encodable {
    var number: Int
    var time: String
    var reason: String
    /// "yes", or "free" for a reload the budget does not count.
    var budgeted: String
    /// "reloaded", "refused" or "read failed". Decided here, not in the template: a day of
    /// refreshes is hundreds of rows, and every section a template opens costs lookups.
    var result: String
    var budgetLeft: Int
    var note: String
    var rowClass: String
}

struct LinkRow: Encodable {
    var url: String
    var description: String
}

struct ExcerptModel: Encodable {
    var file: String
    var text: String
}

struct DiagnosticModel: Encodable {
    var severity: String
    var message: String
    var file: String
    var hasFile: Bool
}

extension DiagnosticModel {
    /// Diagnostics as a page lists them: errors first, then by file and message.
    static func list(_ diagnostics: [Diagnostic]) -> [DiagnosticModel] {
        diagnostics.sorted { ($1.severity, $0.file ?? "", $0.message) < ($0.severity, $1.file ?? "", $1.message) }.map {
            DiagnosticModel(
                severity: $0.severity.rawValue, message: $0.message, file: $0.file ?? "", hasFile: $0.file != nil)
        }
    }
}

/// "1 frame", "2 frames": a count with its noun, in the plural unless it is one.
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
