import Foundation
import GlimpseCore
import GlimpseFormat
import Synchronization
import Widgets

/// Builds the gallery: every unit of app × scenario, then each app's page and the index, the
/// manifest and the assets.
///
/// ```
/// BuildInputs.load ─▶ units ─┬▶ RenderUnit.render ─▶ detail pages, summaries ─┐
///  (templates, copy,         ├▶ RenderUnit.render ─▶ …                        ├▶ app pages, index,
///   scenarios, apps)         └▶ …   (in parallel, --jobs)                     ┘  manifest, assets
/// ```
///
/// Pure apart from reading content, templates and stores (through `fileIO` and `StoreRoot`) and
/// what an app's inputs ask for.
package struct GalleryBuilder: Sendable {
    package var options: BuildOptions
    package var fileIO: FileIO
    /// A streamed build's manifest whose entries take more bytes than this is streamed to its
    /// file; a smaller one is written whole (and so linked from the gallery in place when unchanged).
    var largestHeldManifest = EntrySpool.largestHeld

    package init(options: BuildOptions, fileIO: FileIO = .diskAccess) {
        self.options = options
        self.fileIO = fileIO
    }

    /// Builds the gallery in memory. Units and pages render in parallel (`options.run.parallelism`),
    /// and the result is the same, byte for byte, as a serial build's.
    ///
    /// - Parameter progress: called with (widgets done, widgets in all) as work proceeds.
    /// - Throws: `SiteError` for bad options or content; a store problem is never an error.
    package func build(progress: (@Sendable (Int, Int) -> Void)? = nil) async throws -> BuiltGallery {
        let files = Mutex<[String: Data]>([:])
        var gallery = try await build(progress: progress) { path, data in files.withLock { $0[path] = data } }
        gallery.files = files.withLock { files in files.keys.sorted().map { ($0, files[$0]!) } }
        if let json = gallery.files.first(where: { $0.path == "manifest.json" })?.data {
            gallery.manifest = try JSONDecoder().decode(Manifest.self, from: json)
        }
        return gallery
    }

    /// Builds the gallery, handing each file to `emit` as soon as it is ready, from several tasks
    /// at once; a path may come twice, and the later bytes win. A unit's pages are emitted and let
    /// go as soon as it is rendered, so memory stays flat however many scenarios there are. The
    /// returned gallery's `files` is empty.
    ///
    /// - Parameter stream: where a file too large to hold (the manifest of a full-axis gallery)
    ///   is written a piece at a time; with it, each unit's manifest entries wait in an
    ///   `EntrySpool` on disk, not in memory. Without it, the manifest goes to `emit` whole.
    /// - Throws: `SiteError` for bad options or content, and whatever `emit` throws.
    package func build(
        progress: (@Sendable (Int, Int) -> Void)? = nil,
        emit: @escaping @Sendable (String, Data) throws -> Void,
        stream: ManifestStream? = nil
    ) async throws -> BuiltGallery {
        let inputs = try await prepare()
        let total = inputs.units.reduce(0) { $0 + $1.app.families.count }
        let done = Mutex(0)
        let width = options.run.parallelism
        // No temporary file to be had (a read-only /tmp): the entries are held, as before.
        let spool = stream == nil ? nil : try? EntrySpool()
        let seenNotes = Mutex<Set<[String]>>([])
        let results = try await inputs.units.parallelMap(width: width) { unit in
            var rendered = try await unit.render(with: inputs, width: width)
            for page in rendered.pages { try emit(page.path, page.data) }
            rendered.pages = []
            if let spool {
                try rendered.spool(into: spool)
                rendered.keepNewNotes(seenNotes)
            }
            let count = done.withLock {
                $0 += rendered.widgets.count
                return $0
            }
            progress?(count, total)
            return rendered
        }
        return try await assemble(
            results, with: inputs, emit: emit, manifest: spool.flatMap { spool in stream.map { ($0, spool) } })
    }

    /// What depends on every unit, handed to `emit`: each app's page, the index, the manifest and
    /// its schema, the stylesheet, the static assets and the fonts. A live server calls this after
    /// building some units again; `build` after building them all.
    ///
    /// - Returns: the gallery's counts and diagnostics; its `files` is empty.
    package func assemble(
        _ results: [RenderedUnit], with inputs: BuildInputs,
        emit: @escaping @Sendable (String, Data) throws -> Void
    ) async throws -> BuiltGallery {
        try await assemble(results, with: inputs, emit: emit, manifest: nil)
    }

    /// `assemble`, the manifest streamed from `spool` when given.
    /// The units are taken (`consuming`): their widgets are moved into one list, not copied.
    func assemble(
        _ units: consuming [RenderedUnit], with inputs: BuildInputs,
        emit: @escaping @Sendable (String, Data) throws -> Void,
        manifest spooled: (stream: ManifestStream, spool: EntrySpool)?
    ) async throws -> BuiltGallery {
        var results = units
        let everyWidget = results.flatMap(\.widgets)
        for index in results.indices { results[index].widgets = [] }
        let buildDiagnostics =
            inputs.storeDiagnostics + omittedAccessories() + copyDiagnostics(inputs)
            + untranslatedContentNotes(results.flatMap(\.notLocalized))
        let diagnostics = buildDiagnostics + results.flatMap(\.reported)
        for page in try await sharedPages(everyWidget, diagnostics: diagnostics, with: inputs) {
            try emit(page.path, page.data)
        }
        var manifest = ManifestWriter.header(
            now: inputs.now, formatting: TimeFormatting(timeZone: inputs.zone, locale: inputs.locale),
            locale: options.axes.locale, device: options.axes.device, redacted: options.axes.redaction.isOn,
            tint: options.axes.tint.tint.description, pseudo: options.axes.pseudo?.rawValue,
            diagnostics: buildDiagnostics)
        manifest.notLocalized = notLocalized(inputs, content: results.flatMap(\.notLocalized))
        manifest.templates = ManifestWriter.digests(of: inputs.templates)
        manifest.appearances = options.axes.hasStandardAppearances ? nil : options.axes.appearances.map(\.rawValue)
        // The widgets' order in the manifest, as indices: a sorted copy of the summaries was a
        // third of a full-axis build's memory.
        let order = everyWidget.indices.sorted {
            let (one, two) = (everyWidget[$0], everyWidget[$1])
            return (one.app, one.scenario.name, one.family.rawValue, one.page)
                < (two.app, two.scenario.name, two.family.rawValue, two.page)
        }
        if let spooled, spooled.spool.size > largestHeldManifest {
            try spooled.stream("manifest.json") { write in
                try manifest.write(
                    entryCount: order.count, entry: { try everyWidget[order[$0]].entry(from: spooled.spool) },
                    to: write)
            }
        } else {
            let spool = spooled?.spool
            try emit(
                "manifest.json", try manifest.encoded(entries: order.map { try everyWidget[$0].entry(from: spool) }))
        }
        let fonts = try emitAssets(with: inputs, emit: emit)
        return BuiltGallery(
            files: [], manifest: manifest,
            pageCount: everyWidget.count + results.reduce(0) { $0 + $1.contextPageCount } + inputs.apps.count + 1
                + inputs.shipped.count,
            widgetCount: everyWidget.count, frameCount: everyWidget.reduce(0) { $0 + $1.frameCount },
            diagnostics: notes(fonts: fonts) + diagnostics)
    }

    /// Each app's page, then the index, in parallel. They show the primary variant; each widget's
    /// page switches among the others.
    func sharedPages(
        _ everyWidget: [WidgetSummary], diagnostics: [ReportedDiagnostic], with inputs: BuildInputs
    ) async throws -> [(path: String, data: Data)] {
        let widgets = everyWidget.filter(\.isPrimary)
        return try await (inputs.apps.map(Optional.some) + [nil]).parallelMap(width: options.run.parallelism) {
            app -> (path: String, data: Data) in
            guard let app else {
                return ("index.html", Data(try indexPage(inputs, widgets: widgets, diagnostics: diagnostics).utf8))
            }
            var model = AppPage.model(app, widgets: widgets.filter { $0.app == app.id }, options: options)
            model.shipped = inputs.shipped[app.id].map(ShippedPage.summary)
            return ("\(app.id)/index.html", Data(try inputs.pages.app(model, id: app.id).utf8))
        } + shippedPages(with: inputs)
    }

    /// Each app's "Spec and shipped" page, for the apps whose content has it.
    func shippedPages(with inputs: BuildInputs) throws -> [(path: String, data: Data)] {
        try inputs.apps.compactMap { app in
            guard let shipped = inputs.shipped[app.id] else { return nil }
            let page = try inputs.pages.shipped(ShippedPage.model(shipped, appName: app.displayName), id: app.id)
            return ("\(app.id)/\(ShippedPage.fileName)", Data(page.utf8))
        }
    }

    /// The manifest's schema, the stylesheet, the static assets and the fonts, handed to `emit`.
    ///
    /// - Returns: the fonts found, and a note when Inter was not.
    func emitAssets(
        with inputs: BuildInputs, emit: (String, Data) throws -> Void
    ) throws -> (files: [String: Data], diagnostic: Diagnostic?) {
        try emit("manifest.schema.json", try inputs.assets.manifestSchema(apps: options.inputs.knownApps))
        try emit(
            GalleryAssets.stylesheetPath,
            try inputs.assets.stylesheet(
                apps: options.inputs.knownApps, tint: options.axes.tint, appearances: options.axes.appearances))
        for asset in try inputs.assets.staticAssets() { try emit(asset.path, asset.data) }
        let fonts = GalleryAssets.fonts(from: options.inputs.fontsDirectory)
        for (path, data) in fonts.files.sorted(by: { $0.key < $1.key }) { try emit(path, data) }
        return fonts
    }

    /// What the build says before the widgets' diagnostics: each colour `--tint` had to change
    /// for contrast, and a font that is missing.
    func notes(fonts: (files: [String: Data], diagnostic: Diagnostic?)) -> [ReportedDiagnostic] {
        let tint = options.axes.tint.adjustments.map { note in
            let diagnostic = Diagnostic(.info, "--tint \(options.axes.tint.tint): \(note), for WCAG AA (4.5:1)")
            return ReportedDiagnostic(diagnostic: diagnostic, location: nil, app: nil, expected: true)
        }
        let font = fonts.diagnostic.map { ReportedDiagnostic(diagnostic: $0, location: nil, app: nil, expected: false) }
        return tint + (font.map { [$0] } ?? [])
    }

    /// Loads what every unit shares, and lists the units: for rendering units one at a time.
    ///
    /// - Throws: `SiteError` for bad options or content.
    package func prepare() async throws -> BuildInputs {
        try await BuildInputs.load(options: options, fileIO: fileIO)
    }

    /// `prepare()`, keeping what `previous` loaded from folders no path of `changed` is in: a live
    /// rebuild after a copy edit reads no template or scenario again. A whole load without either.
    package func prepare(reusing previous: BuildInputs?, changed: Set<String>?) async throws -> BuildInputs {
        try await BuildInputs.load(options: options, fileIO: fileIO, kept: .init(previous, changed: changed))
    }

    /// One unit alone, into memory: its pages and what it read. The pages are the bytes a full
    /// build writes for them.
    ///
    /// - Parameter keepWidgets: keep the rendered widgets in the result, for `renderPages`.
    package func render(
        _ unit: RenderUnit, with inputs: BuildInputs, keepWidgets: Bool = false
    ) async throws -> RenderedUnit {
        try await unit.render(with: inputs, width: options.run.parallelism, keepWidgets: keepWidgets)
    }

    /// A unit's pages again, from the widgets `previous` kept, when only its pages' own templates
    /// or its sidebar changed; `nil` when it kept none.
    package func renderPages(
        _ unit: RenderUnit, of previous: RenderedUnit, with inputs: BuildInputs
    ) async throws -> RenderedUnit? {
        try await unit.renderPages(of: previous, with: inputs, width: options.run.parallelism)
    }

    func indexPage(_ inputs: BuildInputs, widgets: [WidgetSummary], diagnostics: [ReportedDiagnostic]) throws -> String
    {
        let formatting = TimeFormatting(timeZone: inputs.zone, locale: inputs.locale)
        let build = BuildInfo(
            now: formatting.dayAndClock(inputs.now), timeZone: inputs.zone.identifier, locale: options.axes.locale,
            device: options.axes.device.name, budget: options.run.reloadBudget)
        return try inputs.pages.index(
            IndexPage.model(apps: inputs.apps, widgets: widgets, diagnostics: diagnostics, build: build))
    }
}
