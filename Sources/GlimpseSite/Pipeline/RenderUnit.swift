import AppGroupStore
import Foundation
import GlimpseCore
import GlimpseFormat
import WidgetTimeline
import Widgets

/// The unit of a build: one app × one scenario × one variant (screen class and text size). It
/// renders on its own, into memory, and records every input it read, so that a live server can
/// build again just the units a change reaches.
package struct RenderUnit: Sendable {
    package var app: any GalleryApp
    package var scenario: Scenario
    package var variant: Variant
    /// The build's primary variant, whose pages keep the plain URLs.
    package var primary: Variant

    package init(
        app: any GalleryApp, scenario: Scenario, variant: Variant = Variant(device: .standard, textSize: .large),
        primary: Variant? = nil
    ) {
        self.app = app
        self.scenario = scenario
        self.variant = variant
        self.primary = primary ?? variant
    }

    package var isPrimary: Bool { variant == primary }

    /// `<app>/<scenario>`, and the variant's suffix where it is not the primary (`app/scenario.ax5`):
    /// unique in a build.
    package var id: String { "\(app.id)/\(scenario.name)\(variant.suffix(against: primary))" }
}

/// A unit, rendered: its widgets' pages, what the app pages, the index and the manifest need of
/// them, its diagnostics, and what it was built from.
package struct RenderedUnit: Sendable {
    /// Path in the gallery → bytes: one detail page per widget, and the unit's context page.
    package var pages: [(path: String, data: Data)]
    var widgets: [WidgetSummary]
    /// Each diagnostic once, with its scenario.
    package var reported: [ReportedDiagnostic]
    /// Every store file, content file, template, stylesheet part and request the unit read or looked for.
    package var inputs: Set<BuildInput>
    /// The templates only the widgets' pages render with (the layout, the detail page, the
    /// sidebar), not their frames or thumbnails: a change to these alone needs `renderPages`.
    package var pageOnlyTemplates: Set<String> = []
    /// How many of `pages` are not widgets' detail pages: the context page, or none.
    var contextPageCount = 0
    /// The widgets as rendered, kept only when asked (`keepWidgets`), for `renderPages`.
    var kept: [RenderedWidget]?
    /// The app's own words from the content read in English for want of a translation (prompts).
    var notLocalized: [Manifest.NotLocalized] = []

    /// Each widget's page, and its entry as it sits in `manifest.json`.
    package var manifestEntries: [(page: String, entry: Data)] { widgets.map { ($0.page, $0.manifestEntry) } }
}

extension RenderUnit {
    /// The unit's pages again from the widgets `previous` kept, with `inputs`' page templates and
    /// sidebar: for a change that reached only `pageOnlyTemplates`. `nil` when nothing was kept.
    func renderPages(of previous: RenderedUnit, with inputs: BuildInputs, width: Int) async throws -> RenderedUnit? {
        guard let kept = previous.kept, kept.count == previous.widgets.count else { return nil }
        let variants = VariantLinks(unit: self, options: inputs.options)
        let pages = try await kept.parallelMap(width: width) { widget in
            Data(try inputs.pages.detail(widget, variants: variants, shipped: inputs.shipped[app.id]).utf8)
        }
        var rendered = previous
        let first = kept.first
        let context =
            try first.map {
                try contextPage(
                    kept.compactMap { ContextWidget($0) }, now: $0.now, formatting: $0.formatting, with: inputs)
            } ?? []
        rendered.pages = zip(kept, pages).map { ($0.page, $1) } + context
        return rendered
    }

    /// The unit's context page (`context.html` beside its detail pages), from each widget's
    /// current frame: none when the unit has no widget, or is not the build's primary variant.
    func contextPage(
        _ widgets: [ContextWidget], now: Date, formatting: TimeFormatting,
        with inputs: BuildInputs
    ) throws -> [(path: String, data: Data)] {
        guard isPrimary,
            let model = ContextPage.model(
                widgets, app: app, scenario: scenario, now: now, formatting: formatting,
                device: variant.device)
        else { return [] }
        return [
            (
                "\(app.id)/\(scenario.name)/\(ContextPage.fileName)",
                Data(try inputs.pages.context(model, app: app.id).utf8)
            )
        ]
    }
}
