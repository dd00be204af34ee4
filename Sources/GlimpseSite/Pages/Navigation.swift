import GlimpseCore
import GlimpseTemplates
import WidgetTimeline
import Widgets

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
                let model = NavModel(
                    nav: apps.map { app in
                        NavApp(
                            name: app.name, href: root + app.href, current: app.href == current,
                            scenarios: app.scenarios.map { NavLink(title: $0.title, href: root + $0.href) },
                            expanded: app.href == current)
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

extension Navigation {
    /// Each app's scenarios, in build order, for the sidebar. An app with no family the device
    /// shows lists none.
    static func apps(_ apps: [any GalleryApp], units: [RenderUnit], device: DeviceClass) -> [NavApp] {
        apps.map { app in
            var seen: Set<String> = []
            let rendersAny = app.families.contains { device.size(of: $0) != nil }
            let scenarios = units.filter { $0.app.id == app.id && rendersAny }.compactMap { unit -> NavLink? in
                guard seen.insert(unit.scenario.name).inserted else { return nil }
                return NavLink(title: unit.scenario.title, href: "\(app.id)/index.html#s-\(unit.scenario.name)")
            }
            return NavApp(name: app.displayName, href: "\(app.id)/index.html", current: false, scenarios: scenarios)
        }
    }
}
