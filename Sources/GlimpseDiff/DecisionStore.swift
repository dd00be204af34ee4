import Foundation
import GlimpseCore
import GlimpseFormat

/// The approvals file and the review file beside it (`glimpse-review.json`), as `diff` and `approve`
/// read them and `approve` writes them: each read as a regular file under its size cap, each
/// written whole to a temporary file beside it and renamed over it, so that a kill never leaves
/// half a file.
public struct DecisionStore: Sendable {
    public var approvalsURL: URL
    public var reviewURL: URL
    /// The files' paths as the user named them, for messages.
    public var approvalsPath: String
    public var reviewPath: String
    public var approvals: Approvals
    public var notes: ReviewNotes

    /// The files at `--approvals PATH` (or `glimpse-approvals.json` in the working folder), with
    /// the review file beside it; a file not there reads as no decisions. Nil when no path was
    /// given and neither file is in the working folder.
    ///
    /// - Throws: `DiffError.unreadable` naming the file when one is there but cannot be read.
    public static func open(option: String?, creating: Bool = false) throws(DiffError) -> DecisionStore? {
        let approvalsPath = option ?? Approvals.defaultFileName
        let folder = (approvalsPath as NSString).deletingLastPathComponent
        let reviewPath = folder.isEmpty ? ReviewNotes.defaultFileName : "\(folder)/\(ReviewNotes.defaultFileName)"
        let (approvalsURL, reviewURL) = (URL(fileURLWithPath: approvalsPath), URL(fileURLWithPath: reviewPath))
        let manager = FileManager.default
        let present = manager.fileExists(atPath: approvalsURL.path) || manager.fileExists(atPath: reviewURL.path)
        guard option != nil || present || creating else { return nil }
        removeAbandoned(beside: approvalsURL)
        var store = DecisionStore(
            approvalsURL: approvalsURL, reviewURL: reviewURL, approvalsPath: approvalsPath, reviewPath: reviewPath,
            approvals: Approvals(), notes: ReviewNotes())
        if let data = try read(approvalsURL) {
            do {
                store.approvals = try DecisionFiles.approvals(data, file: approvalsURL.path)
            } catch {
                throw .unreadable(approvalsURL.path, error.message)
            }
        }
        if let data = try read(reviewURL) {
            do {
                store.notes = try DecisionFiles.notes(data, file: reviewURL.path)
            } catch {
                throw .unreadable(reviewURL.path, error.message)
            }
        }
        return store
    }

    /// Writes both files, sorted; a review file with no requests and no comments is not written (or
    /// is removed).
    ///
    /// - Throws: `DiffError.outputFailed` naming the file.
    public func save() throws(DiffError) {
        try Self.replace(approvalsURL, with: try Self.encode(Approvals(approvals: approvals.approvals), approvalsURL))
        let comments = notes.comments ?? []
        if notes.requests.isEmpty && comments.isEmpty {
            try? FileManager.default.removeItem(at: reviewURL)
        } else {
            let sorted = ReviewNotes(requests: notes.requests, comments: comments)
            try Self.replace(reviewURL, with: try Self.encode(sorted, reviewURL))
        }
    }

    /// The temporary files of writes that a kill cut short (`.glimpse-approvals.json.<uuid>.tmp`),
    /// once they are a minute old: no write takes that long.
    static func removeAbandoned(beside url: URL) {
        let folder = url.deletingLastPathComponent()
        let names = [url.lastPathComponent, ReviewNotes.defaultFileName].map { ".\($0)." }
        let manager = FileManager.default
        for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
        where name.hasSuffix(".tmp") && names.contains(where: name.hasPrefix) {
            let file = folder.appendingPathComponent(name)
            let modified = (try? manager.attributesOfItem(atPath: file.path)[.modificationDate]) as? Date
            if let modified, Date().timeIntervalSince(modified) > 60 { try? manager.removeItem(at: file) }
        }
    }

    static func read(_ url: URL) throws(DiffError) -> Data? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try RegularFile.read(url, limit: Approvals.maximumBytes + 1)
        } catch {
            throw .unreadable(url.path, error.localizedDescription)
        }
    }

    static func encode(_ value: some Encodable, _ url: URL) throws(DiffError) -> Data {
        do {
            return try DecisionFiles.encoded(value)
        } catch {
            throw .outputFailed(url.path, "\(error)")
        }
    }

    /// `data` written to a temporary file in `url`'s folder, synced, then renamed over `url`;
    /// nothing written when `url` holds `data` already.
    static func replace(_ url: URL, with data: Data) throws(DiffError) {
        if (try? RegularFile.read(url, limit: data.count + 1)) == data { return }
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw CocoaError(.fileWriteNoPermission)
            }
            let handle = try FileHandle(forWritingTo: temporary)
            try handle.write(contentsOf: data)
            try handle.synchronize()
            try handle.close()
            guard rename(temporary.path, url.path) == 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .outputFailed(url.path, error.localizedDescription)
        }
    }
}
