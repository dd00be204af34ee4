import AppGroupStore
import Crypto
import Foundation
import Synchronization
import WidgetTimeline
import Widgets

/// Builds the whole gallery in memory: every app × scenario × family, its pages and manifest.
///
/// Pure apart from reading content, templates and stores through `fileIO` and `StoreRoot`.
public struct GalleryBuilder: Sendable {
    public static let generator = "glimpse 0.1.0"

    public var options: BuildOptions
    public var fileIO: FileIO

    public init(options: BuildOptions, fileIO: FileIO = .diskAccess) {
        self.options = options
        self.fileIO = fileIO
    }

    /// A widget of one scenario, rendered.
    struct RenderedWidget: Sendable {
        var app: any GalleryApp
        var scenario: Scenario
        var preview: WidgetPreview
        var frames: [RenderedFrame]
        var placeholderSchemes: [SchemeRender]
        var storyboard: [(step: StoryboardStep, schemes: [SchemeRender])]
        var page: String
        var now: Date
        var formatting: TimeFormatting
        var diagnostics: [Diagnostic]
        /// Its manifest entry, encoded once its page is written (`encodeEntry`).
        var manifestEntry = Data()
        /// Its first frame, small, light and dark, for the app page and the index: rendered with
        /// its page, in parallel, rather than at the end, when only those pages are left to do.
        var thumbnails = HTMLFragment.empty

        /// Lets go of what only the widget's page and manifest entry needed, once both are
        /// written: the HTML, and of each frame all but its state. The app pages and the index
        /// need no more.
        mutating func dropPageOnlyData() {
            struct DroppedModel: Encodable, Hashable, Sendable {}
            for index in frames.indices {
                frames[index].schemes = []
                frames[index].frame.view.model = DroppedModel()
                frames[index].frame.view.texts = []
                frames[index].frame.view.links = []
                frames[index].frame.view.accessibilityLabel = ""
            }
            placeholderSchemes = []
            storyboard = storyboard.map { step, _ in
                var step = step
                step.view.model = DroppedModel()
                return (step, [])
            }
            preview.frames = []
            preview.reloads = []
            preview.placeholder.model = DroppedModel()
            preview.storeData = []
        }
    }

    struct RenderedFrame: Sendable {
        var frame: PreviewFrame
        var schemes: [SchemeRender]
        var hash: String
        var anchor: String
    }

    struct SchemeRender: Sendable {
        var scheme: String
        var name: String
        var widget: String
    }

    /// Builds the gallery in memory. Scenarios and pages render in parallel (`options.parallelism`),
    /// and the result is the same, byte for byte, as a serial build's.
    ///
    /// - Parameter progress: called with (widgets done, widgets in all) as work proceeds.
    /// - Throws: `SiteError` for bad options or content; a store problem is never an error.
    public func build(progress: (@Sendable (Int, Int) -> Void)? = nil) async throws -> BuiltGallery {
        let files = Mutex<[String: Data]>([:])
        var gallery = try await build(progress: progress) { path, data in files.withLock { $0[path] = data } }
        gallery.files = files.withLock { files in files.keys.sorted().map { ($0, files[$0]!) } }
        if let json = gallery.files.first(where: { $0.path == "manifest.json" })?.data {
            gallery.manifest = try JSONDecoder().decode(Manifest.self, from: json)
        }
        return gallery
    }

    /// Builds the gallery, handing each file to `emit` as soon as it is ready, from several tasks
    /// at once; a path may come twice, and the later bytes win. Each widget's page is emitted and
    /// its HTML let go before the next scenario starts, so memory stays flat however many
    /// scenarios there are. The returned gallery's `files` is empty.
    ///
    /// - Throws: `SiteError` for bad options or content, and whatever `emit` throws.
    public func build(progress: (@Sendable (Int, Int) -> Void)? = nil,
                      emit: @escaping @Sendable (String, Data) throws -> Void) async throws -> BuiltGallery {
        let apps = try selectedApps()
        let locale = FormatLocale(identifier: options.locale)
        // Inputs load side by side; the first failure, in this order, is the one reported.
        async let loadedTemplates = TemplateSet(directory: options.templatesDirectory, displayDirectory: "templates", fileIO: fileIO)
        async let loadedCopy = ContentCopyBook(directory: options.contentDirectory.appendingPathComponent("copy"),
                                               displayDirectory: "content/copy", fileIO: fileIO)
        async let loadedPrompts = loadPrompts()
        async let loadedScenarios = loadScenarios(apps: apps)
        let templates = try await loadedTemplates
        let copy = try await loadedCopy
        let prompts = try await loadedPrompts
        let scenarios = try await loadedScenarios
        var buildDiagnostics: [ReportedDiagnostic] = []
        let buildNow = options.now ?? Date()
        let buildZone = options.timeZone ?? TimeZone.current
        if options.device.size(of: .accessoryCircular) == nil {
            buildDiagnostics.append(ReportedDiagnostic(
                diagnostic: Diagnostic(.info, "the \(options.device.name) screen class has no Lock Screen accessories; they are omitted"),
                location: nil, app: nil, expected: true))
        }

        let jobs: [Job] = scenarios.flatMap { scenario in
            apps.filter { scenario.app == nil || scenario.app == $0.id }.map { Job(scenario: scenario, app: $0) }
        }
        let nav = try Navigation(apps: navigation(apps: apps, jobs: jobs), templates: templates)
        let total = jobs.reduce(0) { $0 + $1.app.families.count }
        let done = Mutex(0)
        let results = try await jobs.parallelMap(width: options.parallelism) { job in
            var result = try render(job, buildNow: buildNow, buildZone: buildZone, locale: locale, copy: copy, prompts: prompts,
                                    templates: templates)
            result.widgets = try await result.widgets.parallelMap(width: options.parallelism) { widget in
                try emit(widget.page, Data(try detailPage(widget, nav: nav, templates: templates).utf8))
                var written = widget
                written.manifestEntry = try encodeEntry(manifestEntry(widget))
                written.thumbnails = try thumbnails(widget, templates: templates)
                written.dropPageOnlyData()
                return written
            }
            let count = done.withLock { $0 += result.widgets.count; return $0 }
            progress?(count, total)
            return result
        }
        let widgets = results.flatMap(\.widgets)
        let allDiagnostics = buildDiagnostics + results.flatMap(\.reported)

        // Each app's page, then the index, in parallel too; written in that order.
        let pages = try await (apps.map(Optional.some) + [nil]).parallelMap(width: options.parallelism) { app -> (path: String, data: Data) in
            if let app {
                return ("\(app.id)/index.html", Data(try appPage(app, widgets: widgets.filter { $0.app.id == app.id }, nav: nav, templates: templates).utf8))
            }
            return ("index.html", Data(try indexPage(apps: apps, widgets: widgets, diagnostics: allDiagnostics, now: buildNow, zone: buildZone,
                                                     locale: locale, nav: nav, templates: templates).utf8))
        }
        for page in pages { try emit(page.path, page.data) }
        let manifest = manifestHeader(now: buildNow, zone: buildZone, locale: locale, diagnostics: buildDiagnostics)
        let entries = widgets.sorted { ($0.app.id, $0.scenario.name, $0.preview.family.rawValue) < ($1.app.id, $1.scenario.name, $1.preview.family.rawValue) }
        try emit("manifest.json", try encodeManifest(manifest, entries: entries.map(\.manifestEntry)))
        try emit("manifest.schema.json", try fileIO.readData(options.templatesDirectory.appendingPathComponent("manifest.schema.json"),
                                                            "templates/manifest.schema.json"))
        for asset in try fileIO.listFiles(options.templatesDirectory.appendingPathComponent("assets")) {
            try emit("assets/\(asset)", try fileIO.readData(options.templatesDirectory.appendingPathComponent("assets/\(asset)"), "templates/assets/\(asset)"))
        }
        let fonts = copyFonts()
        for (path, data) in fonts.files.sorted(by: { $0.key < $1.key }) { try emit(path, data) }
        var diagnostics = allDiagnostics
        if let note = fonts.diagnostic { diagnostics.insert(ReportedDiagnostic(diagnostic: note, location: nil, app: nil, expected: false), at: 0) }

        return BuiltGallery(
            files: [], manifest: manifest, pageCount: widgets.count + apps.count + 1,
            widgetCount: widgets.count, frameCount: widgets.reduce(0) { $0 + $1.frames.count }, diagnostics: diagnostics)
    }

    // MARK: - Inputs

    func selectedApps() throws -> [any GalleryApp] {
        guard !options.apps.isEmpty else { return GalleryApps.all }
        return try options.apps.map { name in
            guard let app = GalleryApps.named(name) else {
                let known = GalleryApps.all.map(\.id).joined(separator: ", ")
                throw SiteError.badOption("--app \(name): no such app; known apps: \(known)")
            }
            return app
        }.reduce(into: [any GalleryApp]()) { list, app in
            if !list.contains(where: { $0.id == app.id }) { list.append(app) }
        }.sorted { lhs, rhs in
            GalleryApps.all.firstIndex { $0.id == lhs.id }! < GalleryApps.all.firstIndex { $0.id == rhs.id }!
        }
    }

    func loadPrompts() throws -> PromptRotation {
        let settings = try SiteSettings.load(contentDirectory: options.contentDirectory, fileIO: fileIO)
        return PromptRotation(
            prompts: try PromptLibrary.load(directory: options.contentDirectory.appendingPathComponent("prompts"),
                                            displayDirectory: "content/prompts", fileIO: fileIO),
            interval: settings.promptInterval)
    }

    /// The sample scenarios, or one per `--store`. Scenario files are parsed in parallel; the
    /// first failure in content order is the one reported.
    func loadScenarios(apps: [any GalleryApp]) async throws -> [Scenario] {
        if options.stores.isEmpty {
            let root = options.contentDirectory.appendingPathComponent("scenarios")
            let folders = try apps.flatMap { app in
                try fileIO.listFolders(root.appendingPathComponent(app.id)).map { (app: app.id, name: $0) }
            }
            let loaded = try await folders.parallelMap(width: options.parallelism) { folder in
                Result { () throws -> Scenario in
                    try Scenario.load(folder: root.appendingPathComponent(folder.app).appendingPathComponent(folder.name), name: folder.name,
                                      app: folder.app, displayPath: "content/scenarios/\(folder.app)/\(folder.name)", fileIO: fileIO)
                }
            }
            return try loaded.map { try $0.get() }
        }
        var names: Set<String> = []
        return try options.stores.map { url in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw SiteError.badOption("--store \(url.path): no such folder")
            }
            let base = url.standardizedFileURL.lastPathComponent
            var name = Self.slug(base)
            var counter = 2
            while !names.insert(name).inserted {
                name = "\(Self.slug(base))-\(counter)"
                counter += 1
            }
            return try Scenario.load(folder: url, name: name, app: nil, displayPath: url.relativePath, fileIO: fileIO)
        }
    }

    /// A folder name made safe for a page path.
    static func slug(_ name: String) -> String {
        let allowed = name.unicodeScalars.map { scalar -> Character in
            CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || scalar == "-" || scalar == "_" || scalar == "." ? Character(scalar) : "-"
        }
        let slug = String(allowed).trimmingCharacters(in: CharacterSet(charactersIn: "-."))
        return slug.isEmpty ? "store" : slug
    }

    // MARK: - Widgets

    /// One scenario of one app: its families render together, against one store.
    struct Job: Sendable {
        var scenario: Scenario
        var app: any GalleryApp
    }

    struct JobResult: Sendable {
        var widgets: [RenderedWidget]
        var reported: [ReportedDiagnostic]
    }

    func render(_ job: Job, buildNow: Date, buildZone: TimeZone, locale: FormatLocale, copy: ContentCopyBook, prompts: PromptRotation,
                templates: TemplateSet) throws -> JobResult {
        let (scenario, app) = (job.scenario, job.app)
        let now = scenario.now ?? buildNow
        let zone = scenario.timeZone ?? buildZone
        let formatting = TimeFormatting(timeZone: zone, locale: locale)
        let store = try? StoreRoot(url: scenario.storeURL)
        let environment = PreviewEnvironment(
            window: DateInterval(start: now, duration: 24 * 3600), calendar: formatting.calendar, locale: locale,
            budget: ReloadBudget(limit: options.reloadBudget), events: scenario.scenarioEvents(from: now), copy: copy,
            prompts: prompts, prices: PriceSettings(fetcher: options.prices, script: scenario.prices?.script(from: now)))
        let families = app.families.compactMap { family in options.device.size(of: family).map { (family, $0) } }
        let previews = try app.previews(families: families, store: store, environment: environment)
        var seen: Set<Diagnostic> = []
        var result = JobResult(widgets: [], reported: [])
        for preview in previews {
            for diagnostic in preview.diagnostics where seen.insert(diagnostic).inserted {
                result.reported.append(ReportedDiagnostic(diagnostic: diagnostic, location: scenario.displayPath, app: app.id,
                                                          expected: scenario.expectDiagnostics))
            }
            result.widgets.append(try render(preview, app: app, scenario: scenario, now: now, formatting: formatting, templates: templates))
        }
        return result
    }

    func render(_ preview: WidgetPreview, app: any GalleryApp, scenario: Scenario, now: Date, formatting: TimeFormatting,
                templates: TemplateSet) throws -> RenderedWidget {
        let family = preview.family
        var rendered: [RenderedFrame] = []
        var anchors: [String: Int] = [:]
        var lastCombined = ""
        for frame in preview.frames {
            // Rule 6: consecutive frames with identical HTML are one frame. A frame whose view
            // equals the last one's would render the same HTML; a third of all frames do.
            if let last = rendered.last, frame.view.draws(sameAs: last.frame.view) {
                rendered[rendered.count - 1].frame.end = frame.end
                continue
            }
            let schemes = try schemeRenders(frame.view, app: app.id, family: family, size: preview.size, templates: templates)
            let combined = schemes.map(\.widget).joined(separator: "\n")
            if !rendered.isEmpty, lastCombined == combined {
                rendered[rendered.count - 1].frame.end = frame.end
                continue
            }
            lastCombined = combined
            var anchor = formatting.anchor(frame.start)
            anchors[anchor, default: 0] += 1
            if anchors[anchor]! > 1 { anchor += "-\(anchors[anchor]!)" }
            let hash = Self.hex(SHA256.hash(data: Data(combined.utf8)))
            rendered.append(RenderedFrame(frame: frame, schemes: schemes, hash: hash, anchor: anchor))
        }
        let placeholder = try schemeRenders(preview.placeholder, app: app.id, family: family, size: preview.size, templates: templates)
        let storyboard = try preview.storyboard.map { step in
            (step, try schemeRenders(step.view, app: app.id, family: family, size: preview.size, templates: templates))
        }
        return RenderedWidget(app: app, scenario: scenario, preview: preview, frames: rendered, placeholderSchemes: placeholder, storyboard: storyboard,
                              page: "\(app.id)/\(scenario.name)/\(family.rawValue).html", now: now, formatting: formatting,
                              diagnostics: preview.diagnostics)
    }

    /// A widget in each of its family's schemes. The app's template does not see the scheme, so it
    /// renders once; only the root element differs.
    func schemeRenders(_ view: WidgetView, app: String, family: WidgetFamily, size: WidgetSize, templates: TemplateSet) throws -> [SchemeRender] {
        let inner = try innerHTML(view, thumbnail: false, templates: templates)
        return family.schemes.map { scheme in
            SchemeRender(scheme: scheme.rawValue, name: scheme.displayName,
                         widget: widgetHTML(view, inner: inner, app: app, family: family, size: size, scheme: scheme, thumbnail: false))
        }
    }

    /// The app's template for `view`: the widget's content, without its root element.
    func innerHTML(_ view: WidgetView, thumbnail: Bool, templates: TemplateSet) throws -> String {
        try templates.render(view.model, view.template, withoutLinks: thumbnail || view.isPlaceholder)
    }

    /// One widget in one scheme: the root element with its data attributes around `inner`.
    ///
    /// Built here rather than in a template: its classes and `data-` attributes are what the
    /// stylesheet, the browser tests and the manifest agree on, and it is rendered three times per
    /// frame, where a template's lookups cost more than the widget inside.
    func widgetHTML(_ view: WidgetView, inner: String, app: String, family: WidgetFamily, size: WidgetSize, scheme: ColorScheme,
                    thumbnail: Bool) -> String {
        let style = (["width:\(size.width)px", "height:\(size.height)px"] + view.style.map { "\($0.name):\($0.value)" }).joined(separator: ";")
        let link = thumbnail ? nil : view.widgetURL
        let label = HTML.escape(view.accessibilityLabel)
        var html = "<div class=\"widget w-\(family.rawValue) app-\(HTML.escape(app)) scheme-\(scheme.rawValue)\(view.isPlaceholder ? " is-redacted" : "")\" "
        if thumbnail {
            html += "data-thumb=\"\(family.rawValue)\" data-scheme=\"\(scheme.rawValue)\""
        } else {
            html += "data-app=\"\(HTML.escape(app))\" data-family=\"\(family.rawValue)\" data-state=\"\(HTML.escape(view.state))\" data-scheme=\"\(scheme.rawValue)\""
            if link == nil { html += " role=\"group\" aria-label=\"\(label)\"" }
        }
        html += " style=\"\(HTML.escape(style))\">"
        if let link {
            html += "<a class=\"widget-link\" href=\"\(HTML.escape(link))\" aria-label=\"\(label)\">\(inner)</a></div>"
        } else {
            html += "\(inner)</div>"
        }
        if !thumbnail, let caption = view.caption {
            html += "<p class=\"widget-caption\" aria-hidden=\"true\">\(HTML.escape(caption))</p>"
        }
        return html
    }

    struct ThumbnailModel: Encodable {
        var width: Int
        var height: Int
        var scale: String
        var scheme: String
        var widget: HTMLFragment
    }

    /// Scaled-down renders of a frame, light and dark (vibrant for accessories), marked `data-thumb`.
    func thumbnails(_ widget: RenderedWidget, templates: TemplateSet) throws -> HTMLFragment {
        guard let frame = widget.frames.first?.frame else { return .empty }
        let family = widget.preview.family
        let scale = family.isHomeScreen ? 0.5 : 0.75
        let size = widget.preview.size
        let schemes: [ColorScheme] = family.isAccessory ? [.vibrantLight, .vibrantDark] : [.light, .dark]
        let inner = try innerHTML(frame.view, thumbnail: true, templates: templates)
        return HTMLFragment(try schemes.map { scheme in
            let html = widgetHTML(frame.view, inner: inner, app: widget.app.id, family: family, size: size, scheme: scheme, thumbnail: true)
            let model = ThumbnailModel(width: Int((Double(size.width) * scale).rounded(.up)), height: Int((Double(size.height) * scale).rounded(.up)),
                                       scale: String(scale), scheme: scheme.rawValue, widget: HTMLFragment(html))
            return try templates.render(model, "partials/thumbnail").trimmedOfWhitespace
        }.joined(separator: "\n"))
    }

    // MARK: - Pages

    /// Each app's scenarios, in build order, for the sidebar.
    func navigation(apps: [any GalleryApp], jobs: [Job]) -> [NavApp] {
        apps.map { app in
            var seen: Set<String> = []
            let rendersAny = app.families.contains { options.device.size(of: $0) != nil }
            let scenarios = jobs.filter { $0.app.id == app.id && rendersAny }.compactMap { job -> NavLink? in
                guard seen.insert(job.scenario.name).inserted else { return nil }
                return NavLink(title: job.scenario.title, href: "\(app.id)/index.html#s-\(job.scenario.name)")
            }
            return NavApp(name: app.displayName, href: "\(app.id)/index.html", current: false, scenarios: scenarios)
        }
    }

    func layout(title: String, root: String, body: String, nav: Navigation, currentApp: String?, script: Bool, templates: TemplateSet) throws -> String {
        try templates.render(LayoutModel(title: title, root: root, body: HTMLFragment(body), navigation: nav.html(root: root, currentApp: currentApp), script: script),
                             "layout")
    }

    func diagnosticModels(_ diagnostics: [Diagnostic], location: String?) -> [DiagnosticModel] {
        diagnostics.sorted { ($1.severity, $0.file ?? "", $0.message) < ($0.severity, $1.file ?? "", $1.message) }.map {
            DiagnosticModel(severity: $0.severity.rawValue, message: $0.message, file: $0.file ?? "", hasFile: $0.file != nil)
        }
    }

    func detailPage(_ widget: RenderedWidget, nav: Navigation, templates: TemplateSet) throws -> String {
        let f = widget.formatting
        let preview = widget.preview
        var statesSeen: Set<String> = []
        let frames = widget.frames.enumerated().map { index, rendered -> FrameModel in
            let frame = rendered.frame
            let state = frame.view.state
            let endOffset = f.dayOffset(frame.end, from: widget.now).map { " (\($0))" } ?? ""
            let startOffset = f.dayOffset(frame.start, from: widget.now).map { " (\($0))" } ?? ""
            let record = preview.reloads.indices.contains(frame.reload) ? preview.reloads[frame.reload] : nil
            return FrameModel(
                index: index, number: index + 1, anchor: rendered.anchor,
                stateAnchor: statesSeen.insert(state).inserted ? "state-\(state)" : nil,
                rangeText: "\(f.clock(frame.start))\(startOffset) – \(f.clock(frame.end))\(endOffset)",
                durationText: Self.duration(frame.end.timeIntervalSince(frame.start)),
                state: frame.view.isPlaceholder ? "\(state) (placeholder)" : state,
                reload: frame.reload + 1, reloadReason: record?.reason.rawValue ?? "initial",
                schemes: schemesHTML(rendered.schemes),
                voiceOver: frame.view.accessibilityLabel)
        }
        let reloads = preview.reloads.enumerated().map { index, record in
            ReloadRow(number: index + 1, time: f.clock(record.at) + (f.dayOffset(record.at, from: widget.now).map { " (\($0))" } ?? ""),
                      reason: record.reason.rawValue, budgeted: record.budgeted ? "yes" : "free",
                      result: record.refused ? "refused" : (record.failed ? "read failed" : "reloaded"),
                      budgetLeft: record.budgetLeft, note: record.note ?? "",
                      rowClass: record.refused ? "is-refused" : (record.failed ? "is-failed" : ""))
        }
        let used = preview.reloads.filter { $0.budgeted && !$0.refused }.count
        let refused = preview.reloads.filter(\.refused).count
        let free = preview.reloads.filter { $0.reason.isFree }.count
        var links: [String] = []
        for frame in widget.frames { for link in frame.frame.view.links where !links.contains(link) { links.append(link) } }
        let model = DetailModel(
            appName: widget.app.displayName, appHref: "../index.html", scenarioTitle: widget.scenario.title,
            scenarioDescription: widget.scenario.description ?? "", familyName: preview.family.displayName, familyId: preview.family.rawValue,
            size: "\(preview.size.width)×\(preview.size.height) pt", device: options.device.name,
            timeZone: f.calendar.timeZone.identifier,
            windowText: "\(f.dayAndClock(widget.now)) – \(f.dayAndClock(widget.now + 24 * 3600))",
            frames: frames, framesText: counted(frames.count, "frame"), lastIndex: max(0, frames.count - 1),
            placeholder: schemesHTML(widget.placeholderSchemes),
            storyboard: widget.storyboard.enumerated().map { index, item in
                StoryboardModel(number: index + 1, anchor: tapAnchor(index),
                                time: f.clock(item.step.at) + (f.dayOffset(item.step.at, from: widget.now).map { " (\($0))" } ?? ""),
                                action: item.step.action, link: item.step.link, state: item.step.view.state,
                                schemes: schemesHTML(item.schemes))
            },
            hasStoryboard: !widget.storyboard.isEmpty,
            reloads: reloads,
            budgetSummary: "\(used) of \(preview.budget.limit) budgeted reloads used, \(preview.budget.limit - used) left; \(free) free; \(refused) refused",
            links: links.map { LinkRow(url: $0, description: "Tap target") }, notes: preview.notes,
            storeData: preview.storeData.map { ExcerptModel(file: $0.file, text: $0.text) }, hasStoreData: !preview.storeData.isEmpty,
            diagnostics: diagnosticModels(preview.diagnostics, location: widget.scenario.displayPath),
            hasDiagnostics: !preview.diagnostics.isEmpty)
        let body = try templates.render(model, "pages/detail")
        return try layout(title: "\(widget.app.displayName) · \(widget.scenario.title) · \(preview.family.displayName)", root: "../../",
                          body: body, nav: nav, currentApp: widget.app.id, script: true, templates: templates)
    }

    /// The stages a frame's schemes stand on, side by side. Built here, like the widget's root
    /// element: it is structure, repeated for every frame.
    func schemesHTML(_ schemes: [SchemeRender]) -> HTMLFragment {
        var html = "<div class=\"schemes\">\n"
        for render in schemes {
            html += "<figure class=\"stage stage-\(render.scheme)\">\n<div class=\"stage-canvas\">\(render.widget)</div>\n"
            html += "<figcaption>\(HTML.escape(render.name))</figcaption>\n</figure>\n"
        }
        return HTMLFragment(html + "</div>\n")
    }

    /// Lower-case hexadecimal, two digits a byte.
    static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var result: [UInt8] = []
        for byte in bytes {
            result.append(digits[Int(byte >> 4)])
            result.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: result, as: UTF8.self)
    }

    func appPage(_ app: any GalleryApp, widgets: [RenderedWidget], nav: Navigation, templates: TemplateSet) throws -> String {
        let families = app.families.filter { options.device.size(of: $0) != nil }
        var rows: [ScenarioRow] = []
        var scenarioOrder: [String] = []
        for widget in widgets where !scenarioOrder.contains(widget.scenario.name) { scenarioOrder.append(widget.scenario.name) }
        for name in scenarioOrder {
            let scenarioWidgets = widgets.filter { $0.scenario.name == name }
            guard let first = scenarioWidgets.first else { continue }
            let cells = families.compactMap { family -> MatrixCell? in
                guard let widget = scenarioWidgets.first(where: { $0.preview.family == family }) else { return nil }
                var states: [String] = []
                for frame in widget.frames where !states.contains(frame.frame.view.state) { states.append(frame.frame.view.state) }
                return MatrixCell(href: "\(name)/\(family.rawValue).html", label: "\(family.displayName), \(first.scenario.title)",
                                  thumbnails: widget.thumbnails, framesText: counted(widget.frames.count, "frame"),
                                  stateSummary: states.joined(separator: " → "))
            }
            let warnings = Set(scenarioWidgets.flatMap(\.diagnostics).filter { $0.severity > .info }).count
            rows.append(ScenarioRow(id: "s-\(name)", title: first.scenario.title, description: first.scenario.description ?? "",
                                    warningsText: counted(warnings, "warning"), hasWarnings: warnings > 0, cells: cells))
        }
        let omitted = app.families.filter { options.device.size(of: $0) == nil }
        let notes = omitted.isEmpty ? [] : ["\(omitted.map(\.displayName).joined(separator: ", ")) omitted: the \(options.device.name) screen class has no Lock Screen accessories."]
        let model = AppPageModel(
            name: app.displayName, scenarios: rows, notes: notes, hasNotes: !notes.isEmpty)
        let body = try templates.render(model, "pages/app")
        return try layout(title: app.displayName, root: "../", body: body, nav: nav, currentApp: app.id, script: false, templates: templates)
    }

    func indexPage(apps: [any GalleryApp], widgets: [RenderedWidget], diagnostics: [ReportedDiagnostic], now: Date, zone: TimeZone,
                   locale: FormatLocale, nav: Navigation, templates: TemplateSet) throws -> String {
        let f = TimeFormatting(timeZone: zone, locale: locale)
        let cards = apps.map { app -> AppCard in
            let appWidgets = widgets.filter { $0.app.id == app.id }
            let states = Set(appWidgets.flatMap { $0.frames.map(\.frame.view.state) })
            let warnings = diagnostics.filter { $0.app == app.id && $0.diagnostic.severity > .info }.count
            // The card shows a scenario that works and has the richest day, not a fallback.
            let sample = appWidgets.filter { $0.preview.family == app.families.first }.enumerated().max { lhs, rhs in
                func rank(_ item: (offset: Int, element: RenderedWidget)) -> (Int, Int, Int) {
                    (item.element.diagnostics.contains { $0.severity > .info } ? 0 : 1,
                     Set(item.element.frames.map(\.frame.view.state)).count, -item.offset)
                }
                return rank(lhs) < rank(rhs)
            }?.element
            return AppCard(name: app.displayName, href: "\(app.id)/index.html",
                           scenarioCount: Set(appWidgets.map(\.scenario.name)).count,
                           familyCount: Set(appWidgets.map(\.preview.family)).count, stateCount: states.count,
                           warningCount: warnings, hasWarnings: warnings > 0,
                           thumbnails: sample?.thumbnails ?? .empty)
        }
        let buildWide = diagnostics.filter { $0.app == nil }.map(\.diagnostic)
        let model = IndexModel(
            build: BuildInfo(now: f.dayAndClock(now), timeZone: zone.identifier, locale: options.locale, device: options.device.name,
                             budget: options.reloadBudget),
            apps: cards, diagnostics: diagnosticModels(buildWide, location: nil), hasDiagnostics: !buildWide.isEmpty)
        let body = try templates.render(model, "pages/index")
        return try layout(title: "Gallery", root: "", body: body, nav: nav, currentApp: nil, script: false, templates: templates)
    }

    static func duration(_ seconds: TimeInterval) -> String {
        let total = Int(seconds.rounded())
        let (hours, minutes, secs) = (total / 3600, total % 3600 / 60, total % 60)
        var parts: [String] = []
        if hours > 0 { parts.append("\(hours) h") }
        if minutes > 0 { parts.append("\(minutes) min") }
        if secs > 0 || parts.isEmpty { parts.append("\(secs) s") }
        return parts.joined(separator: " ")
    }

    // MARK: - Manifest and assets

    static func manifestDiagnostic(_ diagnostic: Diagnostic) -> Manifest.Diagnostic {
        Manifest.Diagnostic(severity: diagnostic.severity.rawValue, message: diagnostic.message, file: diagnostic.file)
    }

    /// A widget's entry in the manifest.
    func manifestEntry(_ widget: RenderedWidget) -> Manifest.Widget {
        let wf = widget.formatting
        return Manifest.Widget(
            app: widget.app.id, scenario: widget.scenario.name, family: widget.preview.family.rawValue,
            size: Manifest.Size(width: widget.preview.size.width, height: widget.preview.size.height),
            page: widget.page, now: wf.iso(widget.now), timeZone: wf.calendar.timeZone.identifier,
            frames: widget.frames.map {
                Manifest.Frame(start: wf.iso($0.frame.start), end: wf.iso($0.frame.end), state: $0.frame.view.state,
                               texts: $0.frame.view.texts, links: $0.frame.view.links, hash: $0.hash, reload: $0.frame.reload,
                               anchor: $0.anchor)
            },
            reloads: widget.preview.reloads.map {
                Manifest.Reload(at: wf.iso($0.at), reason: $0.reason.rawValue, budgeted: $0.budgeted, refused: $0.refused,
                                budgetLeft: $0.budgetLeft, failed: $0.failed, note: $0.note)
            },
            diagnostics: widget.diagnostics.map(Self.manifestDiagnostic),
            storyboard: widget.storyboard.isEmpty ? nil : widget.storyboard.enumerated().map { index, item in
                Manifest.Tap(at: wf.iso(item.step.at), action: item.step.action, link: item.step.link, state: item.step.view.state,
                             texts: item.step.view.texts, anchor: tapAnchor(index))
            })
    }

    /// The manifest without its widgets: `encodeManifest` puts their entries in.
    func manifestHeader(now: Date, zone: TimeZone, locale: FormatLocale, diagnostics: [ReportedDiagnostic]) -> Manifest {
        let f = TimeFormatting(timeZone: zone, locale: locale)
        return Manifest(
            schemaVersion: Manifest.currentSchemaVersion, generator: Self.generator, now: f.iso(now), timeZone: zone.identifier,
            locale: options.locale,
            device: Manifest.Device(name: options.device.name, screen: Manifest.Size(width: options.device.screen.width, height: options.device.screen.height)),
            diagnostics: diagnostics.map { Self.manifestDiagnostic($0.diagnostic) }, widgets: [])
    }

    /// A widget's entry as it sits in `manifest.json`'s `widgets` array: encoded on its own, as
    /// soon as its page is written, so that no build holds every frame of every widget at once.
    /// Two levels deep, as `JSONEncoder` would indent it there (`ManifestJSON`).
    func encodeEntry(_ entry: Manifest.Widget) throws -> Data {
        Data(ManifestJSON.entry(entry, level: 2))
    }

    /// `header` with `entries` (encoded by `encodeEntry`, in order) as its widgets: the same bytes
    /// as encoding the whole manifest at once.
    func encodeManifest(_ header: Manifest, entries: [Data]) throws -> Data {
        var json = try encode(header)
        let empty = Data("\"widgets\" : [\n\n  ]\n}\n".utf8)
        guard !entries.isEmpty else { return json }
        guard json.count >= empty.count, json.suffix(empty.count) == empty else {
            throw SiteError.outputFailed(path: "manifest.json", reason: "unexpected encoding of an empty widgets array")
        }
        json.removeLast(empty.count)
        json.append(Data("\"widgets\" : [\n".utf8))
        for (index, entry) in entries.enumerated() {
            if index > 0 { json.append(Data(",\n".utf8)) }
            json.append(entry)
        }
        json.append(Data("\n  ]\n}\n".utf8))
        return json
    }

    static func manifestEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    func encode(_ manifest: Manifest) throws -> Data {
        try Self.manifestEncoder().encode(manifest) + Data("\n".utf8)
    }

    /// Inter from Debian's `fonts-inter`, so pages look alike on every machine with no network.
    func copyFonts() -> (files: [String: Data], diagnostic: Diagnostic?) {
        let weights = [("Regular", 400), ("Medium", 500), ("SemiBold", 600), ("Bold", 700)]
        var files: [String: Data] = [:]
        var faces: [String] = []
        if let directory = options.fontsDirectory {
            for (name, weight) in weights {
                let url = directory.appendingPathComponent("Inter-\(name).otf")
                guard let data = try? Data(contentsOf: url) else { continue }
                files["assets/fonts/Inter-\(name).otf"] = data
                faces.append("@font-face{font-family:\"Inter\";font-style:normal;font-weight:\(weight);font-display:swap;src:url(\"fonts/Inter-\(name).otf\") format(\"opentype\")}")
            }
        }
        files["assets/fonts.css"] = Data((faces.joined(separator: "\n") + "\n").utf8)
        if faces.count == weights.count { return (files, nil) }
        return (files, Diagnostic(.warning, "Inter was not found in \(options.fontsDirectory?.path ?? "(no folder)"); pages fall back to the system font stack (install fonts-inter)"))
    }
}

/// The stable anchor of storyboard step `index` (from 0) on its page, and in the manifest.
private func tapAnchor(_ index: Int) -> String {
    "tap-\(index + 1)"
}

extension String {
    /// Without leading and trailing whitespace and newlines. Foundation's
    /// `trimmingCharacters(in:)` bridges through NSString on Linux: a tenth of a build.
    var trimmedOfWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}
