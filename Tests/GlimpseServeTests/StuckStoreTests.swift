import AppGroupStore
import Foundation
import GlimpseCore
import GlimpseRegistry
import GlimpseSite
import Synchronization
import TestSupport
import Testing
import Widgets

@testable import GlimpseServe

/// `serve` on a store whose file never answers (a mount that stopped): every save rebuilds, every
/// rebuild times out on the store, and the threads left behind stay one, not one per save.
@Suite(.serialized) struct StuckStoreTests {
    /// Opens of the app's store file block until the test ends, as on a dead mount.
    final class Hung: Sendable {
        let name: String
        private let release = DispatchSemaphore(value: 0)
        let opens = Mutex(0)

        init(name: String) {
            self.name = name
        }

        var files: StoreFileAccess {
            StoreFileAccess { [self] url in
                if url.lastPathComponent == name {
                    opens.withLock { $0 += 1 }
                    // Far longer than the test: with both cores busy its 200 saves took 127 s, past the
                    // minute this once waited, and the read that came back let a second one start.
                    _ = release.wait(timeout: .now() + 3600)
                }
                return try RegularFile.open(url)
            }
        }

        func letGo() {
            for _ in 0..<opens.withLock({ $0 }) { release.signal() }
        }
    }

    static func threads() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
    }

    @Test func twoHundredSavesOfAStoreThatTimesOutKeepTheThreadCountFlat() async throws {
        let app = GalleryApps.all[0]
        let root = temporaryFolder("glimpse-stuck")
        defer { try? FileManager.default.removeItem(at: root) }
        for folder in ["content", "templates"] {
            try FileManager.default.copyItem(
                at: repositoryRoot.appendingPathComponent(folder), to: root.appendingPathComponent(folder))
        }
        let store = root.appendingPathComponent("store")
        let file = store.appendingPathComponent(app.containerIdentifier).appendingPathComponent(app.fuzzTarget.path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: file)
        let hung = Hung(name: file.lastPathComponent)
        defer { hung.letGo() }
        let options = BuildOptions(
            inputs: BuildOptions.Inputs(
                knownApps: GalleryApps.all, contentDirectory: root.appendingPathComponent("content"),
                templatesDirectory: root.appendingPathComponent("templates"), stores: [store], apps: [app.id],
                fontsDirectory: nil),
            run: BuildOptions.Run(
                now: date("2026-11-22T09:00:00-05:00"), timeZone: TimeZone(identifier: "America/New_York"),
                storeTimeout: 0.05))
        var fileIO = FileIO.diskAccess
        fileIO.storeFiles = hung.files
        let site = LiveSite(builder: GalleryBuilder(options: options, fileIO: fileIO))
        _ = await site.rebuild()
        let after = Self.threads()
        var counts: [Int] = []
        for save in 1...200 {
            let update = await site.rebuild(changed: [file.standardizedFileURL.path])
            #expect(update.failure == nil)
            if save % 50 == 0 { counts.append(Self.threads()) }
        }
        #expect(hung.opens.withLock { $0 } == 1, "the stuck file is not opened again on each save")
        // Other suites run beside this one and start threads of their own, more of them on a busy
        // machine (a run with both cores busy went past 20): a pile-up would be one per save, 200
        // more by the end, so half of that is the bound.
        #expect(counts.allSatisfy { $0 - after < 100 }, "threads after the first build \(after), then \(counts)")
        // Every save still builds the widget, in its fallback, naming the file.
        let page = try #require(site.current.withLock { $0.files }.first { $0.key.hasSuffix("systemSmall.html") })
        #expect(String(decoding: page.value, as: UTF8.self).contains(app.fuzzTarget.path))
    }
}
