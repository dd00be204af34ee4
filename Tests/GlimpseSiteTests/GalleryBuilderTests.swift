import Foundation
import TestSupport
import Testing
import Widgets
@testable import GlimpseSite

/// The gallery as a whole, over every app of the registry.
struct GalleryBuilderTests {
    @Test func theManifestListsEveryScenarioOfEveryAppInItsFamilies() async throws {
        let gallery = try await sampleGallery()
        for app in GalleryApps.all {
            let scenarios = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("content/scenarios/\(app.id)").path)
                .filter { !$0.hasPrefix(".") && !$0.contains(".") }
            let listed = Dictionary(grouping: gallery.manifest.widgets.filter { $0.app == app.id }, by: \.scenario)
            #expect(Set(listed.keys) == Set(scenarios), "\(app.id)")
            for (_, widgets) in listed {
                #expect(Set(widgets.map(\.family)) == Set(app.families.map(\.rawValue)), "\(app.id)")
            }
        }
        let sorted = gallery.manifest.widgets.map { [$0.app, $0.scenario, $0.family] }
        #expect(sorted == sorted.sorted { $0.lexicographicallyPrecedes($1) })
        // The only warnings of the sample gallery are the ones its scenarios expect.
        #expect(gallery.diagnostics.filter(\.failsStrict).isEmpty)
    }

    @Test func framesTileTheDayAndAnchorsAreUnique() async throws {
        let gallery = try await sampleGallery()
        for widget in gallery.manifest.widgets {
            #expect(widget.frames.first?.start == widget.now)
            for (a, b) in zip(widget.frames, widget.frames.dropFirst()) {
                #expect(a.end == b.start)
                #expect(a.hash != b.hash, "identical consecutive frames must merge")
            }
            #expect(Set(widget.frames.map(\.anchor)).count == widget.frames.count)
        }
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
        let families = Set(GalleryApps.all.flatMap(\.families).filter { !$0.isAccessory }.map(\.rawValue))
        #expect(Set(gallery.manifest.widgets.map(\.family)) == families)
        #expect(gallery.manifest.diagnostics.contains { $0.severity == "info" && $0.message.contains("no Lock Screen accessories") })
    }

    @Test func anEmptyStoreRendersEveryAppsNoContainerState() async throws {
        let store = temporaryFolder("glimpse-empty-store")
        defer { try? FileManager.default.removeItem(at: store) }
        var options = sampleOptions()
        options.stores = [store]
        let gallery = try await GalleryBuilder(options: options).build()
        #expect(Set(gallery.manifest.widgets.map(\.app)) == Set(GalleryApps.all.map(\.id)))
        #expect(Set(gallery.manifest.widgets.map(\.scenario)) == [store.lastPathComponent])
        for widget in gallery.manifest.widgets {
            #expect(!widget.frames.isEmpty && widget.frames.allSatisfy { !$0.texts.isEmpty }, "\(widget.app) \(widget.family): never blank")
        }
        // An absent container is expected: an info, which --strict lets pass.
        #expect(gallery.diagnostics.allSatisfy { !$0.failsStrict })
    }

    @Test func unknownAppsAreUsageErrors() async {
        var options = sampleOptions()
        options.apps = ["nope"]
        let known = GalleryApps.all.map(\.id).sorted().joined(separator: ", ")
        await #expect(throws: SiteError.badOption("--app nope: no such app; known apps: \(known)")) {
            try await GalleryBuilder(options: options).build()
        }
    }
}
