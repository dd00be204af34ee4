import AppGroupStore
import Foundation
import GlimpseCore
import GlimpseRegistry
import TestSupport
import Testing
import Widgets

@testable import GlimpseSite

/// The gallery as a whole, over every app of the registry.
struct GalleryBuilderTests {
    @Test func theManifestListsEveryScenarioOfEveryAppInItsFamilies() async throws {
        let gallery = try await sampleGallery()
        for app in GalleryApps.all {
            let scenarios = try FileManager.default.contentsOfDirectory(
                atPath: repositoryRoot.appendingPathComponent("content/scenarios/\(app.id)").path
            )
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
        let expected = [
            "systemSmall": [170, 170], "systemMedium": [364, 170], "systemLarge": [364, 382],
            "accessoryCircular": [76, 76],
            "accessoryRectangular": [172, 76], "accessoryInline": [257, 26], "control": [72, 72],
        ]
        for widget in gallery.manifest.widgets {
            #expect([widget.size.width, widget.size.height] == expected[widget.family], "\(widget.family)")
        }
        #expect(gallery.manifest.device.name == "430x932")
    }

    @Test func theSmallestScreenOmitsAccessoriesWithANote() async throws {
        let gallery = try await GalleryBuilder(options: sampleOptions(device: "320x568")).build()
        let families = Set(GalleryApps.all.flatMap(\.families).filter { !$0.isAccessory }.map(\.rawValue))
        #expect(Set(gallery.manifest.widgets.map(\.family)) == families)
        #expect(
            gallery.manifest.diagnostics.contains {
                $0.severity == "info" && $0.message.contains("no Lock Screen accessories")
            })
    }

    @Test func anEmptyStoreRendersEveryAppsNoContainerState() async throws {
        let store = temporaryFolder("glimpse-empty-store")
        defer { try? FileManager.default.removeItem(at: store) }
        var options = sampleOptions()
        options.inputs.stores = [store]
        let gallery = try await GalleryBuilder(options: options).build()
        #expect(Set(gallery.manifest.widgets.map(\.app)) == Set(GalleryApps.all.map(\.id)))
        #expect(Set(gallery.manifest.widgets.map(\.scenario)) == [store.lastPathComponent])
        for widget in gallery.manifest.widgets {
            #expect(
                !widget.frames.isEmpty && widget.frames.allSatisfy { !$0.texts.isEmpty },
                "\(widget.app) \(widget.family): never blank")
        }
        // An absent container is expected: an info, which --strict lets pass.
        #expect(gallery.diagnostics.allSatisfy { !$0.failsStrict })
    }

    /// A store read that never answers (a mount that stopped responding) is cut off at the store
    /// timeout and abandoned on its thread: the app's widgets render what they render for a file
    /// that cannot be read, with a diagnostic naming the file and the timeout, and every other
    /// widget builds as it would have.
    @Test(arguments: GalleryApps.all.map(\.id))
    func aStoreReadPastTheTimeoutRendersTheFallbackAndTheRestBuilds(app id: String) async throws {
        let app = try #require(GalleryApps.named(id))
        let store = try storeOfEveryAppsFirstSample()
        defer { try? FileManager.default.removeItem(at: store) }
        let target = "/\(app.containerIdentifier)/\(app.fuzzTarget.path)"
        let release = DispatchSemaphore(value: 0)
        defer { for _ in 0..<8 { release.signal() } }
        var fileIO = FileIO.diskAccess
        fileIO.storeFiles = StoreFileAccess { url in
            // Let go after 30 s at most: without the timeout, the build would then read it, and fail the test.
            if url.path.hasSuffix(target) { _ = release.wait(timeout: .now() + 30) }
            return try RegularFile.open(url)
        }
        var options = sampleOptions()
        options.inputs.stores = [store]
        options.run.storeTimeout = 0.5
        let hung = try await GalleryBuilder(options: options, fileIO: fileIO).build().manifest

        // The same store with that file unreadable: a FIFO, refused at once.
        let file = store.appendingPathComponent(String(target.dropFirst()))
        try FileManager.default.removeItem(at: file)
        #expect(mkfifo(file.path, 0o600) == 0)
        let refused = try await GalleryBuilder(options: options).build().manifest

        #expect(Set(hung.widgets.map(\.app)) == Set(GalleryApps.all.map(\.id)))
        for (widget, unreadable) in zip(hung.widgets, refused.widgets) {
            #expect(!widget.frames.isEmpty, "\(widget.app) \(widget.family)")
            if widget.app == id {
                #expect(widget.frames.map(\.state) == unreadable.frames.map(\.state), "\(widget.family)")
                #expect(widget.frames.map(\.texts) == unreadable.frames.map(\.texts), "\(widget.family)")
                #expect(
                    widget.diagnostics.contains {
                        $0.file == String(target.dropFirst()) && $0.message.contains("took longer than 0.5 s")
                    },
                    "\(widget.family): \(widget.diagnostics)")
            } else {
                #expect(widget == unreadable, "\(widget.app) \(widget.family): built as without the hung read")
            }
        }
    }

    /// A store root holding, for every app, the container of its first sample scenario that has
    /// the app's fuzzed file (its main store file).
    func storeOfEveryAppsFirstSample() throws -> URL {
        let store = temporaryFolder("glimpse-every-app-store")
        let scenarios = repositoryRoot.appendingPathComponent("content/scenarios")
        for app in GalleryApps.all {
            let folders = try FileManager.default.contentsOfDirectory(
                atPath: scenarios.appendingPathComponent(app.id).path
            ).sorted()
            let container = try #require(
                folders.lazy
                    .map {
                        scenarios.appendingPathComponent(app.id).appendingPathComponent($0).appendingPathComponent(
                            app.containerIdentifier)
                    }
                    .first {
                        FileManager.default.fileExists(atPath: $0.appendingPathComponent(app.fuzzTarget.path).path)
                    }, "\(app.id)")
            try FileManager.default.copyItem(at: container, to: store.appendingPathComponent(app.containerIdentifier))
        }
        return store
    }

    @Test func unknownAppsAreUsageErrors() async {
        var options = sampleOptions()
        options.inputs.apps = ["nope"]
        let known = GalleryApps.all.map(\.id).sorted().joined(separator: ", ")
        await #expect(throws: SiteError.badOption("--app nope: no such app; known apps: \(known)")) {
            try await GalleryBuilder(options: options).build()
        }
    }
}
