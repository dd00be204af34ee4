import AppGroupStore
import Foundation
import GlimpseCore
import GlimpseTemplates
import WidgetTimeline
import Widgets

/// What every unit of a build shares, loaded once: the apps to build, templates, copy, the
/// scenarios, the clock, and the sidebar.
package struct BuildInputs: Sendable {
    let options: BuildOptions
    let fileIO: FileIO
    /// The apps to build, in gallery order (by id).
    let apps: [any GalleryApp]
    let templates: TemplateSet
    /// The copy in each language of the build (`options.axes.languages`).
    let copies: [Language: ContentCopyBook]
    /// One app × one scenario each, in gallery order: an app's scenarios together.
    package let units: [RenderUnit]
    let now: Date
    let zone: TimeZone
    /// The primary language's formats: the index's and the manifest's clock.
    let locale: FormatLocale
    let pages: PageRenderer
    let assets: GalleryAssets
    /// What apps compute once a build and share among their scenarios (`InputContext.shared`), once
    /// per language: what an app shares may be in the locale's words (an app's prompts).
    var sharedInputs: [Language: SharedInputs] = [:]
    /// A `--store`'s `scenario.yaml` that was refused: the store is built with default settings,
    /// and this says why.
    var storeDiagnostics: [ReportedDiagnostic] = []
    /// The scenarios the units are of, as loaded.
    var scenarios: [Scenario] = []
    /// Each app's shipped widget beside its spec (`content/shipped/<app>.yaml`), by app id.
    var shipped: [String: ShippedWidget] = [:]

    /// The copy of the primary language: the book its diagnostics are about.
    var copy: ContentCopyBook { copy(in: options.axes.language) }

    /// The copy in `language`: one of the build's, or the primary's book localized for it.
    func copy(in language: Language) -> ContentCopyBook {
        copies[language] ?? copies[options.axes.language]!.localized(for: language.locale, pseudo: language.pseudo)
    }

    /// What apps share in `language`: its own, for one of the build's; a fresh one for another.
    func shared(in language: Language) -> SharedInputs {
        sharedInputs[language] ?? SharedInputs()
    }

    /// The sidebar as `app`'s widget pages carry it: when it changes (a scenario added, removed or
    /// retitled), every one of those pages changes, whatever its unit read.
    package func sidebar(app: String) -> String {
        pages.navigation.html(root: "../../", currentApp: app).html
    }

    /// Reads the templates, the copy and the scenarios side by side.
    ///
    /// - Throws: `SiteError` for a bad option or a broken file of Glimpse's own content; the first
    ///   failure, in that order, is the one reported.
    ///
    /// - Parameter kept: what an earlier load of the same options read, to use again where no
    ///   changed path is in it (`Kept(previous, changed:)`).
    static func load(options: BuildOptions, fileIO: FileIO, kept: Kept = Kept()) async throws -> BuildInputs {
        let apps = try selectedApps(options)
        async let loadedTemplates = keptOrLoaded(kept.templates) {
            try TemplateSet(
                directory: options.inputs.templatesDirectory, displayDirectory: "templates",
                files: fileIO.templateFiles,
                folders: Dictionary(
                    uniqueKeysWithValues: options.inputs.ownFolders.map {
                        ($0.key, $0.value.templates.appendingPathComponent($0.key))
                    }
                ))
        }
        async let loadedCopies = keptOrLoaded(kept.copies) { try Self.copies(options: options, fileIO: fileIO) }
        async let loadedScenarios = keptOrLoaded(kept.scenarios) {
            try await Self.scenarios(options: options, apps: apps, fileIO: fileIO)
        }
        let templates = try await loadedTemplates
        let copies = try await loadedCopies
        let (scenarios, storeDiagnostics) = try await loadedScenarios
        let shipped = try ShippedContent.load(apps: apps, options: options, fileIO: fileIO)
        let primary = options.axes.primaryVariant
        let variants = options.axes.variants
        let units = scenarios.flatMap { scenario in
            apps.filter { scenario.app == nil || scenario.app == $0.id }.flatMap { app in
                variants.map {
                    RenderUnit(
                        app: app, scenario: scenario.localized(for: $0.language.locale), variant: $0, primary: primary)
                }
            }
        }
        let navigation = try Navigation(
            apps: Navigation.apps(apps, units: units.filter(\.isPrimary), device: options.axes.device),
            templates: templates)
        var inputs = BuildInputs(
            options: options, fileIO: fileIO, apps: apps, templates: templates, copies: copies, units: units,
            now: options.run.now ?? Date(), zone: options.run.timeZone ?? TimeZone.current,
            locale: FormatLocale(identifier: options.axes.locale),
            pages: PageRenderer(templates: templates, navigation: navigation, redacted: options.axes.redaction.isOn),
            assets: GalleryAssets(templatesDirectory: options.inputs.templatesDirectory, fileIO: fileIO))
        inputs.storeDiagnostics = storeDiagnostics
        inputs.scenarios = scenarios
        inputs.shipped = shipped
        inputs.sharedInputs = Dictionary(
            options.axes.languages.map { ($0, SharedInputs()) }, uniquingKeysWith: { a, _ in a })
        return inputs
    }

    /// `kept`, or what `load` loads when there is none.
    static func keptOrLoaded<Value>(_ kept: Value?, _ load: () async throws -> Value) async throws -> Value {
        if let kept { return kept }
        return try await load()
    }

    /// `--app`'s apps, each once, in gallery order; every known app without it.
    ///
    /// - Throws: `SiteError.badOption` for an app no one knows.
    static func selectedApps(_ options: BuildOptions) throws -> [any GalleryApp] {
        let known = options.inputs.knownApps.sorted { $0.id < $1.id }
        guard !options.inputs.apps.isEmpty else { return known }
        for name in options.inputs.apps where !known.contains(where: { $0.id == name }) {
            throw SiteError.badOption(
                "--app \(name): no such app; known apps: \(known.map(\.id).joined(separator: ", "))")
        }
        return known.filter { options.inputs.apps.contains($0.id) }
    }

    /// The sample scenarios of `apps`, or one per `--store`. Scenario files are parsed in parallel;
    /// the first failure in content order is the one reported.
    ///
    /// A `--store`'s `scenario.yaml` is data from elsewhere: one that cannot be used (broken,
    /// hostile, not a file) is a warning, and the store builds with default settings. A sample
    /// scenario's is Glimpse's own content, and fails the build.
    static func scenarios(
        options: BuildOptions, apps: [any GalleryApp], fileIO: FileIO
    ) async throws
        -> (scenarios: [Scenario], diagnostics: [ReportedDiagnostic])
    {
        if options.inputs.stores.isEmpty {
            return (try await sampleScenarios(options: options, apps: apps, fileIO: fileIO), [])
        }
        var names: Set<String> = []
        var diagnostics: [ReportedDiagnostic] = []
        let scenarios = try options.inputs.stores.map { url in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                throw SiteError.badOption("--store \(url.path): no such folder")
            }
            let base = url.standardizedFileURL.lastPathComponent
            var name = slug(base)
            var counter = 2
            while !names.insert(name).inserted {
                name = "\(slug(base))-\(counter)"
                counter += 1
            }
            do {
                return try Self.storeScenario(url, name: name, timeout: options.run.storeTimeout, fileIO: fileIO)
            } catch let error as SiteError {
                diagnostics.append(
                    ReportedDiagnostic(
                        diagnostic: Diagnostic(.warning, "\(error); built with default settings"), location: nil,
                        app: nil, expected: false))
                return Scenario(
                    app: nil, name: name, title: name, description: nil, storeURL: url, displayPath: url.relativePath,
                    now: nil, timeZone: nil, expectDiagnostics: false, events: [])
            }
        }
        return (scenarios, diagnostics)
    }

    /// Every app's sample scenarios, `content/scenarios/<app>/<scenario>/` of Glimpse's content or
    /// of the app's own folders (`AppFolders`), parsed in parallel.
    static func sampleScenarios(
        options: BuildOptions, apps: [any GalleryApp], fileIO: FileIO
    ) async throws -> [Scenario] {
        let folders = try apps.flatMap { app in
            let root = options.inputs.folders(of: app).content.appendingPathComponent("scenarios")
            return try fileIO.listFolders(root.appendingPathComponent(app.id)).map {
                (app: app.id, name: $0, root: root)
            }
        }
        let loaded = try await folders.parallelMap(width: options.run.parallelism) { folder in
            Result { () throws -> Scenario in
                try Scenario.load(
                    folder: folder.root.appendingPathComponent(folder.app).appendingPathComponent(folder.name),
                    name: folder.name,
                    app: folder.app, displayPath: "content/scenarios/\(folder.app)/\(folder.name)", fileIO: fileIO)
            }
        }
        return try loaded.map { try $0.get() }
    }

    /// A store's `scenario.yaml`, read and decoded within the store's timeout, as its files are: a
    /// store on a mount that stopped answering builds with default settings, saying why.
    ///
    /// - Throws: `SiteError` for a broken file, or one not read within `timeout`.
    static func storeScenario(_ url: URL, name: String, timeout: TimeInterval, fileIO: FileIO) throws -> Scenario {
        let file = "\(url.relativePath)/\(Scenario.fileName)"
        let loaded: Result<Scenario, SiteError>
        do {
            loaded = try StoreReadBudget(seconds: timeout).run(
                file, key: url.appendingPathComponent(Scenario.fileName).path
            ) {
                () throws(StoreError) -> Result<Scenario, SiteError> in
                do {
                    return .success(
                        try Scenario.load(
                            folder: url, name: name, app: nil, displayPath: url.relativePath, fileIO: fileIO))
                } catch let error as SiteError {
                    return .failure(error)
                } catch {
                    return .failure(.unreadable(file: file, reason: "\(error)"))
                }
            }
        } catch .unreadable(_, let reason) {
            throw SiteError.unreadable(file: file, reason: reason)
        } catch {
            throw SiteError.unreadable(file: file, reason: "\(error)")
        }
        return try loaded.get()
    }

    /// A folder name made safe for a page path.
    static func slug(_ name: String) -> String {
        let allowed = name.unicodeScalars.map { scalar -> Character in
            CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || scalar == "-" || scalar == "_"
                || scalar == "." ? Character(scalar) : "-"
        }
        let slug = String(allowed).trimmingCharacters(in: CharacterSet(charactersIn: "-."))
        return slug.isEmpty ? "store" : slug
    }
}
