import ArgumentParser
import Foundation
import GlimpseCore
import GlimpseDiff
import GlimpseFormat

struct Approve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Approve the changes of a diff, or request changes, in the approvals file of the app's repository.",
        discussion: """
            Reads DIFF_OUT/diff.json (glimpse diff --out). An approval names the change exactly: the widget (or \
            shared file) and the digests of what the diff compared before and after it. glimpse diff --approvals \
            passes that change wherever it appears again, and fails any other change of the widget. Requests go \
            to glimpse-review.json beside the approvals file, and fail the diff until the widget changes again. \
            Both files are sorted, written whole and renamed into place. Exit codes: 0 recorded; 2 bad usage, an \
            unreadable diff or file, or a --widget that names no change.
            """)

    @Argument(help: ArgumentHelp("The review folder glimpse diff wrote (or its diff.json).", valueName: "diff-out"))
    var diffOut: String

    @Option(
        name: .customLong("widget"),
        help: ArgumentHelp(
            "A changed widget's key (or a shared file's path, assets/…); * is any run of characters. Repeat for more.",
            valueName: "key"))
    var widgets: [String] = []

    @Flag(help: "Every change of the diff.")
    var all = false

    @Flag(name: .customLong("request-changes"), help: "Send the changes back instead of approving them.")
    var requestChanges = false

    @Flag(help: "Remove the approvals and requests that decide no change of this diff (stale ones).")
    var prune = false

    @Option(help: ArgumentHelp("Who decides (default: $USER, or the account's name).", valueName: "name"))
    var by: String?

    @Option(help: ArgumentHelp("Why: kept with the decision and shown in the review and JUnit.", valueName: "text"))
    var note: String?

    @Option(help: ArgumentHelp("The approvals file (default: ./glimpse-approvals.json).", valueName: "file"))
    var approvals: String?

    func validate() throws {
        guard all || !widgets.isEmpty || prune else {
            throw ValidationError("say which changes: --widget KEY, --all, or --prune")
        }
        if all && !widgets.isEmpty { throw ValidationError("--all and --widget: choose one") }
        if let note, note.count > Self.maximumNote {
            throw ValidationError("--note: \(note.count) characters; at most \(Self.maximumNote)")
        }
        if let by, by.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--by: empty") }
    }

    /// A note longer than this is a document, not a decision.
    static let maximumNote = Limits.reviewNote.value

    func run() throws {
        let console = Console(quiet: false)
        do {
            try record(console)
        } catch let error as ValidationError {
            throw error
        } catch {
            console.error("error: \(error)")
            throw ExitCode(2)
        }
    }

    func record(_ console: Console) throws {
        let report = try DiffReport.read(URL(fileURLWithPath: diffOut))
        guard var store = try DecisionStore.open(option: approvals, creating: true) else { return }
        let (matched, unmatched) = all ? (report.decidable, []) : report.decidable(matching: widgets)
        if !unmatched.isEmpty {
            let keys = report.decidable.map(\.key)
            console.error(
                "error: --widget \(unmatched.joined(separator: ", ")): no change of this diff has that key; "
                    + (keys.isEmpty
                        ? "the diff has no changes"
                        : "its changes: \(keys.prefix(10).joined(separator: ", "))\(keys.count > 10 ? ", …" : "")"))
            throw ExitCode(2)
        }
        let who = Review.reviewer(by)
        let when = Date().formatted(.iso8601)
        store.decide(matched, requestChanges ? .requestChanges : .approve, by: who, at: when, note: note)
        let pruned = prune ? store.prune(keeping: report.decidable) : 0
        if !matched.isEmpty || pruned > 0 { try store.save() }
        if !matched.isEmpty {
            let file = requestChanges ? store.reviewPath : store.approvalsPath
            console.info(
                (requestChanges ? "Requested changes on " : "Approved ") + "\(matched.count) change"
                    + (matched.count == 1 ? "" : "s") + " as \(who) → \(file)")
            for change in matched.prefix(20) { console.info("  \(change.key)") }
            if matched.count > 20 { console.info("  … and \(matched.count - 20) more") }
        }
        if matched.isEmpty && !prune { console.info("Nothing to decide: the diff has no changes.") }
        if prune {
            console.info("Pruned \(pruned) stale decision\(pruned == 1 ? "" : "s") → \(store.approvalsPath)")
        }
    }
}
