import Foundation
import Widgets

/// The gallery's front page: every app with its counts and a sample widget, and the build's own
/// diagnostics. Pure.
enum IndexPage {
    static func model(
        apps: [any GalleryApp], widgets: [WidgetSummary], diagnostics: [ReportedDiagnostic], build: BuildInfo
    ) -> IndexModel {
        let cards = apps.map { app -> AppCard in
            let appWidgets = widgets.filter { $0.app == app.id }
            let states = Set(appWidgets.flatMap(\.states))
            let warnings = diagnostics.filter { $0.app == app.id && $0.diagnostic.severity > .info }.count
            // The card shows a scenario that works and has the richest day, not a fallback.
            let sample = appWidgets.filter { $0.family == app.families.first }.enumerated().max { lhs, rhs in
                func rank(_ item: (offset: Int, element: WidgetSummary)) -> (Int, Int, Int) {
                    (
                        item.element.diagnostics.contains { $0.severity > .info } ? 0 : 1, item.element.states.count,
                        -item.offset
                    )
                }
                return rank(lhs) < rank(rhs)
            }?.element
            return AppCard(
                name: app.displayName, href: "\(app.id)/index.html",
                scenarioCount: Set(appWidgets.map(\.scenario.name)).count,
                familyCount: Set(appWidgets.map(\.family)).count, stateCount: states.count,
                warningCount: warnings, hasWarnings: warnings > 0,
                thumbnails: sample?.thumbnails ?? .empty)
        }
        let buildWide = diagnostics.filter { $0.app == nil }.map(\.diagnostic)
        return IndexModel(
            build: build, apps: cards, diagnostics: DiagnosticModel.list(buildWide), hasDiagnostics: !buildWide.isEmpty)
    }
}
