import Foundation
import GlimpseFormat

/// Where a repository's decisions are: the decisions folder (`glimpse-decisions/`, a file a
/// decision), the files of version 1 beside it (`glimpse-approvals.json`, `glimpse-review.json`),
/// read until the next write moves them into the folder, and the lock its writers take.
package struct DecisionLocation: Sendable, Equatable {
    /// The folder, and its path as the user named it, for messages.
    package var folder: URL
    package var folderPath: String
    /// The approvals file and the review file of version 1.
    package var legacyApprovals: URL
    package var legacyReview: URL
    /// `.glimpse-decisions.lock` beside the folder: held while a writer reads, decides and writes.
    package var lock: URL

    /// The folder at `path` (`--decisions`), with version 1's files beside it.
    package init(folder path: String) {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        folder = URL(fileURLWithPath: trimmed).standardizedFileURL
        folderPath = trimmed
        let parent = folder.deletingLastPathComponent()
        legacyApprovals = parent.appendingPathComponent(Approvals.defaultFileName)
        legacyReview = parent.appendingPathComponent(ReviewNotes.defaultFileName)
        lock = parent.appendingPathComponent(".\(folder.lastPathComponent).lock")
    }

    /// Version 1's approvals file at `path` (`--approvals`), its review file beside it, and the
    /// decisions folder beside them.
    package init(legacyApprovals path: String) {
        let parent = (path as NSString).deletingLastPathComponent
        self.init(
            folder: parent.isEmpty ? DecisionRecord.defaultFolderName : "\(parent)/\(DecisionRecord.defaultFolderName)")
        legacyApprovals = URL(fileURLWithPath: path).standardizedFileURL
    }

    /// The folder in the working folder.
    package static let `default` = DecisionLocation(folder: DecisionRecord.defaultFolderName)

    /// Whether the folder, or a file of version 1, is there.
    package var isPresent: Bool {
        [folder, legacyApprovals, legacyReview].contains { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Version 1's files that are there.
    package var presentLegacyFiles: [URL] {
        [legacyApprovals, legacyReview].filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// What any write changes: the folder's inode (each write swaps a new folder in) and time,
    /// and those of version 1's files (a write removes them).
    package func stamp() -> [Int] {
        [folder, legacyApprovals, legacyReview].flatMap { url -> [Int] in
            var status = stat()
            guard lstat(url.path, &status) == 0 else { return [0, 0, 0] }
            return [Int(status.st_ino), Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec)]
        }
    }

    /// `url`'s path as the user would name it: relative to the folder's parent as they named it.
    package func display(_ url: URL) -> String {
        let parent = (folderPath as NSString).deletingLastPathComponent
        return parent.isEmpty ? url.lastPathComponent : "\(parent)/\(url.lastPathComponent)"
    }
}
