import Foundation
import GlimpseCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Watches folders recursively, folders created later included, and reports changed paths in
/// bursts: a save by rename, or an editor's several writes, arrive as one set once the files have
/// been quiet for `quiet`. inotify on Linux; a scan of modification times elsewhere.
///
/// The quiet is short (8 ms): an editor's writes and rename of one save come within a millisecond
/// of each other, and every millisecond waited is one more before the page shows the save.
package final class FileWatcher: Sendable {
    package let roots: [URL]
    let quiet: Duration
    /// A burst never waits longer than this for quiet.
    let longest: Duration
    /// Folders watched at most: a `--store` pointed at a whole disk does not exhaust inotify.
    static let maximumFolders = Limits.watchedFolders.value
    private let stopped = Atomic<Bool>(false)
    /// Told once when some folders cannot be watched (the inotify limit, or `maximumFolders`).
    let warn: @Sendable (String) -> Void

    package init(
        roots: [URL], quiet: Duration = .milliseconds(8), longest: Duration = .milliseconds(400),
        warn: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.roots = roots.map(\.standardizedFileURL)
        self.quiet = quiet
        self.longest = longest
        self.warn = warn
    }

    /// Bursts of changed paths (absolute, standardized), until `stop()`.
    package func changes() -> AsyncStream<Burst> {
        let (raw, rawContinuation) = AsyncStream<String>.makeStream(bufferingPolicy: .unbounded)
        let thread = Thread { [self] in
            #if os(Linux)
            watchWithInotify(rawContinuation)
            #else
            watchByScanning(rawContinuation)
            #endif
            rawContinuation.finish()
        }
        thread.name = "glimpse-watch"
        thread.start()
        return Self.bursts(of: raw, quiet: quiet, longest: longest)
    }

    package func stop() {
        stopped.store(true, ordering: .relaxed)
    }

    /// Changed paths that came together, and when the first of them was seen.
    package struct Burst: Sendable {
        package var paths: Set<String>
        package var firstSeen: ContinuousClock.Instant
    }

    /// Groups single paths into bursts: a burst ends after `quiet` without a path, or at `longest`.
    /// Idle, the watch looks every `quiet`; with a burst pending, it sleeps until the burst's quiet
    /// would end, so a save is handed on about `quiet` after its last write, not a tick later.
    static func bursts(of paths: AsyncStream<String>, quiet: Duration, longest: Duration) -> AsyncStream<Burst> {
        let (stream, continuation) = AsyncStream<Burst>.makeStream()
        let pending = Pending()
        let task = Task {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await path in paths {
                        pending.state.withLock { state in
                            state.paths.insert(path)
                            state.last = .now
                            if state.first == nil { state.first = .now }
                        }
                    }
                }
                group.addTask {
                    var wait = quiet
                    while !Task.isCancelled {
                        try? await Task.sleep(for: wait)
                        let (burst, next) = Self.take(pending, quiet: quiet, longest: longest)
                        wait = next
                        if let burst { continuation.yield(burst) }
                    }
                }
                await group.next()
                group.cancelAll()
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// The pending burst if it is over, and how long to sleep before looking again.
    private static func take(
        _ pending: Pending, quiet: Duration, longest: Duration
    ) -> (burst: Burst?, wait: Duration) {
        pending.state.withLock { state in
            guard let first = state.first else { return (nil, quiet) }
            let now = ContinuousClock.now
            guard now - state.last >= quiet || now - first >= longest else {
                let end = min(state.last + quiet, first + longest)
                return (nil, max(end - now, .microseconds(500)))
            }
            defer { state = ([], now, nil) }
            return (Burst(paths: state.paths, firstSeen: first), quiet)
        }
    }

    /// The paths of a burst so far.
    private final class Pending: Sendable {
        let state = Mutex<(paths: Set<String>, last: ContinuousClock.Instant, first: ContinuousClock.Instant?)>(
            ([], .now, nil))
    }

    #if os(Linux)
    private func watchWithInotify(_ output: AsyncStream<String>.Continuation) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return watchByScanning(output) }
        defer { close(descriptor) }
        let mask = UInt32(
            IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB
                | IN_DELETE_SELF | IN_MOVE_SELF)
        var folders: [Int32: String] = [:]
        var warned = false
        func add(_ path: String) {
            let watch =
                folders.count < Self.maximumFolders
                ? inotify_add_watch(descriptor, path, mask | UInt32(IN_ONLYDIR) | UInt32(IN_DONT_FOLLOW)) : -1
            if watch < 0, !warned, folders.count >= Self.maximumFolders || errno == ENOSPC {
                warned = true
                warn(
                    "warning: watching \(folders.count) folders, the most this system allows; changes under \(path) "
                        + "and other "
                        + "folders past it are not seen (raise fs.inotify.max_user_watches, or serve a smaller --store)"
                )
            }
            guard watch >= 0, folders[watch] == nil else { return }
            folders[watch] = path
            for child in Self.subfolders(of: path) { add(child) }
        }
        for root in roots { add(root.path) }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !stopped.load(ordering: .relaxed) {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (watch, eventMask, nameLength) = buffer.withUnsafeBytes { bytes in
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let nameBytes = buffer[nameStart..<min(count, nameStart + nameLength)].prefix { $0 != 0 }
                offset = nameStart + nameLength
                guard let folder = folders[watch] else { continue }
                let path = nameBytes.isEmpty ? folder : folder + "/" + String(decoding: nameBytes, as: UTF8.self)
                if eventMask & UInt32(IN_ISDIR) != 0, eventMask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                    add(path)
                    // Files written into the folder before its watch existed.
                    for file in Self.files(under: path) { output.yield(file) }
                }
                if eventMask & UInt32(IN_IGNORED) != 0 { folders[watch] = nil }
                output.yield(path)
            }
        }
    }
    #endif

    /// Polls modification times and sizes every 300 ms: where there is no inotify.
    private func watchByScanning(_ output: AsyncStream<String>.Continuation) {
        func scan() -> [String: [Double]] {
            var seen: [String: [Double]] = [:]
            for root in roots {
                for path in [root.path] + Self.files(under: root.path, folders: true) {
                    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { continue }
                    let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                    seen[path] = [modified, Double((attributes[.size] as? Int) ?? 0)]
                }
            }
            return seen
        }
        var previous = scan()
        while !stopped.load(ordering: .relaxed) {
            Thread.sleep(forTimeInterval: 0.3)
            let next = scan()
            for path in Set(previous.keys).union(next.keys) where previous[path] != next[path] { output.yield(path) }
            previous = next
        }
    }

    static func subfolders(of path: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        return names.sorted().map { path + "/" + $0 }.filter { child in
            var isFolder: ObjCBool = false
            let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: child)) != nil
            return !isLink && FileManager.default.fileExists(atPath: child, isDirectory: &isFolder)
                && isFolder.boolValue
        }
    }

    static func files(under path: String, folders includeFolders: Bool = false) -> [String] {
        var result: [String] = []
        var queue = [path]
        while let folder = queue.popLast(), result.count < maximumFolders * 4 {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names.sorted() {
                let child = folder + "/" + name
                var isFolder: ObjCBool = false
                let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: child)) != nil
                if !isLink, FileManager.default.fileExists(atPath: child, isDirectory: &isFolder), isFolder.boolValue {
                    queue.append(child)
                    if includeFolders { result.append(child) }
                } else {
                    result.append(child)
                }
            }
        }
        return result
    }
}
