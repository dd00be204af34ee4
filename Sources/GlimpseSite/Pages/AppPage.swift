import WidgetTimeline
import Widgets

/// An app's page: scenario × family, each cell the first frame's thumbnails. Pure.
enum AppPage {
    static func model(_ app: any GalleryApp, widgets: [WidgetSummary], options: BuildOptions) -> AppPageModel {
        let device = options.axes.device
        let families = app.families.filter { device.size(of: $0) != nil }
        var rows: [ScenarioRow] = []
        var scenarioOrder: [String] = []
        for widget in widgets where !scenarioOrder.contains(widget.scenario.name) {
            scenarioOrder.append(widget.scenario.name)
        }
        for name in scenarioOrder {
            let scenarioWidgets = widgets.filter { $0.scenario.name == name }
            guard let first = scenarioWidgets.first else { continue }
            let cells = families.compactMap { family -> MatrixCell? in
                guard let widget = scenarioWidgets.first(where: { $0.family == family }) else { return nil }
                return MatrixCell(
                    href: "\(name)/\(family.rawValue).html", label: "\(family.displayName), \(first.scenario.title)",
                    thumbnails: widget.thumbnails, framesText: counted(widget.frameCount, "frame"),
                    stateSummary: widget.states.joined(separator: " → "))
            }
            let warnings = Set(scenarioWidgets.flatMap(\.diagnostics).filter { $0.severity > .info }).count
            rows.append(
                ScenarioRow(
                    id: "s-\(name)", title: first.scenario.title, description: first.scenario.description ?? "",
                    warningsText: counted(warnings, "warning"), hasWarnings: warnings > 0, cells: cells))
        }
        let omitted = app.families.filter { device.size(of: $0) == nil }
        var notes =
            omitted.isEmpty
            ? []
            : [
                "\(omitted.map(\.displayName).joined(separator: ", ")) omitted: the \(device.name) screen class has "
                    + "no Lock Screen accessories."
            ]
        if options.axes.variants.count > 1 {
            let sizes = options.axes.textSizes.map(\.name).joined(separator: ", ")
            let classes = options.axes.devices.map { "\($0.screen)" }.joined(separator: ", ")
            notes.append(
                "Shown at \(device.screen) and \(options.axes.textSize.name). Also built: screens \(classes); "
                    + "text sizes \(sizes). Each widget's page switches among them."
            )
        }
        if let cap = app.textSizeCap, options.axes.textSizes.contains(where: { $0 > cap.size }) {
            notes.append("Text size capped at \(cap.size.name): \(cap.reason)")
        }
        for (family, cap) in (app.textSizeCap?.families ?? [:]).sorted(by: { $0.key.rawValue < $1.key.rawValue })
        where options.axes.textSizes.contains(where: { $0 > cap.size }) {
            notes.append("\(family.displayName) capped at \(cap.size.name): \(cap.reason)")
        }
        return AppPageModel(name: app.displayName, scenarios: rows, notes: notes, hasNotes: !notes.isEmpty)
    }
}
