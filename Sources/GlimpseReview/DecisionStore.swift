import Foundation
import GlimpseCore
import GlimpseFormat
import GlimpseGallery
import GlimpseOutput

/// A repository's decisions: the decisions folder, a file a decision (`DecisionRecord`), and the
/// files of version 1 beside it until a write moves them in. `diff` reads them; `approve`,
/// `review` and `decisions migrate` change them through `update`, one writer at a time: under the
/// lock, the folder is read again, decided on, written whole beside itself and swapped in, so
/// that no writer loses another's decision and a kill leaves the folder as it was or as it
/// became, never a mix.
package struct DecisionStore: Sendable {
    package var location: DecisionLocation
    package var approvals: Approvals
    package var notes: ReviewNotes
    /// Version 1's files the decisions were also read from (the next write moves them in).
    package internal(set) var legacyFiles: [URL] = []
    /// Every file of the folder as it was read, by name, decisions or not: a write leaves the
    /// others as they are, and writes nothing when nothing changed.
    var folderFiles: [String: Data] = [:]
    /// The location's `stamp()` before these decisions were read, or after they were written.
    package internal(set) var stamp: [Int] = []

    package init(location: DecisionLocation, approvals: Approvals = Approvals(), notes: ReviewNotes = ReviewNotes()) {
        self.location = location
        self.approvals = approvals
        self.notes = notes
    }

    /// The folder's path as the user named it, for messages.
    package var path: String { location.folderPath }

    /// Who writes, for a writer that waits on it, and how long it waits for another.
    package struct Writer: Sendable {
        /// What this writer is (`glimpse approve review --all`).
        package var holder: String
        package var timeout: Duration

        package init(holder: String, timeout: Duration = .seconds(Limits.decisionLockWait.value)) {
            self.holder = holder
            self.timeout = timeout
        }
    }

    /// The decisions at `location`; nil when they are not there and not `required` (a diff
    /// without decisions).
    ///
    /// - Throws: `GalleryError.unreadable` naming the file that cannot be read.
    package static func open(_ location: DecisionLocation, required: Bool) throws(GalleryError) -> DecisionStore? {
        guard required || location.isPresent else { return nil }
        return try read(location)
    }

    /// The decisions at `location`, version 1's files and the folder's, as they are now; a
    /// decision in the folder replaces the same one of version 1.
    ///
    /// - Throws: `GalleryError.unreadable` naming the file that cannot be read.
    package static func read(_ location: DecisionLocation) throws(GalleryError) -> DecisionStore {
        var store = DecisionStore(location: location)
        store.stamp = location.stamp()
        try store.readLegacyFiles()
        let (records, files) = try readFolder(location)
        store.folderFiles = files
        let decided = Set(records.filter { $0.kind != .comment }.map(Self.identity))
        store.approvals.approvals.removeAll { decided.contains(Self.identity(of: $0)) }
        store.notes.requests.removeAll { decided.contains(Self.identity(of: $0)) }
        var comments = store.notes.comments ?? []
        for record in records {
            switch record.kind {
            case .approved: record.decision.map { store.approvals.approvals.append($0) }
            case .changesRequested: record.decision.map { store.notes.requests.append($0) }
            case .comment: record.comment.map { if !comments.contains($0) { comments.append($0) } }
            }
        }
        store.approvals.approvals.sort()
        store.notes = ReviewNotes(requests: store.notes.requests, comments: comments)
        return store
    }

    /// Runs `body` on the decisions as they are on disk, under the lock, then writes what it
    /// changed; version 1's files, once read, are moved into the folder. Returns the decisions as
    /// written and what `body` returned.
    ///
    /// - Throws: `FileLockError.held` naming the writer in the way, once `writer.timeout` is past;
    ///   `GalleryError` naming a file that cannot be read or written; what `body` throws. Nothing is
    ///   written then.
    package static func update<T>(
        _ location: DecisionLocation, as writer: Writer, _ body: (inout DecisionStore) throws -> T
    ) throws -> (store: DecisionStore, result: T) {
        let parent = location.lock.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw GalleryError.outputFailed(location.display(location.lock), error.localizedDescription)
        }
        do {
            return try FileLock.withLock(location.lock, holder: writer.holder, timeout: writer.timeout) {
                var store = try read(location)
                let result = try body(&store)
                try store.save()
                store.stamp = location.stamp()
                return (store, result)
            }
        } catch FileLockError.held(_, let holder, let waited) {
            throw FileLockError.held(path: location.display(location.lock), holder: holder, waited: waited)
        }
    }

    /// Version 1's approvals and review files, when they are there.
    mutating func readLegacyFiles() throws(GalleryError) {
        if let read = try readLegacy(location.legacyApprovals, DecisionFiles.approvals) { approvals = read }
        if let read = try readLegacy(location.legacyReview, DecisionFiles.notes) { notes = read }
    }

    /// One of version 1's files, read with `decode`; nil when it is not there.
    mutating func readLegacy<T>(
        _ url: URL, _ decode: (Data, String) throws(DecisionFileError) -> T
    ) throws(GalleryError) -> T? {
        guard let data = try Self.readFile(url) else { return nil }
        let shown = location.display(url)
        do {
            let read = try decode(data, shown)
            legacyFiles.append(url)
            return read
        } catch {
            throw .unreadable(shown, error.message)
        }
    }

    static func readFile(_ url: URL) throws(GalleryError) -> Data? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try RegularFile.read(url, limit: Approvals.maximumBytes + 1)
        } catch {
            throw .unreadable(url.path, error.localizedDescription)
        }
    }
}
