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
}

/// The sidebar, rendered once for each way back to the root and each current app: every page
/// carries it, and rendering it per page cost more than some pages' own content. Every app is
/// listed; the current one's scenarios are listed under it.
struct Navigation: Sendable {
    static let roots = ["", "../", "../../"]
    private let html: [String: String]

    init(apps: [NavApp], templates: TemplateSet) throws {
        var html: [String: String] = [:]
        for root in Self.roots {
            for current in [nil] + apps.map(\.href) {
                let model = NavModel(nav: apps.map { app in
                    NavApp(name: app.name, href: root + app.href, current: app.href == current,
                           scenarios: app.scenarios.map { NavLink(title: $0.title, href: root + $0.href) }, expanded: app.href == current)
                })
                html[Self.key(root, current)] = try templates.render(model, "partials/nav")
            }
        }
        self.html = html
    }

    /// `currentApp` is an app id, or `nil` on the index.
    func html(root: String, currentApp: String?) -> HTMLFragment {
        HTMLFragment(html[Self.key(root, currentApp.map { "\($0)/index.html" })] ?? "")
    }

    private static func key(_ root: String, _ current: String?) -> String {
        "\(root)|\(current ?? "")"
    }
}

struct NavModel: Encodable {
    var nav: [NavApp]
}

struct NavApp: Encodable {
    var name: String
    var href: String
    var current: Bool
    var scenarios: [NavLink]
    /// Only the current app lists its scenarios: listing every app's on every page made each
    /// page grow with the number of scenarios, and the gallery with its square.
    var expanded: Bool = false
}

struct NavLink: Encodable {
    var title: String
    var href: String
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
    var size: String
    var device: String
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

/// "1 frame", "2 frames": a count with its noun, in the plural unless it is one.
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
