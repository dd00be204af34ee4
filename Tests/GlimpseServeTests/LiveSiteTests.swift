import Foundation
import GlimpseRegistry
import GlimpseSite
import TestSupport
import Testing
import Widgets

@testable import GlimpseServe

/// A change to each kind of input renders again exactly the units that read it, and the served
/// gallery is then the bytes a whole build of the changed files writes. The registry's first three
/// apps, from a copy of the repository's content and templates.
@Suite(.serialized) struct LiveSiteTests {
    static let apps = Array(GalleryApps.all.prefix(3)).map(\.id)

    static func site() throws -> (LiveSite, root: URL) {
        let root = temporaryFolder("glimpse-serve")
        for folder in ["content", "templates"] {
            try FileManager.default.copyItem(
                at: repositoryRoot.appendingPathComponent(folder), to: root.appendingPathComponent(folder))
        }
        let options = BuildOptions(
            inputs: BuildOptions.Inputs(
                knownApps: GalleryApps.all, contentDirectory: root.appendingPathComponent("content"),
                templatesDirectory: root.appendingPathComponent("templates"), apps: apps, fontsDirectory: nil),
            run: BuildOptions.Run(
                now: date("2026-11-22T09:00:00-05:00"), timeZone: TimeZone(identifier: "America/New_York")))
        return (LiveSite(builder: GalleryBuilder(options: options)), root)
    }

    /// Edits `path` (under the copy), rebuilds, and checks the result against a whole build.
    static func change(
        _ site: LiveSite, _ root: URL, _ path: String, edit: (URL) throws -> Void
    ) async throws -> Set<String> {
        let url = root.appendingPathComponent(path)
        try edit(url)
        let update = await site.rebuild(changed: [url.standardizedFileURL.path])
        #expect(update.failure == nil)
        let whole = try await site.builder.build()
        let served = site.current.withLock { $0.files }
        #expect(served.count == whole.files.count)
        for file in whole.files where served[file.path] != file.data {
            Issue.record("\(path): \(file.path) differs from a whole build's")
        }
        return Set(update.renderedUnits)
    }

    static func append(_ text: String) -> (URL) throws -> Void {
        { url in try (String(contentsOf: url, encoding: .utf8) + text).write(to: url, atomically: true, encoding: .utf8)
        }
    }

    static func files(under folder: URL) -> [URL] {
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        return (walker?.allObjects as? [URL] ?? []).filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }
        .sorted { $0.path < $1.path }
    }

    @Test func eachKindOfInputRendersTheUnitsThatReadIt() async throws {
        let (site, root) = try Self.site()
        defer { try? FileManager.default.removeItem(at: root) }
        let first = await site.rebuild()
        #expect(first.failure == nil)
        let all = Set(first.renderedUnits)
        func units(of app: String) -> Set<String> { all.filter { $0.hasPrefix(app + "/") } }
        let (app, other, untouched) = (Self.apps[0], Self.apps[1], Self.apps[2])
        #expect(
            !units(of: app).isEmpty
                && units(of: app).count + units(of: other).count + units(of: untouched).count == all.count)

        // A store file: its scenario alone.
        let scenarios = root.appendingPathComponent("content/scenarios/\(app)")
        let scenario = try #require(
            try FileManager.default.contentsOfDirectory(atPath: scenarios.path).sorted().first { name in
                Self.files(under: scenarios.appendingPathComponent(name)).contains { $0.path.contains("/group.") }
            })
        let storeFile = try #require(
            Self.files(under: scenarios.appendingPathComponent(scenario)).first { $0.path.contains("/group.") })
        let store = try await Self.change(
            site, root, String(storeFile.path.dropFirst(root.path.count + 1)), edit: Self.append("\n"))
        #expect(store == ["\(app)/\(scenario)"])

        // An app's template: that app's units.
        let family = try #require(GalleryApps.all.first { $0.id == app }?.families.first)
        #expect(
            try await Self.change(
                site, root, "templates/\(app)/\(family.rawValue).mustache", edit: Self.append("<!-- edited -->\n"))
                == units(of: app))

        // Another app's stylesheet: its units, though their pages do not change; the stylesheet does.
        #expect(
            try await Self.change(site, root, "templates/\(other)/style.css", edit: Self.append("/* edited */\n"))
                == units(of: other))

        // Each copy file of the app, and two of its translations: exactly the units that recorded it
        // (none reads a translation in an English build).
        var copyReaders = 0
        let copies = root.appendingPathComponent("content/copy/\(app)").standardizedFileURL.path
        let paths = Self.files(under: root.appendingPathComponent("content/copy/\(app)")).map {
            String($0.standardizedFileURL.path.dropFirst(copies.count + 1))
        }
        let chosen = paths.filter { !$0.contains("/") } + paths.filter { $0.hasPrefix("de/") }.sorted().prefix(2)
        #expect(chosen.count > 2)
        for path in chosen {
            let copy = root.appendingPathComponent("content/copy/\(app)/\(path)")
            let readers = await site.recordedInputs().filter {
                $0.value.contains { $0.path == copy.standardizedFileURL.path }
            }.keys
            let rendered = try await Self.change(site, root, "content/copy/\(app)/\(path)", edit: Self.append("\n"))
            #expect(rendered == Set(readers), "\(path)")
            #expect(rendered.isSubset(of: units(of: app)))
            copyReaders += rendered.count
        }
        #expect(copyReaders > 0)

        // The layout: every unit.
        #expect(
            try await Self.change(site, root, "templates/layout.mustache", edit: Self.append("<!-- layout -->\n"))
                == all)

        // A file nothing reads: none.
        #expect(
            try await Self.change(site, root, "content/notes.txt") {
                try "notes\n".write(to: $0, atomically: true, encoding: .utf8)
            }
            .isEmpty)

        // A scenario's title: the sidebar of that app's pages changes, so all of its units.
        #expect(
            try await Self.change(site, root, "content/scenarios/\(app)/\(scenario)/scenario.yaml") { url in
                let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
                try
                    ("title: Edited title\n"
                    + text.split(separator: "\n").filter { !$0.hasPrefix("title:") }.joined(separator: "\n") + "\n")
                    .write(to: url, atomically: true, encoding: .utf8)
            } == units(of: app))

        // A new scenario: that unit, and the sidebar of its app's others.
        #expect(
            try await Self.change(site, root, "content/scenarios/\(app)/\(scenario)-copy") { url in
                try FileManager.default.copyItem(at: scenarios.appendingPathComponent(scenario), to: url)
            } == units(of: app).union(["\(app)/\(scenario)-copy"]))

        // The layout, the sidebar: the pages alone, from the widgets kept; the rest in full.
        let counts = await site.renderCounts
        let pageCounts = await site.pageRenderCounts
        for unit in units(of: untouched) {
            #expect(counts[unit] == 1 && pageCounts[unit] == 1, "\(unit): the first build, then the layout's pages")
        }
        #expect(pageCounts["\(app)/\(scenario)"] == 2, "the layout, the new scenario's sidebar")
        #expect(counts["\(app)/\(scenario)"]! >= 4, "the first build, the store, the template, the title")
    }

    @Test func aBrokenTemplateKeepsTheLastGoodGalleryUntilItIsFixed() async throws {
        let (site, root) = try Self.site()
        defer { try? FileManager.default.removeItem(at: root) }
        await site.rebuild()
        let good = site.current.withLock { $0 }
        let url = root.appendingPathComponent("templates/layout.mustache")
        let original = try String(contentsOf: url, encoding: .utf8)
        try ("{{#unclosed}}\n" + original).write(to: url, atomically: true, encoding: .utf8)
        let broken = await site.rebuild(changed: [url.path])
        #expect(broken.failure?.file == "templates/layout.mustache")
        #expect(broken.failure?.line != nil)
        #expect(site.current.withLock { $0.files } == good.files)
        #expect(site.current.withLock { $0.generation } == good.generation)

        // A change made while the build is broken is not lost when it is fixed.
        let copy = try #require(Self.files(under: root.appendingPathComponent("content/copy/\(Self.apps[0])")).first)
        try Self.append("\n")(copy)
        _ = await site.rebuild(changed: [copy.path])
        try original.write(to: url, atomically: true, encoding: .utf8)
        let fixed = await site.rebuild(changed: [url.path])
        #expect(fixed.failure == nil && fixed.recovered)
        #expect(site.current.withLock { $0.failure } == nil)
        let whole = try await site.builder.build()
        #expect(
            site.current.withLock { $0.files }
                == Dictionary(whole.files.map { ($0.path, $0.data) }, uniquingKeysWith: { $1 }))
    }
}
