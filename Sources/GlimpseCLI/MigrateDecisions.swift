import ArgumentParser
import Foundation
import GlimpseReview

/// `glimpse decisions migrate`: an older glimpse's approvals and review files, moved into the
/// decisions folder.
struct MigrateDecisions: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Move an older glimpse's glimpse-approvals.json and glimpse-review.json into the decisions folder.",
        discussion: """
            Each approval, request and comment becomes a file of the decisions folder, and the two files are \
            removed; commit both. The next glimpse approve or glimpse review does the same on its own. \
            --approvals FILE names an approvals file of another name (its review file is glimpse-review.json \
            beside it); the folder is then glimpse-decisions beside it. Exit codes: 0 moved, or nothing to \
            move; 2 an unreadable file, or another writer holding the lock longer than GLIMPSE_LOCK_TIMEOUT.
            """)

    @OptionGroup var decisions: DecisionsOptions

    /// What was moved: nothing (`folder` is nil), or the decisions now in the folder and the files moved.
    struct Outcome: CommandOutcome {
        var location: DecisionLocation
        var folder: String?
        var approvals = 0
        var requests = 0
        var comments = 0
        var moved: [String] = []

        var exitCode: Int32 { 0 }

        var said: [Said] {
            guard let folder else {
                return [
                    .note(
                        "Nothing to move: no \(location.display(location.legacyApprovals)) or "
                            + "\(location.display(location.legacyReview)); the decisions are in \(location.folderPath)/"
                    )
                ]
            }
            let counted = { (count: Int, noun: String) in "\(count) \(noun)\(count == 1 ? "" : "s")" }
            return [
                .note(
                    "\(counted(approvals, "approval")), \(counted(requests, "request")) and "
                        + "\(counted(comments, "comment")) are in \(folder)/")
            ] + Approve.said(moved: moved, into: folder)
        }
    }

    var quiet: Bool { false }

    func outcome() async throws -> Outcome {
        try CommandFailure.exiting(2) {
            let location = decisions.location
            guard !location.presentLegacyFiles.isEmpty else { return Outcome(location: location, folder: nil) }
            let (store, moved) = try DecisionStore.update(location, as: try DecisionsOptions.writer()) { store in
                store.legacyFiles.map { store.location.display($0) }
            }
            return Outcome(
                location: location, folder: store.path, approvals: store.approvals.approvals.count,
                requests: store.notes.requests.count, comments: store.notes.comments?.count ?? 0, moved: moved)
        }
    }
}
