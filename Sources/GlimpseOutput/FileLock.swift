import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One writer at a time: an exclusive `flock` on a lock file beside what it guards, as git guards
/// its index with `index.lock`, but held by the kernel. A writer killed in the middle leaves no
/// lock behind: the kernel lets go of a `flock` when its process dies, however it dies.
///
/// The holder writes its process id and what it is into the file, so that a writer that waits
/// too long can say who is in the way. The file is removed when the lock is let go; a writer that
/// then finds it locked a file no longer at the path tries again, so two writers never hold two
/// files of one name.
package enum FileLock {
    /// Runs `body` while this process holds the lock at `url`, waiting for it at most `timeout`.
    ///
    /// - Parameters:
    ///   - holder: What this writer is, for a writer that waits (`glimpse approve review --all`).
    /// - Throws: `FileLockError.held` naming the holder when the wait is longer than `timeout`;
    ///   `FileLockError.failed` when the file cannot be made or locked; what `body` throws.
    @discardableResult
    package static func withLock<T>(
        _ url: URL, holder: String, timeout: Duration, _ body: () throws -> T
    ) throws -> T {
        let descriptor = try acquire(url.path, holder: holder, timeout: timeout)
        defer {
            // Removed while it is still held: no writer locks a file the next one would not see.
            unlink(url.path)
            close(descriptor)
        }
        return try body()
    }

    /// The locked file's descriptor, once this process holds it and it is the file at `path`.
    static func acquire(_ path: String, holder: String, timeout: Duration) throws(FileLockError) -> Int32 {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var pause = Duration.milliseconds(1)
        while true {
            let descriptor = try openLockFile(path)
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                if isStill(descriptor, at: path) {
                    record(holder, in: descriptor)
                    return descriptor
                }
                // The holder before let go and removed it; lock the file now at the path.
                close(descriptor)
                continue
            }
            let failure = errno
            close(descriptor)
            guard failure == EWOULDBLOCK || failure == EINTR else {
                throw .failed(path: path, reason: String(cString: strerror(failure)))
            }
            guard clock.now < deadline else { throw .held(path: path, holder: Self.holder(at: path), waited: timeout) }
            Thread.sleep(forTimeInterval: Double(pause.components.attoseconds) / 1e18)
            pause = min(pause * 2, .milliseconds(50))
        }
    }

    /// The lock file, made when it is not there: a regular file, never through a symbolic link.
    static func openLockFile(_ path: String, creating: Bool = true) throws(FileLockError) -> Int32 {
        let flags = (creating ? O_RDWR | O_CREAT : O_RDONLY) | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK
        let descriptor = open(path, flags, 0o644)
        guard descriptor >= 0 else { throw .failed(path: path, reason: String(cString: strerror(errno))) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .failed(path: path, reason: "not a regular file")
        }
        return descriptor
    }

    /// Whether `path` still names the file `descriptor` has open.
    static func isStill(_ descriptor: Int32, at path: String) -> Bool {
        var open = stat()
        var named = stat()
        guard fstat(descriptor, &open) == 0, lstat(path, &named) == 0 else { return false }
        return open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }

    /// Writes who holds the lock into its file, in place of the last holder's line.
    static func record(_ holder: String, in descriptor: Int32) {
        let line = "pid \(getpid()): \(holder), since \(Date().formatted(.iso8601))\n"
        _ = ftruncate(descriptor, 0)
        _ = line.utf8CString.withUnsafeBufferPointer { bytes in
            pwrite(descriptor, bytes.baseAddress, bytes.count - 1, 0)
        }
    }

    /// What the holder of the lock at `path` wrote of itself; nil when it wrote nothing yet.
    static func holder(at path: String) -> String? {
        guard let descriptor = try? openLockFile(path, creating: false) else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 1_024)
        let count = pread(descriptor, &bytes, bytes.count, 0)
        guard count > 0 else { return nil }
        let text = String(decoding: bytes[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}

/// A lock that could not be taken: held by another writer past the deadline, or not to be made.
package enum FileLockError: Error, Equatable, CustomStringConvertible {
    case held(path: String, holder: String?, waited: Duration)
    case failed(path: String, reason: String)

    package var description: String {
        switch self {
        case .held(let path, let holder, let waited):
            "\(path): another writer holds the lock (\(holder ?? "it has not said who it is yet")); "
                + "gave up after \(waited.components.seconds) s"
        case .failed(let path, let reason): "\(path): cannot be locked: \(reason)"
        }
    }
}
