import Foundation
import TestSupport
import Testing

@testable import GlimpseServe

/// The watcher sees saves in place, saves by rename, and files in folders made after it started,
/// and reports a burst of them once.
@Suite(.serialized) struct FileWatcherTests {
    /// A new folder, and a watcher on it. A quiet of a second, not serve's 8 ms: on a busy machine
    /// a file's creation and its write can be further apart than 8 ms, and come as two bursts.
    static func watching() -> (URL, FileWatcher) {
        let root = temporaryFolder("glimpse-watch").standardizedFileURL
        return (root, FileWatcher(roots: [root], quiet: .seconds(1), longest: .seconds(20)))
    }

    @Test(.timeLimit(.minutes(1))) func savesRenamesAndNewFoldersAreSeen() async throws {
        let (root, watcher) = Self.watching()
        defer {
            watcher.stop()
            try? FileManager.default.removeItem(at: root)
        }
        var bursts = watcher.changes().makeAsyncIterator()
        try await Task.sleep(for: .milliseconds(300))

        let file = root.appendingPathComponent("copy.md")
        try "one\n".write(to: file, atomically: false, encoding: .utf8)
        #expect(await bursts.next()?.paths.contains(file.path) == true)

        // An editor's save: a temporary file renamed over the file.
        let temporary = root.appendingPathComponent(".copy.md.swp")
        try "two\n".write(to: temporary, atomically: false, encoding: .utf8)
        #expect(rename(temporary.path, file.path) == 0)
        #expect(await bursts.next()?.paths.contains(file.path) == true)

        // A folder made later, then a file in it.
        let folder = root.appendingPathComponent("new-scenario")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        #expect(await bursts.next()?.paths.contains(folder.path) == true)
        try await Task.sleep(for: .milliseconds(100))
        let inside = folder.appendingPathComponent("scenario.yaml")
        try "title: New\n".write(to: inside, atomically: false, encoding: .utf8)
        #expect(await bursts.next()?.paths.contains(inside.path) == true)
    }

    @Test(.timeLimit(.minutes(1))) func aBurstOfWritesIsOneChange() async throws {
        // A quiet of a second, not serve's 8 ms: on a busy machine two writes of one loop can be
        // further apart than 8 ms, and what is tested is the grouping, not the quiet.
        let root = temporaryFolder("glimpse-watch").standardizedFileURL
        let watcher = FileWatcher(roots: [root], quiet: .seconds(1), longest: .seconds(20))
        defer {
            watcher.stop()
            try? FileManager.default.removeItem(at: root)
        }
        var bursts = watcher.changes().makeAsyncIterator()
        try await Task.sleep(for: .milliseconds(300))
        for index in 0..<20 {
            try "\(index)\n".write(
                to: root.appendingPathComponent("file-\(index % 3).md"), atomically: false, encoding: .utf8)
        }
        let burst = await bursts.next()?.paths
        #expect(burst == Set((0..<3).map { root.appendingPathComponent("file-\($0).md").path }))
    }
}
