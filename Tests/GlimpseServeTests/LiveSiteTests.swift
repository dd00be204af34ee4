import Foundation
@testable import GlimpseServe
import GlimpseSite
import TestSupport
import Testing

/// A change to each kind of input renders again exactly the units that read it, and the served
/// gallery is then the bytes a whole build of the changed files writes.
@Suite(.serialized) struct LiveSiteTests {
    /// A copy of the repository's content and templates, for three apps, to edit.
    static func site() throws -> (LiveSite, root: URL) {
        let root = temporaryFolder("glimpse-serve")
        for folder in ["content", "templates"] {
            try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent(folder), to: root.appendingPathComponent(folder))
        }
        let options = BuildOptions(
            contentDirectory: root.appendingPathComponent("content"), templatesDirectory: root.appendingPathComponent("templates"),
            apps: ["beebloom", "justnow", "onegoal"], now: date("2026-11-22T09:00:00-05:00"), timeZone: TimeZone(identifier: "America/New_York"),
            fontsDirectory: nil)
        return (LiveSite(builder: GalleryBuilder(options: options)), root)
    }

    /// Edits `path` (under the copy), rebuilds, and checks the result against a whole build.
    static func change(_ site: LiveSite, _ root: URL, _ path: String, edit: (URL) throws -> Void) async throws -> [String] {
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
        return update.renderedUnits
    }

    static func append(_ text: String) -> (URL) throws -> Void {
        { url in try (String(contentsOf: url, encoding: .utf8) + text).write(to: url, atomically: true, encoding: .utf8) }
    }

    @Test func eachKindOfInputRendersTheUnitsThatReadIt() async throws {
        let (site, root) = try Self.site()
        defer { try? FileManager.default.removeItem(at: root) }
        let first = await site.rebuild()
        #expect(first.failure == nil)
        let all = Set(first.renderedUnits)
        let onegoal = all.filter { $0.hasPrefix("onegoal/") }
        #expect(onegoal.count == 9 && all.count == 9 + 13 + all.filter { $0.hasPrefix("justnow/") }.count)

        // A store file: its scenario alone.
        let store = try await Self.change(site, root, "content/scenarios/onegoal/done-today/group.com.onegoal.app/widget-snapshot.json") { url in
            let text = try String(contentsOf: url, encoding: .utf8)
            try text.replacingOccurrences(of: "\"title\"", with: "\"title\" ").write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(store == ["onegoal/done-today"])

        // An app's template: that app's units.
        let template = try await Self.change(site, root, "templates/onegoal/systemSmall.mustache", edit: Self.append("<!-- small -->\n"))
        #expect(Set(template) == onegoal)

        // An app's stylesheet: its units, though their pages do not change; the stylesheet does.
        let style = try await Self.change(site, root, "templates/justnow/style.css", edit: Self.append("/* edited */\n"))
        #expect(Set(style) == all.filter { $0.hasPrefix("justnow/") })

        // A copy file: the units that used it, and no other app's.
        let copy = try await Self.change(site, root, "content/copy/onegoal/done-today.md", edit: Self.append("\n"))
        #expect(copy.contains("onegoal/done-today") && copy.allSatisfy { $0.hasPrefix("onegoal/") } && Set(copy) != onegoal)

        // The layout: every unit.
        let layout = try await Self.change(site, root, "templates/layout.mustache", edit: Self.append("<!-- layout -->\n"))
        #expect(Set(layout) == all)

        // A file nothing reads: none.
        let unread = try await Self.change(site, root, "content/notes.txt") { try "notes\n".write(to: $0, atomically: true, encoding: .utf8) }
        #expect(unread.isEmpty)

        // A scenario's title: the sidebar of that app's pages changes, so all of its units.
        let title = try await Self.change(site, root, "content/scenarios/onegoal/done-today/scenario.yaml") { url in
            let text = try String(contentsOf: url, encoding: .utf8)
            try text.replacingOccurrences(of: "title: Done today", with: "title: Done for today").write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(Set(title) == onegoal)

        // A new scenario: that unit, and the sidebar of its app's others.
        let added = try await Self.change(site, root, "content/scenarios/onegoal/copy-of-done") { url in
            try FileManager.default.copyItem(at: root.appendingPathComponent("content/scenarios/onegoal/done-today"), to: url)
        }
        #expect(Set(added) == onegoal.union(["onegoal/copy-of-done"]))

        let counts = await site.renderCounts
        #expect(counts["beebloom/all-complete"] == 2, "first build and the layout")
        #expect(counts["onegoal/done-today"] == 7)
    }

    @Test func aBrokenTemplateKeepsTheLastGoodGalleryUntilItIsFixed() async throws {
        let (site, root) = try Self.site()
        defer { try? FileManager.default.removeItem(at: root) }
        await site.rebuild()
        let good = site.current.withLock { $0 }
        let url = root.appendingPathComponent("templates/onegoal/systemSmall.mustache")
        let original = try String(contentsOf: url, encoding: .utf8)
        try ("{{#unclosed}}\n" + original).write(to: url, atomically: true, encoding: .utf8)
        let broken = await site.rebuild(changed: [url.path])
        #expect(broken.failure?.file == "templates/onegoal/systemSmall.mustache")
        #expect(broken.failure?.line != nil)
        #expect(site.current.withLock { $0.files } == good.files)
        #expect(site.current.withLock { $0.generation } == good.generation)

        try original.write(to: url, atomically: true, encoding: .utf8)
        let fixed = await site.rebuild(changed: [url.path])
        #expect(fixed.failure == nil && fixed.recovered)
        #expect(site.current.withLock { $0.failure } == nil)
        #expect(fixed.changedFiles.isEmpty, "the fix restores the same bytes")
    }
}
