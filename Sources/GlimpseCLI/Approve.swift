import ArgumentParser
import Foundation
import GlimpseCore
import GlimpseFormat
import GlimpseReports
import GlimpseReview

struct Approve: OutcomeCommand {
    static let configuration = CommandConfiguration(
        abstract: "Approve the changes of a diff, or request changes, in the decisions folder of the app's repository.",
        discussion: """
            Reads DIFF_OUT/diff.json (glimpse diff --out). An approval names the change exactly: the widget (or \
            shared file) and the digests of what the diff compared before and after it. glimpse diff passes that \
            change wherever it appears again, and fails any other change of the widget. A request fails the diff \
            until the widget changes again. Each decision is a file of its own in the decisions folder \
            (glimpse-decisions/), so that two pull requests that decide different changes merge, and two that \
            decide one change differently conflict. One writer at a time: under a lock beside the folder, the \
            folder is read again, decided on and swapped in whole. Exit codes: 0 recorded; 2 bad usage, an \
            unreadable diff or decision, a --widget that names no change, or another writer holding the lock \
            longer than GLIMPSE_LOCK_TIMEOUT seconds (default 30).
            """)

    @Argument(help: ArgumentHelp("The review folder glimpse diff wrote (or its diff.json).", valueName: "diff-out"))
    var diffOut: String

    @Option(
        name: .customLong("widget"),
        help: ArgumentHelp(
            "A changed widget's key (or a shared file's path, assets/...); * is any run of characters. "
                + "Repeat for more.",
            valueName: "key"))
    var widgets: [String] = []

    @Option(
        name: .customLong("cause"),
        help: ArgumentHelp(
            "A cause's id, as the review and diff.json name it (copy:goal/done-today@en_US); * is any run of "
                + "characters. Decides every change that has only this cause, or only causes decided. Repeat for more.",
            valueName: "id"))
    var causes: [String] = []

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

    @OptionGroup var decisions: DecisionsOptions

    func validate() throws {
        guard all || !widgets.isEmpty || !causes.isEmpty || prune else {
            throw ValidationError("say which changes: --widget KEY, --cause ID, --all, or --prune")
        }
        if all && !causes.isEmpty { throw ValidationError("--all and --cause: choose one") }
        if all && !widgets.isEmpty { throw ValidationError("--all and --widget: choose one") }
        if let note, note.count > Self.maximumNote {
            throw ValidationError("--note: \(note.count) characters; at most \(Self.maximumNote)")
        }
        if let by, by.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--by: empty") }
    }

    /// A note longer than this is a document, not a decision.
    static let maximumNote = Limits.reviewNote.value

    /// What was decided: the changes (the widgets' and files' first, then the causes'), by whom,
    /// into which folder; the stale decisions pruned and an older glimpse's files moved.
    struct Outcome: CommandOutcome {
        var decided: [DiffReport.Decidable]
        var requestChanges: Bool
        var by: String
        /// The decisions folder; nil when the diff had nothing to decide and nothing was written.
        var folder: String?
        var pruned: Int?
        var moved: [String]

        var exitCode: Int32 { 0 }

        var said: [Said] {
            guard let folder else { return [.note("Nothing to decide: the diff has no changes.")] }
            var lines: [Said] = []
            if !decided.isEmpty {
                let causes = decided.filter { $0.key.hasPrefix("cause:") }.count
                let changes = decided.count - causes
                let named = [
                    changes == 0 ? nil : "\(changes) change\(changes == 1 ? "" : "s")",
                    causes == 0 ? nil : "\(causes) cause\(causes == 1 ? "" : "s") (each change it alone made)",
                ].compactMap { $0 }.joined(separator: " and ")
                lines.append(
                    .note((requestChanges ? "Requested changes on " : "Approved ") + named + " as \(by) → \(folder)/"))
                lines += decided.prefix(20).map { .note("  \($0.key)") }
                if decided.count > 20 { lines.append(.note("  … and \(decided.count - 20) more")) }
            }
            if let pruned {
                lines.append(.note("Pruned \(pruned) stale decision\(pruned == 1 ? "" : "s") → \(folder)/"))
            }
            return lines + Approve.said(moved: moved, into: folder)
        }
    }

    var quiet: Bool { false }

    func outcome() async throws -> Outcome {
        try CommandFailure.exiting(2) {
            let report = try DiffReport.read(URL(fileURLWithPath: diffOut))
            let matched = try Self.matching(report, all: all, widgets: widgets, causes: causes)
            let who = Review.reviewer(by)
            guard !matched.isEmpty || prune else {
                return Outcome(decided: [], requestChanges: requestChanges, by: who, folder: nil, moved: [])
            }
            let when = Date().formatted(.iso8601)
            let (store, done) = try DecisionStore.update(decisions.location, as: try DecisionsOptions.writer()) {
                store in
                let moved = store.legacyFiles.map { store.location.display($0) }
                store.decide(matched, requestChanges ? .requestChanges : .approve, by: who, at: when, note: note)
                return (
                    moved: moved, pruned: prune ? store.prune(keeping: report.decidable + report.decidableCauses) : 0
                )
            }
            return Outcome(
                decided: matched, requestChanges: requestChanges, by: who, folder: store.path,
                pruned: prune ? done.pruned : nil, moved: done.moved)
        }
    }

    /// The changes `--all`, `--widget` and `--cause` name: the widgets' and files' first, then the
    /// causes'. A pattern that names none is an error, with what the diff has.
    static func matching(
        _ report: DiffReport, all: Bool, widgets: [String], causes: [String]
    ) throws -> [DiffReport.Decidable] {
        let (matched, unmatched) = all ? (report.decidable, []) : report.decidable(matching: widgets)
        let ids = report.causes.filter { $0.kind != "unattributed" }.map(\.id)
        let byCause = causes.map { pattern in
            (pattern, ids.filter { AcceptedFindings.Acceptance.matches(pattern: Array(pattern), key: Array($0)) })
        }
        if !unmatched.isEmpty {
            let keys = report.decidable.map(\.key)
            throw CommandFailure(
                code: 2,
                message: "--widget \(unmatched.joined(separator: ", ")): no change of this diff has that key; "
                    + (keys.isEmpty
                        ? "the diff has no changes"
                        : "its changes: \(keys.prefix(10).joined(separator: ", "))\(keys.count > 10 ? ", …" : "")"))
        }
        let missing = byCause.filter(\.1.isEmpty).map(\.0)
        if !missing.isEmpty {
            throw CommandFailure(
                code: 2,
                message: "--cause \(missing.joined(separator: ", ")): no cause of this diff has that id; "
                    + (ids.isEmpty ? "the diff has no causes" : "its causes: \(ids.prefix(10).joined(separator: ", "))")
            )
        }
        let chosen = Set(byCause.flatMap(\.1))
        return matched + report.decidableCauses.filter { chosen.contains(String($0.key.dropFirst("cause:".count))) }
    }

    /// Tells that an older glimpse's files were moved into the folder, and what to commit.
    static func said(moved files: [String], into folder: String) -> [Said] {
        guard !files.isEmpty else { return [] }
        return [
            .note(
                "Moved the decisions of \(files.joined(separator: " and ")) into \(folder)/, a file a decision, "
                    + "so that pull requests merge; commit both: git add -A \(folder) \(files.joined(separator: " "))")
        ]
    }
}
