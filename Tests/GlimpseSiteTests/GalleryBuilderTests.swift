import Foundation
import Testing
import Widgets
@testable import GlimpseSite

struct GalleryBuilderTests {
    @Test func theManifestListsEveryScenarioInFiveFamilies() async throws {
        let gallery = try await GalleryBuilder(options: sampleOptions()).build()
        let scenarios = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("content/scenarios/onegoal").path)
        let listed = Dictionary(grouping: gallery.manifest.widgets.filter { $0.app == "onegoal" }, by: \.scenario)
        #expect(Set(listed.keys) == Set(scenarios))
        for (_, widgets) in listed {
            #expect(Set(widgets.map(\.family)) == ["systemSmall", "systemMedium", "accessoryCircular", "accessoryRectangular", "accessoryInline"])
        }
        let sorted = gallery.manifest.widgets.map { [$0.app, $0.scenario, $0.family] }
        #expect(sorted == sorted.sorted { $0.lexicographicallyPrecedes($1) })
    }

    @Test func doneTodayChangesStateAtLocalMidnight() async throws {
        let gallery = try await GalleryBuilder(options: sampleOptions()).build()
        for widget in gallery.manifest.widgets where widget.scenario == "done-today" {
            let beforeMidnight = try #require(widget.frames.first { $0.end == "2026-11-23T00:00:00-05:00" })
            let afterMidnight = try #require(widget.frames.first { $0.start == "2026-11-23T00:00:00-05:00" })
            #expect(beforeMidnight.state == "doneToday")
            #expect(afterMidnight.state == "notDoneToday")
        }
    }

    @Test func framesTileTheDayAndAnchorsAreUnique() async throws {
        let gallery = try await GalleryBuilder(options: sampleOptions()).build()
        for widget in gallery.manifest.widgets {
            #expect(widget.frames.first?.start == widget.now)
            for (a, b) in zip(widget.frames, widget.frames.dropFirst()) {
                #expect(a.end == b.start)
                #expect(a.hash != b.hash, "identical consecutive frames must merge")
            }
            #expect(Set(widget.frames.map(\.anchor)).count == widget.frames.count)
        }
    }

    @Test func theCorruptScenarioRendersTheFallbackWithItsDiagnostic() async throws {
        let gallery = try await GalleryBuilder(options: sampleOptions()).build()
        let corrupt = try #require(gallery.manifest.widgets.first { $0.app == "onegoal" && $0.scenario == "corrupt" && $0.family == "systemSmall" })
        #expect(corrupt.frames.map(\.state) == ["noGoal"])
        #expect(corrupt.frames[0].texts == ["Set a goal in One Goal"])
        #expect(corrupt.diagnostics.map(\.file) == ["group.com.onegoal.app/widget-snapshot.json"])
        let page = try #require(gallery.files.first { $0.path == corrupt.page })
        let html = String(decoding: page.data, as: UTF8.self)
        #expect(html.contains("group.com.onegoal.app/widget-snapshot.json</code>: not valid JSON"))
        // The only warnings of the sample gallery are the ones its scenarios expect.
        #expect(gallery.diagnostics.filter(\.failsStrict).isEmpty)
    }

    @Test func theDeviceChangesEverySize() async throws {
        let gallery = try await GalleryBuilder(options: sampleOptions(device: "430x932")).build()
        let expected = ["systemSmall": [170, 170], "systemMedium": [364, 170], "systemLarge": [364, 382], "accessoryCircular": [76, 76],
                        "accessoryRectangular": [172, 76], "accessoryInline": [257, 26], "control": [72, 72]]
        for widget in gallery.manifest.widgets {
            #expect([widget.size.width, widget.size.height] == expected[widget.family], "\(widget.family)")
        }
        #expect(gallery.manifest.device.name == "430x932")
    }

    @Test func theSmallestScreenOmitsAccessoriesWithANote() async throws {
        let gallery = try await GalleryBuilder(options: sampleOptions(device: "320x568")).build()
        #expect(Set(gallery.manifest.widgets.map(\.family)) == ["systemSmall", "systemMedium", "systemLarge", "control"])
        #expect(gallery.manifest.diagnostics.contains { $0.severity == "info" && $0.message.contains("no Lock Screen accessories") })
    }

    @Test func storeTextIsEscaped() async throws {
        let store = temporaryFolder("glimpse-hostile")
        defer { try? FileManager.default.removeItem(at: store) }
        let container = store.appendingPathComponent("group.com.onegoal.app")
        try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
        let title = "<script>alert(1)</script>\" onmouseover=\"x {{mustache}} \u{202E}evil"
        let snapshot = ["title": title, "totalDays": 10, "completedDays": 3, "lastCompletedDate": NSNull(), "updatedAt": "2026-11-22T08:00:00Z"] as [String: Any]
        try JSONSerialization.data(withJSONObject: snapshot).write(to: container.appendingPathComponent("widget-snapshot.json"))
        let habits = store.appendingPathComponent("group.app.beebloom")
        try FileManager.default.createDirectory(at: habits, withIntermediateDirectories: true)
        let file = ["habits": [["id": "\"><script>", "title": title, "createdAt": "2026-01-01T08:00:00Z"]],
                    "groups": [["id": "g", "name": title, "color": "red;background:url(x)", "order": 0]]] as [String: Any]
        try JSONSerialization.data(withJSONObject: file).write(to: habits.appendingPathComponent("habits.json"))
        var options = sampleOptions()
        options.stores = [store]
        let gallery = try await GalleryBuilder(options: options).build()
        for file in gallery.files where file.path.hasSuffix(".html") {
            let html = String(decoding: file.data, as: UTF8.self)
            #expect(!html.contains("<script>alert"), "\(file.path)")
            #expect(!html.contains("\" onmouseover=\""), "\(file.path)")
        }
        for app in ["onegoal", "beebloom"] {
            let widget = try #require(gallery.manifest.widgets.first { $0.app == app && $0.family == "systemSmall" })
            #expect(widget.frames[0].texts.first == title, "\(app)")
        }
        // A group colour that is not hex never reaches a style attribute.
        let styles = gallery.files.filter { $0.path.hasPrefix("beebloom/") }.flatMap { file in
            String(decoding: file.data, as: UTF8.self).components(separatedBy: "style=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        }
        #expect(!styles.isEmpty)
        #expect(!styles.contains { $0.contains("url(") || $0.contains("red") })
    }

    @Test func aStoreRendersEveryAppAndItsScenarioYAML() async throws {
        let store = repositoryRoot.appendingPathComponent("content/scenarios/onegoal/in-progress")
        var options = sampleOptions()
        options.stores = [store]
        let gallery = try await GalleryBuilder(options: options).build()
        #expect(Set(gallery.manifest.widgets.map(\.scenario)) == ["in-progress"])
        #expect(Set(gallery.manifest.widgets.map(\.app)) == Set(GalleryApps.all.map(\.id)))
        // An app whose container is absent shows its empty state.
        #expect(gallery.manifest.widgets.filter { $0.app == "beebloom" }.allSatisfy { $0.frames.map(\.state) == ["noHabits"] })
        #expect(gallery.manifest.widgets.filter { $0.app == "justnow" && $0.family != "control" }.allSatisfy { $0.frames.allSatisfy { $0.state == "noHistory" } })
        // scenario.yaml's now, time zone and events are honoured.
        let small = try #require(gallery.manifest.widgets.first { $0.app == "onegoal" && $0.family == "systemSmall" })
        #expect(small.now == "2026-11-22T09:00:00-05:00")
        #expect(small.frames.map(\.state) == ["notDoneToday", "doneToday", "notDoneToday"])
        #expect(small.reloads.map(\.reason) == ["initial", "appEvent", "atEnd"])
    }

    @Test func unknownAppsAreUsageErrors() async {
        var options = sampleOptions()
        options.apps = ["nope"]
        await #expect(throws: SiteError.badOption("--app nope: no such app; known apps: beebloom, bitpal, justnow, onegoal, w8trackr")) {
            try await GalleryBuilder(options: options).build()
        }
    }
}
