import AppGroupStore
import Foundation
import GlimpseCore
import GlimpseRegistry
import Synchronization
import TestSupport
import Testing
import WidgetTimeline
import Widgets

@testable import GlimpseSite

/// A widget only these tests know, added through `GalleryApp` alone: a tally its app keeps in
/// `tally.json`, shown under a greeting that it reads, as its own input, from Glimpse's content.
struct TallyApp: GalleryApp {
    /// Its frames count, or show that there is nothing to count.
    enum State: String, WidgetState {
        case counting
        case empty
    }

    let id = "tally"
    let displayName = "Tally"
    let containerIdentifier = "group.com.example.tally"
    let families: [WidgetFamily] = [.systemSmall, .accessoryInline]
    let eventTypes = [ScenarioEventType("bump")]
    let fuzzTarget = FuzzTarget(path: "tally.json")
    /// A watch app of its own, for the Smart Stack's test (`AppearanceTests`); none by default.
    var hasWatchApp = false
    /// `false` for the kept background's test: WidgetKit keeps it where it removes others'.
    var containerBackgroundRemovable = true
    /// Its own templates and content, as a widget team's package keeps them; Glimpse's by default.
    var folders: AppFolders?

    struct Inputs: Sendable {
        var greeting: Copy
    }

    /// How many times a greeting was read, over every build of this process.
    static let greetingsRead = Mutex(0)

    /// The greeting is the same for every scenario: read once a build.
    func inputs(_ context: InputContext) async throws -> Inputs {
        try await context.shared("\(id).greeting") { context in
            Self.greetingsRead.withLock { $0 += 1 }
            let source = try context.content.text("greetings/tally/hello.md") ?? "Hello"
            return Inputs(greeting: context.markdown(source).copy)
        }
    }

    struct Entry: TimelineEntry, Hashable {
        var date: Date
        var count: Int?
    }

    /// The count as stored, plus one for each bump so far; a new timeline at each bump.
    struct Provider: TimelineProvider {
        var stored: Int?
        var bumps: [Date]

        func count(at date: Date) -> Int? {
            stored.map { $0 + bumps.filter { $0 <= date }.count }
        }

        func placeholder(in context: TimelineProviderContext) -> Entry { Entry(date: context.date, count: 0) }
        func snapshot(in context: TimelineProviderContext) -> Entry {
            Entry(date: context.date, count: count(at: context.date))
        }
        func timeline(in context: TimelineProviderContext) -> Timeline<Entry> {
            Timeline(entries: [snapshot(in: context)], policy: .never)
        }
    }

    struct Model: TemplateModel {
        var greeting: HTMLFragment
        var count: String
    }

    struct Stored: Decodable {
        var count: Int
    }

    func previews(
        families: [(WidgetFamily, WidgetSize)], store: StoreRoot?, environment: PreviewEnvironment,
        inputs: Inputs
    ) throws -> [WidgetPreview] {
        var diagnostics: [Diagnostic] = []
        var stored: Int?
        do {
            if let store {
                stored = try store.container(containerIdentifier).decodeJSON(Stored.self, at: "tally.json").count
            }
        } catch {
            diagnostics.append(error.diagnostic)
        }
        let bumps = environment.events.filter { $0.type == "bump" }.map(\.at)
        diagnostics += environment.events.filter { $0.type != "bump" }.map(unknownEventDiagnostic)
        let provider = Provider(stored: stored, bumps: bumps)
        guard
            let simulation = TimelineSimulator(budget: environment.budget).sharedSimulation(
                provider, families: families, environment: environment,
                freeReloads: ScenarioEvent.appReloads(for: environment.events))
        else { return [] }
        return try families.map { family, size in
            try WidgetPreview(
                simulation, of: provider, family: family, size: size, environment: environment,
                diagnostics: diagnostics,
                storeData: []
            ) { entry, redacted in
                let count = try environment.copy.copy(
                    id, "count", values: ["count": entry.count.map(environment.locale.integer) ?? "—"]
                ).text
                return WidgetView(
                    state: entry.count == nil ? State.empty : .counting, template: "\(id)/\(family.rawValue)",
                    model: Model(greeting: inputs.greeting.html, count: count), texts: [inputs.greeting.text, count],
                    links: [], accessibilityLabel: count, isPlaceholder: redacted)
            }
        }
    }
}

/// The extension point, from outside: a widget the registry does not list is registered by a
/// test, built into a gallery, and read back.
@Suite(.serialized)
struct ExtensionPointTests {
    /// A copy of the repository's templates and an empty content folder, with Tally's files added.
    static func tallyFolders() throws -> (root: URL, options: BuildOptions) {
        let root = temporaryFolder("glimpse-tally")
        let templates = root.appendingPathComponent("templates")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("templates"), to: templates)
        let files = [
            "templates/tally/systemSmall.mustache":
                "<div class=\"tally\"><p>{{{greeting}}}</p>{{> tally/count}}</div>\n",
            "templates/tally/accessoryInline.mustache": "{{> tally/count}}\n",
            "templates/tally/count.mustache": "<p class=\"tally-count\">{{count}}</p>\n",
            "templates/tally/style.css": "/* ---------- Tally ---------- */\n.tally-count { font-weight: 700; }\n",
            "content/copy/tally/count.md": "**{count}** so far\n",
            "content/greetings/tally/hello.md": "---\nsource: test\n---\nHello, *counter*\n",
            "content/scenarios/tally/counting/scenario.yaml":
                "title: Counting\nevents:\n  - at: PT2H\n    type: bump\n",
            "content/scenarios/tally/counting/group.com.example.tally/tally.json": "{\"count\": 41}",
            "content/scenarios/tally/no-container/scenario.yaml": "title: No container\n",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        var options = sampleOptions()
        options.inputs.contentDirectory = root.appendingPathComponent("content")
        options.inputs.templatesDirectory = templates
        options.inputs.knownApps = GalleryApps.all + [TallyApp()]
        options.inputs.apps = ["tally"]
        return (root, options)
    }

    @Test func aWidgetRegisteredByATestIsBuiltIntoTheGallery() async throws {
        let (root, options) = try Self.tallyFolders()
        defer { try? FileManager.default.removeItem(at: root) }
        let gallery = try await GalleryBuilder(options: options).build()
        let paths = Set(gallery.files.map(\.path))
        #expect(
            paths.isSuperset(of: [
                "index.html", "tally/index.html", "tally/counting/systemSmall.html",
                "tally/counting/accessoryInline.html",
                "tally/no-container/systemSmall.html",
            ]))
        let counting = try #require(
            gallery.manifest.widgets.first {
                $0.app == "tally" && $0.scenario == "counting" && $0.family == "systemSmall"
            })
        #expect(counting.frames.map(\.texts) == [["Hello, counter", "41 so far"], ["Hello, counter", "42 so far"]])
        #expect(counting.reloads.map(\.reason) == ["initial", "appEvent"])
        let empty = try #require(
            gallery.manifest.widgets.first { $0.scenario == "no-container" && $0.family == "systemSmall" })
        #expect(empty.frames.map(\.state) == ["empty"] && empty.diagnostics.map(\.severity) == ["info"])
        let page = String(
            decoding: try #require(gallery.files.first { $0.path == "tally/counting/systemSmall.html" }).data,
            as: UTF8.self)
        #expect(page.contains("<p>Hello, <em>counter</em></p><p class=\"tally-count\">41 so far</p>"))
        // Its stylesheet is joined after the registry's apps'.
        let stylesheet = String(
            decoding: try #require(gallery.files.first { $0.path == "assets/glimpse.css" }).data, as: UTF8.self)
        #expect(stylesheet.hasSuffix("\n\n/* ---------- Tally ---------- */\n.tally-count { font-weight: 700; }\n"))
        // The schema names it, after the registry's apps, and the manifest holds to the schema.
        let schema = try #require(gallery.files.first { $0.path == "manifest.schema.json" }).data
        #expect(String(decoding: schema, as: UTF8.self).contains("\"\(GalleryApps.all.last!.id)\", \"tally\"]"))
        let manifest = try #require(gallery.files.first { $0.path == "manifest.json" }).data
        let failure = try validate(manifest, against: schema)
        #expect(failure == nil, "\(failure ?? "")")
        let renamed = String(decoding: manifest, as: UTF8.self).replacingOccurrences(
            of: "\"app\" : \"tally\"", with: "\"app\" : \"nobody\"")
        #expect(
            try validate(Data(renamed.utf8), against: schema)?.contains("'nobody' is not one of") == true,
            "the schema refuses an app it does not name")
    }

    /// An app of a widget team's package keeps its templates, copy and scenarios in its own folders
    /// (`AppFolders`): the build reads them there, beside Glimpse's own, and `serve` watches them.
    @Test func anAppWithItsOwnFoldersIsBuiltFromThem() async throws {
        let (root, tallyOptions) = try Self.tallyFolders()
        defer { try? FileManager.default.removeItem(at: root) }
        let package = root.appendingPathComponent("package")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try Data("// swift-tools-version: 6.0\n".utf8).write(to: package.appendingPathComponent("Package.swift"))
        for folder in ["templates/tally", "content/copy/tally", "content/scenarios/tally", "content/greetings/tally"] {
            try FileManager.default.createDirectory(
                at: package.appendingPathComponent(folder).deletingLastPathComponent(),
                withIntermediateDirectories: true)
            try FileManager.default.moveItem(
                at: root.appendingPathComponent(folder), to: package.appendingPathComponent(folder))
        }
        let source = package.appendingPathComponent("Sources/Tally/TallyApp.swift").path
        let folders = AppFolders.package(source)
        #expect(folders.templates.path == package.appendingPathComponent("templates").standardizedFileURL.path)
        var options = sampleOptions()
        options.inputs.knownApps = GalleryApps.all + [TallyApp(folders: folders)]
        options.inputs.apps = ["tally"]
        #expect(
            options.inputs.watchedFolders.contains(
                package.appendingPathComponent("templates/tally").standardizedFileURL))
        #expect(tallyOptions.inputs.contentDirectory != options.inputs.contentDirectory)
        let gallery = try await GalleryBuilder(options: options).build()
        let page = String(
            decoding: try #require(gallery.files.first { $0.path == "tally/counting/systemSmall.html" }).data,
            as: UTF8.self)
        #expect(page.contains("<p>Hello, <em>counter</em></p><p class=\"tally-count\">41 so far</p>"))
        let stylesheet = String(
            decoding: try #require(gallery.files.first { $0.path == "assets/glimpse.css" }).data, as: UTF8.self)
        #expect(stylesheet.hasSuffix(".tally-count { font-weight: 700; }\n"))
    }

    /// An app whose background is not removable marks every full-size root and thumbnail, in the
    /// glass schemes too; the stylesheet keeps that background where the others are removed.
    @Test func aBackgroundThatIsNotRemovableIsMarkedOnEveryRoot() async throws {
        var (root, options) = try Self.tallyFolders()
        defer { try? FileManager.default.removeItem(at: root) }
        options.inputs.knownApps = GalleryApps.all + [TallyApp(containerBackgroundRemovable: false)]
        options.axes.appearances = [.light, .clear]
        let gallery = try await GalleryBuilder(options: options).build()
        let page = String(
            decoding: try #require(gallery.files.first { $0.path == "tally/counting/systemSmall.html" }).data,
            as: UTF8.self)
        let roots = page.components(separatedBy: "<div class=\"widget ").dropFirst()
        #expect(roots.count >= 6 && roots.allSatisfy { $0.contains("data-background=\"kept\"") })
        #expect(page.contains("data-scheme=\"clear-light\"") && !page.contains("data-scheme=\"tinted\""))
        let stylesheet = String(
            decoding: try #require(gallery.files.first { $0.path == "assets/glimpse.css" }).data, as: UTF8.self)
        #expect(stylesheet.contains(".widget[data-background=\"kept\"][data-scheme=\"clear-light\"]"))
        #expect(stylesheet.contains(".sb-screen .widget.widget:not([data-background=\"kept\"])"))
        let plain = try await GalleryBuilder(options: Self.tallyFolders().options).build()
        #expect(
            !plain.files.contains {
                $0.path.hasSuffix(".html") && String(decoding: $0.data, as: UTF8.self).contains("data-background=")
            },
            "an app that lets WidgetKit remove its background marks nothing")
    }

    @Test func aUnitRendersAloneIntoMemoryAndRecordsWhatItRead() async throws {
        let (root, options) = try Self.tallyFolders()
        defer { try? FileManager.default.removeItem(at: root) }
        let builder = GalleryBuilder(options: options)
        let inputs = try await builder.prepare()
        #expect(inputs.units.map { "\($0.app.id)/\($0.scenario.name)" } == ["tally/counting", "tally/no-container"])
        let unit = try #require(inputs.units.first { $0.scenario.name == "counting" })
        let rendered = try await builder.render(unit, with: inputs)
        // The same bytes a whole build writes.
        let gallery = try await builder.build()
        #expect(
            rendered.pages.map(\.path) == [
                "tally/counting/systemSmall.html", "tally/counting/accessoryInline.html",
                "tally/counting/context.html",
            ])
        for page in rendered.pages {
            #expect(gallery.files.first { $0.path == page.path }?.data == page.data, "\(page.path)")
        }
        let base = root.standardizedFileURL.path
        let read = Set(
            rendered.inputs.map { "\($0.kind.rawValue) \($0.path.replacingOccurrences(of: base, with: ""))" })
        let expected: Set<String> = [
            "content /content/scenarios/tally/counting/scenario.yaml",
            "store /content/scenarios/tally/counting",
            "store /content/scenarios/tally/counting/group.com.example.tally/tally.json",
            "content /content/copy/tally/count.md",
            "content /content/greetings/tally/hello.md",
            "template /templates/tally/systemSmall.mustache",
            "template /templates/tally/accessoryInline.mustache",
            "template /templates/tally/count.mustache",
            "template /templates/layout.mustache",
            "template /templates/pages/detail.mustache",
            "template /templates/partials/nav.mustache",
            "template /templates/partials/thumbnail.mustache",
            "template /templates/partials/diagnostics.mustache",
            "stylesheet /templates/gallery.css",
            "stylesheet /templates/tally/style.css",
        ]
        #expect(expected.isSubset(of: read), "missing: \(expected.subtracting(read).sorted())")
        // The greeting both units share was read once, and both record it as read.
        let before = TallyApp.greetingsRead.withLock { $0 }
        let other = try await builder.render(try #require(inputs.units.last), with: inputs)
        #expect(TallyApp.greetingsRead.withLock { $0 } == before, "read once for the build")
        #expect(
            other.inputs.contains(
                BuildInput(
                    .content, root.appendingPathComponent("content/greetings/tally/hello.md").standardizedFileURL.path))
        )
        // Nothing of another app's.
        #expect(!read.contains { $0.contains("/scenarios/") && !$0.contains("/tally/") })
        #expect(
            !read.contains {
                $0.hasPrefix("template ") && $0.contains("/templates/") && !$0.contains("/tally/")
                    && !$0.contains("/pages/")
                    && !$0.contains("/partials/") && !$0.contains("/layout.") && !$0.contains("/icons/")
            })
    }

    /// `manifest` against `schema`, with the jsonschema library of the tests' venv.
    ///
    /// - Returns: the validator's complaint, or `nil` when the manifest is valid.
    func validate(_ manifest: Data, against schema: Data) throws -> String? {
        let folder = temporaryFolder("glimpse-schema")
        defer { try? FileManager.default.removeItem(at: folder) }
        try manifest.write(to: folder.appendingPathComponent("manifest.json"))
        try schema.write(to: folder.appendingPathComponent("schema.json"))
        let venv = repositoryRoot.appendingPathComponent(".venv/bin/python")
        let python = FileManager.default.isExecutableFile(atPath: venv.path) ? venv.path : "/usr/bin/python3"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.currentDirectoryURL = folder
        process.arguments = [
            "-c",
            "import json, jsonschema; jsonschema.validate(json.load(open('manifest.json')), "
                + "json.load(open('schema.json')))",
        ]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        if output.contains("No module named 'jsonschema'") {
            return "jsonschema is not installed for \(python): run make test-deps"
        }
        return process.terminationStatus == 0 ? nil : String(output.suffix(2000))
    }
}
