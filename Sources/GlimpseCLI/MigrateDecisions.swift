import ArgumentParser
import Foundation
import GlimpseReview

/// `glimpse decisions migrate`: an older glimpse's approvals and review files, moved into the
/// decisions folder.
struct MigrateDecisions: ParsableCommand {
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

    func run() throws {
        let console = Console(quiet: false)
        try console.exiting(2) { try migrate(console) }
    }

    func migrate(_ console: Console) throws {
        let location = decisions.location
        guard !location.presentLegacyFiles.isEmpty else {
            console.info(
                "Nothing to move: no \(location.display(location.legacyApprovals)) or "
                    + "\(location.display(location.legacyReview)); the decisions are in \(location.folderPath)/")
            return
        }
        let (store, moved) = try DecisionStore.update(location, as: try DecisionsOptions.writer()) { store in
            store.legacyFiles.map { store.location.display($0) }
        }
        let counted = { (count: Int, noun: String) in "\(count) \(noun)\(count == 1 ? "" : "s")" }
        let (approvals, requests) = (store.approvals.approvals.count, store.notes.requests.count)
        console.info(
            "\(counted(approvals, "approval")), \(counted(requests, "request")) and "
                + "\(counted(store.notes.comments?.count ?? 0, "comment")) are in \(store.path)/")
        Approve.sayMoved(moved, into: store.path, console: console)
    }
}
