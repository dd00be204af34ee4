import AppGroupStore
import Foundation
import GlimpseCore
import GlimpseFormat
import WidgetTimeline
import Widgets

/// The unit of a build: one app × one scenario × one variant (screen class and text size). It
/// renders on its own, into memory, and records every input it read, so that a live server can
/// build again just the units a change reaches.
public struct RenderUnit: Sendable {
    public var app: any GalleryApp
    public var scenario: Scenario
    public var variant: Variant
    /// The build's primary variant, whose pages keep the plain URLs.
    public var primary: Variant

    public init(
        app: any GalleryApp, scenario: Scenario, variant: Variant = Variant(device: .standard, textSize: .large),
        primary: Variant? = nil
    ) {
        self.app = app
        self.scenario = scenario
        self.variant = variant
        self.primary = primary ?? variant
    }

    public var isPrimary: Bool { variant == primary }

    /// `<app>/<scenario>`, and the variant's suffix where it is not the primary (`app/scenario.ax5`):
    /// unique in a build.
    public var id: String { "\(app.id)/\(scenario.name)\(variant.suffix(against: primary))" }
}

/// A unit, rendered: its widgets' pages, what the app pages, the index and the manifest need of
/// them, its diagnostics, and what it was built from.
public struct RenderedUnit: Sendable {
    /// Path in the gallery → bytes: one detail page per widget, and the unit's context page.
    public var pages: [(path: String, data: Data)]
    var widgets: [WidgetSummary]
    /// Each diagnostic once, with its scenario.
    public var reported: [ReportedDiagnostic]
    /// Every store file, content file, template, stylesheet part and request the unit read or looked for.
    public var inputs: Set<BuildInput>
    /// The templates only the widgets' pages render with (the layout, the detail page, the
    /// sidebar), not their frames or thumbnails: a change to these alone needs `renderPages`.
    public var pageOnlyTemplates: Set<String> = []
    /// How many of `pages` are not widgets' detail pages: the context page, or none.
    var contextPageCount = 0
    /// The widgets as rendered, kept only when asked (`keepWidgets`), for `renderPages`.
    var kept: [RenderedWidget]?

    /// Each widget's page, and its entry as it sits in `manifest.json`.
    public var manifestEntries: [(page: String, entry: Data)] { widgets.map { ($0.page, $0.manifestEntry) } }
}

extension RenderUnit {
    /// Renders the unit's widgets, each family's page in parallel (`width` at a time).
    ///
    /// - Throws: `SiteError` for a broken file of Glimpse's content or of the scenario; a store
    ///   problem is never an error, but a fallback state and a diagnostic.
    func render(with inputs: BuildInputs, width: Int, keepWidgets: Bool = false) async throws -> RenderedUnit {
        let log = InputLog()
        let options = inputs.options
        let now = scenario.now ?? inputs.now
        let formatting = TimeFormatting(timeZone: scenario.timeZone ?? inputs.zone, locale: inputs.locale)
        let window = DateInterval(start: now, duration: 24 * 3600)
        let scenarioKind: BuildInput.Kind = scenario.app == nil ? .store : .content
        log.record(scenarioKind, scenario.storeURL.appendingPathComponent(Scenario.fileName).standardizedFileURL.path)
        let store = try? StoreRoot(
            url: scenario.storeURL, log: log, timeout: options.storeTimeout, files: inputs.fileIO.storeFiles)
        let copy = RecordingCopyBook(book: inputs.copy)
        let environment = PreviewEnvironment(
            window: window, calendar: formatting.calendar, locale: inputs.locale,
            budget: ReloadBudget(limit: options.reloadBudget),
            events: scenario.scenarioEvents(from: now), copy: copy, redaction: options.redaction,
            textSize: app.drawnTextSize(variant.textSize))
        var scenarioFiles = RecordedFolder(
            root: scenario.storeURL, displayRoot: scenario.displayPath, kind: scenarioKind,
            fileIO: inputs.fileIO, log: log)
        var context = InputContext(
            content: RecordedFolder(
                root: options.contentDirectory, displayRoot: "content", kind: .content, fileIO: inputs.fileIO, log: log),
            scenario: scenarioFiles,
            store: store, window: window, calendar: formatting.calendar, locale: inputs.locale,
            markdown: Markdown.document, log: log,
            sharedInputs: inputs.sharedInputs)
        let families = app.families.compactMap { family in variant.device.size(of: family).map { (family, $0) } }
        var previews: [WidgetPreview]
        var refused: [Diagnostic] = []
        while true {
            do {
                previews = try await app.preview(
                    families: families, store: store, environment: environment, context: context)
                break
            } catch let error as ContentError {
                // A file of a user's store (an app's own settings for a scenario) is data from elsewhere, as its
                // scenario.yaml is: a broken or hostile one is left out, with a warning; the store builds.
                let prefix = scenario.displayPath + "/"
                guard scenario.app == nil, error.file.hasPrefix(prefix),
                    !scenarioFiles.excluded.contains(String(error.file.dropFirst(prefix.count)))
                else { throw SiteError.invalidContent(file: error.file, reason: error.reason) }
                let file = String(error.file.dropFirst(prefix.count))
                scenarioFiles.excluded.insert(file)
                context.scenario = scenarioFiles
                refused.append(Diagnostic(.warning, "\(error.reason); built without it", file: file))
            }
        }
        // What finding the containers ran into, and the store's files left out, concern every
        // widget of the unit: any of them may be the one not found.
        let found = (store?.diagnostics ?? []) + refused
        if !found.isEmpty {
            for index in previews.indices { previews[index].diagnostics = found + previews[index].diagnostics }
        }
        previews = previews.map { $0.redacted(by: options.redaction) }

        var reported: [ReportedDiagnostic] = []
        var seen: Set<Diagnostic> = []
        // A scenario's diagnostics are reported once, by its primary variant's unit; every variant's pages show them.
        for preview in previews where isPrimary {
            for diagnostic in preview.diagnostics where seen.insert(diagnostic).inserted {
                reported.append(
                    ReportedDiagnostic(
                        diagnostic: diagnostic, location: scenario.displayPath, app: app.id,
                        expected: scenario.expectDiagnostics))
            }
        }
        let renderer = WidgetRenderer(
            templates: inputs.templates, textSize: environment.textSize,
            pageSuffix: variant.suffix(against: primary))
        let variants = VariantLinks(unit: self, options: options)
        let drawnVariant = variant
        let isPrimary = self.isPrimary
        let rendered = try await previews.parallelMap(width: width) { preview in
            let widget = try renderer.render(
                preview, app: app, scenario: scenario, now: now, formatting: formatting, variant: drawnVariant)
            let page = Data(try inputs.pages.detail(widget, variants: variants).utf8)
            // Only the primary variant's widgets are on the app pages and the index, with thumbnails.
            var summary = widget.summary(
                thumbnails: isPrimary ? try renderer.thumbnails(widget) : .empty,
                manifestEntry: Manifest.encodedEntry(ManifestWriter.entry(widget)))
            summary.isPrimary = isPrimary
            return (
                page: page, summary: summary, templates: WidgetRenderer.templateNames(widget),
                widget: keepWidgets ? widget : nil,
                context: ContextWidget(widget)
            )
        }
        let contextPage = try self.contextPage(
            rendered.compactMap(\.context), now: now, formatting: formatting, with: inputs)
        copy.record(into: log)
        let widgetTemplates = rendered.reduce(into: Set(["partials/thumbnail"])) { $0.formUnion($1.templates) }
        let templateNames = widgetTemplates.union(PageRenderer.widgetPageTemplates)
        let pageOnly = inputs.templates.inputs(rendering: Set(PageRenderer.detailPageTemplates))
            .subtracting(inputs.templates.inputs(rendering: widgetTemplates))
        return RenderedUnit(
            pages: rendered.map { ($0.summary.page, $0.page) } + contextPage, widgets: rendered.map(\.summary),
            reported: reported,
            inputs: log.recorded.union(inputs.templates.inputs(rendering: templateNames)).union(
                inputs.assets.stylesheetInputs(app: app)),
            pageOnlyTemplates: Set(pageOnly.map(\.path)), contextPageCount: contextPage.count,
            kept: keepWidgets ? rendered.compactMap(\.widget) : nil)
    }

    /// The unit's pages again from the widgets `previous` kept, with `inputs`' page templates and
    /// sidebar: for a change that reached only `pageOnlyTemplates`. `nil` when nothing was kept.
    func renderPages(of previous: RenderedUnit, with inputs: BuildInputs, width: Int) async throws -> RenderedUnit? {
        guard let kept = previous.kept, kept.count == previous.widgets.count else { return nil }
        let variants = VariantLinks(unit: self, options: inputs.options)
        let pages = try await kept.parallelMap(width: width) { widget in
            Data(try inputs.pages.detail(widget, variants: variants).utf8)
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
