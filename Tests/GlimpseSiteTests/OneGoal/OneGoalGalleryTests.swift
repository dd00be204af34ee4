import Foundation
import TestSupport
import Testing
import Widgets

@testable import GlimpseSite

/// One Goal in the sample gallery, and from stores no sample has.
struct OneGoalGalleryTests {
    @Test func doneTodayChangesStateAtLocalMidnight() async throws {
        let gallery = try await sampleGallery()
        for widget in gallery.manifest.widgets where widget.scenario == "done-today" {
            let beforeMidnight = try #require(widget.frames.first { $0.end == "2026-11-23T00:00:00-05:00" })
            let afterMidnight = try #require(widget.frames.first { $0.start == "2026-11-23T00:00:00-05:00" })
            #expect(beforeMidnight.state == "doneToday")
            #expect(afterMidnight.state == "notDoneToday")
        }
    }

    @Test func theCorruptScenarioRendersTheFallbackWithItsDiagnostic() async throws {
        let gallery = try await sampleGallery()
        let corrupt = try #require(
            gallery.manifest.widgets.first {
                $0.app == "onegoal" && $0.scenario == "corrupt" && $0.family == "systemSmall"
            })
        #expect(corrupt.frames.map(\.state) == ["noGoal"])
        #expect(corrupt.frames[0].texts == ["Set a goal in One Goal"])
        #expect(corrupt.diagnostics.map(\.file) == ["group.com.mj.onegoal/widget-snapshot.json"])
        let page = try #require(gallery.files.first { $0.path == corrupt.page })
        let html = String(decoding: page.data, as: UTF8.self)
        #expect(html.contains("group.com.mj.onegoal/widget-snapshot.json</code>: not valid JSON"))
    }

    @Test func storeTextIsEscaped() async throws {
        let store = temporaryFolder("glimpse-hostile")
        defer { try? FileManager.default.removeItem(at: store) }
        let container = store.appendingPathComponent("group.com.mj.onegoal")
        try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
        let title = hostileStoreText
        let snapshot =
            [
                "title": title, "totalDays": 10, "completedDays": 3, "lastCompletedDate": NSNull(),
                "updatedAt": "2026-11-22T08:00:00Z",
            ] as [String: Any]
        try JSONSerialization.data(withJSONObject: snapshot).write(
            to: container.appendingPathComponent("widget-snapshot.json"))
        var options = sampleOptions()
        options.inputs.stores = [store]
        options.inputs.apps = ["onegoal"]
        let gallery = try await GalleryBuilder(options: options).build()
        expectNoStoreMarkup(in: gallery)
        let widget = try #require(gallery.manifest.widgets.first { $0.app == "onegoal" && $0.family == "systemSmall" })
        #expect(widget.frames[0].texts.first == title)
    }

    @Test func aScenarioAsAStoreKeepsItsScenarioYAML() async throws {
        var options = sampleOptions()
        options.inputs.stores = [repositoryRoot.appendingPathComponent("content/scenarios/onegoal/in-progress")]
        options.inputs.apps = ["onegoal"]
        let gallery = try await GalleryBuilder(options: options).build()
        #expect(Set(gallery.manifest.widgets.map(\.scenario)) == ["in-progress"])
        // scenario.yaml's now, time zone and events are honoured.
        let small = try #require(gallery.manifest.widgets.first { $0.app == "onegoal" && $0.family == "systemSmall" })
        #expect(small.now == "2026-11-22T09:00:00-05:00")
        #expect(small.frames.map(\.state) == ["notDoneToday", "doneToday", "notDoneToday"])
        #expect(small.reloads.map(\.reason) == ["initial", "appEvent", "atEnd"])
    }
}
