import CAtomicSwap
import Foundation
import Synchronization

/// Writes a gallery so that `--out` is either the previous gallery or the new one, never a mix.
///
/// Files go to a hidden folder next to `--out`, which is swapped in only when every file is
/// written. On Linux the swap is `renameat2(RENAME_EXCHANGE)`: no moment where `--out` is
/// missing. Folders left by a killed build are removed by the next one.
///
/// A file the gallery in place holds byte for byte is hard-linked into the new one, not written
/// again: a rebuild makes and frees inodes only for what changed, and unchanged pages keep their
/// time stamps. Nothing is ever written into an existing file, so the gallery in place stays as
/// it was until the swap.
package struct AtomicOutput: Sendable {
    package let destination: URL
    /// `destination`'s path.
    let destinationPath: String

    package init(destination: URL) {
        self.destination = destination.standardizedFileURL
        destinationPath = self.destination.path
    }

    var parent: URL { destination.deletingLastPathComponent() }
    var stagingPrefix: String { ".\(destination.lastPathComponent).glimpse-" }

    /// Writes `files` (relative path → bytes) and swaps them in.
    ///
    /// - Throws: `OutputError.failed`; `destination` is then as it was.
    package func write(_ files: [(path: String, data: Data)]) throws {
        let staged = try begin()
        do {
            for file in files { try staged.write(file.path, file.data) }
        } catch {
            staged.discard()
            throw error
        }
        try staged.commit()
    }

    /// Opens a staging folder next to `destination`, for files written as they are ready.
    ///
    /// - Throws: `OutputError.failed` when the folder cannot be made.
    package func begin() throws -> StagedOutput {
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw OutputError.failed(path: parent.path, reason: error.localizedDescription)
        }
        removeStaleStagingFolders()
        let staging = parent.appendingPathComponent(stagingPrefix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        do {
            try manager.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw OutputError.failed(path: destination.path, reason: error.localizedDescription)
        }
        return StagedOutput(output: self, staging: staging)
    }

    /// Puts `staging` at `destination`, then removes the previous gallery.
    func swapIn(_ staging: URL) throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        let exists = manager.fileExists(atPath: destination.path, isDirectory: &isDirectory)
        if exists && !isDirectory.boolValue {
            Self.removeTree(staging)
            throw OutputError.failed(path: destination.path, reason: "it exists and is not a folder")
        }
        if !exists {
            if rename(staging.path, destination.path) != 0 {
                let reason = String(cString: strerror(errno))
                Self.removeTree(staging)
                throw OutputError.failed(path: destination.path, reason: reason)
            }
            return
        }
        if glimpse_exchange_paths(staging.path, destination.path) == 0 {
            // `staging` now holds the previous gallery.
            Self.removeTree(staging)
            return
        }
        // No exchange on this system or file system: two renames, with the old gallery kept
        // aside until the new one is in place.
        let previous = parent.appendingPathComponent(stagingPrefix + "previous-\(getpid())")
        guard rename(destination.path, previous.path) == 0 else {
            let reason = String(cString: strerror(errno))
            Self.removeTree(staging)
            throw OutputError.failed(path: destination.path, reason: reason)
        }
        guard rename(staging.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = rename(previous.path, destination.path)
            Self.removeTree(staging)
            throw OutputError.failed(path: destination.path, reason: reason)
        }
        Self.removeTree(previous)
    }

    /// Removes staging folders that a killed build left behind. Each is named after its build's
    /// process; a folder whose process still runs belongs to a build writing into the same
    /// `--out` right now, and is left alone. Process ids are only told apart on one machine and
    /// in one pid namespace; a folder whose id was reused stays until that process ends.
    func removeStaleStagingFolders() {
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in names where name.hasPrefix(stagingPrefix) {
            // This process counts as running too: it may be writing another gallery into `--out`.
            if let pid = Self.builder(ofStagingFolder: String(name.dropFirst(stagingPrefix.count))),
                pid == getpid() || kill(pid, 0) == 0 || errno == EPERM
            {
                continue
            }
            Self.removeTree(parent.appendingPathComponent(name))
        }
    }

    /// Removes `folder` and everything in it, depth first, never following a symbolic link
    /// (`nftw`); `FileManager.removeItem` took three times as long. Returns false if any of it
    /// could not be removed.
    @discardableResult
    static func removeTree(_ folder: URL) -> Bool {
        glimpse_remove_tree(folder.path) == 0
    }

    /// The process id in a staging folder's name after the prefix: `<pid>-<random>` while a
    /// build writes, `previous-<pid>` for the gallery it sets aside.
    static func builder(ofStagingFolder suffix: String) -> pid_t? {
        let parts = suffix.split(separator: "-")
        let field = parts.first == "previous" ? parts.dropFirst().first : parts.first
        return field.flatMap { pid_t(String($0)) }.flatMap { $0 > 0 ? $0 : nil }
    }
}

/// A gallery being written: files go into the staging folder as they are ready, from any task,
/// and `commit()` swaps the folder in whole. Until then `--out` is untouched; `discard()` (or a
/// killed process, cleaned up by the next build) leaves it so.
package final class StagedOutput: Sendable {
    let output: AtomicOutput
    let staging: URL
    /// `staging`'s path.
    let stagingPath: String

    /// The staging folder: the gallery as written so far, to read back before the commit.
    package var folder: URL { staging }
    private let folders = Mutex<Set<String>>([])

    init(output: AtomicOutput, staging: URL) {
        self.output = output
        self.staging = staging
        stagingPath = staging.path
    }

    /// Writes one file at `path`, relative to the gallery's root.
    ///
    /// - Throws: `OutputError.failed`; the caller then discards.
    package func write(_ path: String, _ data: Data) throws {
        // Paths as strings: a URL's appending and parsing was a third of this function's time.
        let target = stagingPath + "/" + path
        do {
            if let slash = target.lastIndex(of: "/") { try makeFolder(String(target[..<slash])) }
            // A file the gallery in place already holds, byte for byte, is linked from there
            // rather than written: no new inode, and its time stamp stays, for rsync and caches.
            // Otherwise not `Data.write`, which syncs every file: `commit` syncs them all at once.
            let previous = output.destinationPath + "/" + path
            let status = data.withUnsafeBytes { bytes in
                glimpse_link_if_same(previous, target, bytes.baseAddress, bytes.count) == 1
                    ? 0 : glimpse_write_file(target, bytes.baseAddress, bytes.count)
            }
            if status != 0 { throw POSIXError(POSIXErrorCode(rawValue: -status) ?? .EIO) }
        } catch {
            throw OutputError.failed(path: output.destination.path, reason: error.localizedDescription)
        }
    }

    /// Makes `folder`, once, and the folders it is in, under the lock, so that no task writes into a
    /// folder another is still making. `mkdir` itself, as `FileManager`'s `createDirectory` looked
    /// at every folder of the path each time (2 % of a build, in the lock).
    func makeFolder(_ folder: String) throws {
        try folders.withLock { made throws in
            try Self.makeFolder(folder, made: &made)
        }
    }

    private static func makeFolder(_ folder: String, made: inout Set<String>) throws {
        guard !made.contains(folder) else { return }
        if mkdir(folder, 0o777) != 0 {
            switch errno {
            case EEXIST:
                var info = stat()
                guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                    throw POSIXError(.ENOTDIR)
                }
            case ENOENT:
                guard let slash = folder.lastIndex(of: "/"), slash != folder.startIndex else {
                    throw POSIXError(.ENOENT)
                }
                try makeFolder(String(folder[..<slash]), made: &made)
                guard mkdir(folder, 0o777) == 0 || errno == EEXIST else {
                    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
            default:
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        }
        made.insert(folder)
    }

    /// Syncs the staged gallery to disk, in one call for every file, and swaps it in at
    /// `destination`: after a power cut, `--out` is the old gallery or the whole new one.
    package func commit() throws {
        let status = glimpse_sync_file_system(staging.path)
        guard status == 0 else {
            let reason = String(cString: strerror(-status))
            discard()
            throw OutputError.failed(
                path: output.destination.path, reason: "cannot sync the new gallery to disk: \(reason)")
        }
        try output.swapIn(staging)
    }

    /// Removes the staging folder; `destination` stays as it was.
    package func discard() {
        AtomicOutput.removeTree(staging)
    }
}

/// A folder that could not be written, or swapped in.
package enum OutputError: Error, Equatable, CustomStringConvertible {
    case failed(path: String, reason: String)

    package var description: String {
        switch self {
        case .failed(let path, let reason): "\(path): cannot be written: \(reason)"
        }
    }
}
