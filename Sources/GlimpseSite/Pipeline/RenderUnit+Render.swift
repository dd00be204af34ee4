import AppGroupStore
import Foundation
import GlimpseCore
import GlimpseFormat
import WidgetTimeline
import Widgets

/// What a unit is rendered in: its clock and zone, its store, what its app is given, and the log
/// of everything it reads.
struct UnitSetting {
    let log: InputLog
    let now: Date
    let formatting: TimeFormatting
    let store: StoreRoot?
    let copy: RecordingCopyBook
    let environment: PreviewEnvironment
    /// The scenario's own files; a user's store may have some left out (`excluded`).
    var scenarioFiles: RecordedFolder
    var context: InputContext
}

extension RenderUnit {
    /// Renders the unit's widgets, each family's page in parallel (`width` at a time): the day
    /// simulated, its diagnostics reported, every widget drawn and its page written, the context
    /// page, and the record of what it was all built from.
    ///
    /// - Throws: `SiteError` for a broken file of Glimpse's content or of the scenario; a store
    ///   problem is never an error, but a fallback state and a diagnostic.
    func render(with inputs: BuildInputs, width: Int, keepWidgets: Bool = false) async throws -> RenderedUnit {
        var setting = setting(with: inputs)
        let previews = try await previews(in: &setting, options: inputs.options)
        let rendered = try await renderWidgets(previews, in: setting, with: inputs, width: width, keep: keepWidgets)
        let contextPage = try self.contextPage(
            rendered.compactMap(\.context), now: setting.now, formatting: setting.formatting, with: inputs)
        setting.copy.record(into: setting.log)
        let widgetTemplates = rendered.reduce(into: Set(["partials/thumbnail"])) { $0.formUnion($1.templates) }
        let pageOnly = inputs.templates.inputs(rendering: Set(PageRenderer.detailPageTemplates))
            .subtracting(inputs.templates.inputs(rendering: widgetTemplates))
        return RenderedUnit(
            pages: rendered.map { ($0.summary.page, $0.page) } + contextPage, widgets: rendered.map(\.summary),
            reported: reported(previews),
            inputs: inputsRead(setting.log, templates: widgetTemplates, with: inputs),
            pageOnlyTemplates: Set(pageOnly.map(\.path)), contextPageCount: contextPage.count,
            kept: keepWidgets ? rendered.compactMap(\.widget) : nil,
            notLocalized: untranslatedContent(setting.context.notLocalized, primary: inputs.options.axes.locale))
    }

    /// The app's own words from the content (prompts) its scenario read in English, for the
    /// manifest's `notLocalized`: none under a pseudolanguage, whose words are not the English ones.
    func untranslatedContent(_ log: NotLocalizedLog, primary: String) -> [Manifest.NotLocalized] {
        guard variant.language.pseudo == nil else { return [] }
        let locale = variant.language.locale
        return log.recorded.sorted { $0.key < $1.key }.map { file, text in
            Manifest.NotLocalized(
                app: app.id, key: String(file.drop { $0 != "/" }.dropFirst()), text: text,
                locale: locale == primary ? nil : locale, file: file)
        }
    }

    /// The unit's clock, zone, store and environment, and the folders its app reads, recorded.
    func setting(with inputs: BuildInputs) -> UnitSetting {
        let options = inputs.options
        let now = scenario.now ?? inputs.now
        let locale = FormatLocale(identifier: variant.language.locale)
        let formatting = TimeFormatting(timeZone: scenario.timeZone ?? inputs.zone, locale: locale)
        let window = DateInterval(start: now, duration: 24 * 3600)
        let log = InputLog()
        let scenarioKind: BuildInput.Kind = scenario.app == nil ? .store : .content
        log.record(scenarioKind, scenario.storeURL.appendingPathComponent(Scenario.fileName).standardizedFileURL.path)
        // What its pages say of the shipped widget, there or not.
        let folders = options.inputs.folders(of: app)
        log.record(.content, ShippedContent.url(app: app.id, content: folders.content).standardizedFileURL.path)
        // The translations of its texts, there or not: one added later is then read.
        for folder in scenario.app == nil ? [] : locale.translationFolders {
            let file = scenario.storeURL.appendingPathComponent(folder).appendingPathComponent(Scenario.fileName)
            log.record(scenarioKind, file.standardizedFileURL.path)
        }
        let store = try? StoreRoot(
            url: scenario.storeURL, log: log, timeout: options.run.storeTimeout, files: inputs.fileIO.storeFiles)
        let copy = RecordingCopyBook(book: inputs.copy(in: variant.language))
        var environment = PreviewEnvironment(
            window: window, calendar: formatting.calendar, locale: locale,
            budget: ReloadBudget(limit: options.run.reloadBudget), events: scenario.scenarioEvents(from: now),
            copy: copy,
            redaction: options.axes.redaction, textSize: app.drawnTextSize(variant.textSize))
        environment.familyCaps = app.textSizeCap?.families.mapValues(\.size) ?? [:]
        let scenarioFiles = RecordedFolder(
            root: scenario.storeURL, displayRoot: scenario.displayPath, kind: scenarioKind, fileIO: inputs.fileIO,
            log: log)
        let content = RecordedFolder(
            root: folders.content, displayRoot: "content", kind: .content, fileIO: inputs.fileIO, log: log)
        let context = InputContext(
            content: content, scenario: scenarioFiles, store: store, window: window, calendar: formatting.calendar,
            locale: locale, markdown: Markdown.document(in: variant.language.pseudo), log: log,
            sharedInputs: inputs.shared(in: variant.language))
        return UnitSetting(
            log: log, now: now, formatting: formatting, store: store, copy: copy, environment: environment,
            scenarioFiles: scenarioFiles, context: context)
    }

    /// Every family's simulated day, with what the store's containers ran into, redacted when asked.
    /// A file of a user's store that the app cannot use is left out, with a warning, and the day
    /// simulated again without it.
    func previews(in setting: inout UnitSetting, options: BuildOptions) async throws -> [WidgetPreview] {
        let families = app.families.compactMap { family in variant.device.size(of: family).map { (family, $0) } }
        var refused: [Diagnostic] = []
        var previews: [WidgetPreview]
        while true {
            do {
                previews = try await app.preview(
                    families: families, store: setting.store, environment: setting.environment,
                    context: setting.context)
                break
            } catch let error as ContentError {
                refused.append(try leaveOut(error, in: &setting))
            }
        }
        // What finding the containers ran into, and the store's files left out, concern every
        // widget of the unit: any of them may be the one not found.
        let found = (setting.store?.diagnostics ?? []) + refused
        if !found.isEmpty {
            for index in previews.indices { previews[index].diagnostics = found + previews[index].diagnostics }
        }
        return previews.map { $0.redacted(by: options.axes.redaction) }
    }

    /// A file of a user's store (an app's own settings for a scenario) is data from elsewhere, as
    /// its `scenario.yaml` is: a broken or hostile one is left out, with a warning, and the store
    /// builds. A broken file of Glimpse's own content fails the build.
    ///
    /// - Throws: `SiteError.invalidContent` for a file that is not a user store's, or was left out already.
    func leaveOut(_ error: ContentError, in setting: inout UnitSetting) throws -> Diagnostic {
        let prefix = scenario.displayPath + "/"
        let file = String(error.file.dropFirst(prefix.count))
        guard scenario.app == nil, error.file.hasPrefix(prefix), !setting.scenarioFiles.excluded.contains(file) else {
            throw SiteError.invalidContent(file: error.file, reason: error.reason)
        }
        setting.scenarioFiles.excluded.insert(file)
        setting.context.scenario = setting.scenarioFiles
        return Diagnostic(.warning, "\(error.reason); built without it", file: file)
    }

    /// Each diagnostic once. A scenario's are reported by its primary variant's unit alone; every
    /// variant's pages show them.
    func reported(_ previews: [WidgetPreview]) -> [ReportedDiagnostic] {
        guard isPrimary else { return [] }
        var seen: Set<Diagnostic> = []
        return previews.flatMap(\.diagnostics).filter { seen.insert($0).inserted }.map {
            ReportedDiagnostic(
                diagnostic: $0, location: scenario.displayPath, app: app.id, expected: scenario.expectDiagnostics)
        }
    }

    /// One widget drawn: its page, what the app pages, the index and the manifest need of it, the
    /// templates it rendered through, and what the context page shows.
    struct DrawnWidget: Sendable {
        var page: Data
        var summary: WidgetSummary
        var templates: Set<String>
        var widget: RenderedWidget?
        var context: ContextWidget?
    }

    /// Every widget drawn and its page written, `width` at a time.
    func renderWidgets(
        _ previews: [WidgetPreview], in setting: UnitSetting, with inputs: BuildInputs, width: Int, keep: Bool
    ) async throws -> [DrawnWidget] {
        let renderer = WidgetRenderer(
            templates: inputs.templates, textSize: setting.environment.textSize,
            familyCaps: setting.environment.familyCaps,
            pageSuffix: variant.suffix(against: primary),
            languageAttributes: variant.language.rootAttributes(formatting: setting.formatting.locale),
            appearances: inputs.options.axes.appearances, keepsBackground: !app.containerBackgroundRemovable)
        let variants = VariantLinks(unit: self, options: inputs.options)
        let (app, scenario, variant, isPrimary) = (app, scenario, variant, isPrimary)
        let (now, formatting) = (setting.now, setting.formatting)
        let notLocalized =
            setting.copy.untranslated(app: app.id) + setting.context.notLocalized.recorded.keys.sorted()
        return try await previews.parallelMap(width: width) { preview in
            var widget = try renderer.render(
                preview, app: app, scenario: scenario, now: now, formatting: formatting, variant: variant)
            widget.notLocalized = notLocalized
            let page = Data(try inputs.pages.detail(widget, variants: variants, shipped: inputs.shipped[app.id]).utf8)
            let templates = WidgetRenderer.templateNames(widget)
            var entry = ManifestWriter.entry(widget)
            entry.templates = inputs.templates.templates(rendering: templates).sorted()
            // Only the primary variant's widgets are on the app pages and the index, with thumbnails.
            var summary = widget.summary(
                thumbnails: isPrimary ? try renderer.thumbnails(widget) : .empty,
                manifestEntry: Manifest.encodedEntry(entry))
            summary.isPrimary = isPrimary
            return DrawnWidget(
                page: page, summary: summary, templates: templates,
                widget: keep ? widget : nil, context: ContextWidget(widget))
        }
    }

    /// Everything the unit was built from: what it read and looked for, the templates its widgets
    /// and pages rendered through (partials included), and its stylesheet parts.
    func inputsRead(
        _ log: InputLog, templates widgetTemplates: Set<String>, with inputs: BuildInputs
    ) -> Set<BuildInput> {
        let templateNames = widgetTemplates.union(PageRenderer.widgetPageTemplates)
        return log.recorded.union(inputs.templates.inputs(rendering: templateNames))
            .union(inputs.assets.stylesheetInputs(app: app))
    }
}
