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

    /// Writes both files, sorted; a review file with no requests is not written (or is removed).
    ///
    /// - Throws: `DiffError.outputFailed` naming the file.
    public func save() throws(DiffError) {
        try Self.replace(approvalsURL, with: try Self.encode(Approvals(approvals: approvals.approvals), approvalsURL))
        if notes.requests.isEmpty {
            try? FileManager.default.removeItem(at: reviewURL)
        } else {
            try Self.replace(reviewURL, with: try Self.encode(ReviewNotes(requests: notes.requests), reviewURL))
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

    /// `data` written to a temporary file in `url`'s folder, synced, then renamed over `url`.
    static func replace(_ url: URL, with data: Data) throws(DiffError) {
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
