import Foundation
import GlimpseCore
import GlimpseFormat
import GlimpseReports

/// `glimpse diff --summary FILE`: the review for a pull request in GitHub-flavoured Markdown, small
/// enough for one comment or `$GITHUB_STEP_SUMMARY` (65,536 characters; counted here in UTF-8 bytes,
/// which are never fewer). The counts, the changes that need a decision (largest first, each linked
/// to its review page, with its frame before and after when pixels were drawn), the changes sent
/// back, the new findings, and the `glimpse approve` command. Past its room, a list says how many
/// more the review has.
package enum PullRequestSummary {
    /// GitHub's limit for a comment's body.
    package static let maximumBytes = Limits.pullRequestSummary.value
    /// Room kept for the sections after the list of changes.
    static let reserved = 12_000

    /// - Parameters:
    ///   - baseURL: where the review folder is published; links and images are made from it. Without
    ///     it, links are relative to `review` (the folder as `--out` named it), and no image is shown.
    package static func markdown(_ report: DiffReport, failOn: DiffFailOn, review: String, baseURL: String?) -> String {
        let root =
            baseURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? url(review.hasSuffix("/") ? review : review + "/")
        let changed = ReviewSite.changed(report)
        let undecided = changed.filter { $0.decision == nil }
        let requested = changed.filter { $0.decision?.isApproved == false }
        let failing = report.widgets.filter(failOn.fails).count + report.assets.filter(failOn.fails).count
        var text = head(report, changed: changed.count, undecided: undecided.count, failing: failing, failOn: failOn)
        text += causes(report, review: review)
        let columns =
            baseURL == nil
            ? "| Widget | Change |\n| --- | --- |\n"
            : "| Widget | Change | Before | After |\n| --- | --- | --- | --- |\n"
        var list = Section(
            "\n### Needs a decision, largest change first\n\n" + columns,
            budget: maximumBytes - reserved - text.utf8.count)
        for widget in undecided where !list.add(row(widget, root: root, images: baseURL != nil)) { break }
        if !undecided.isEmpty { text += list.closed(total: undecided.count, noun: "change") }
        if !requested.isEmpty {
            var sent = Section("\n### Changes requested\n\n", budget: 4_000)
            for widget in requested {
                let line =
                    "- [\(escape(widget.key))](\(root + url(WidgetReviewPage.path(of: widget)))): "
                    + escape(widget.decision!.said) + "\n"
                if !sent.add(line) { break }
            }
            text += sent.closed(total: requested.count, noun: "change")
        }
        text += findings(report)
        text += approveCommand(
            undecided.map(\.key) + report.assets.filter { $0.decision == nil }.map(\.path), review: review,
            decisions: report.approvals?.file)
        return text
    }

    /// The causes first: what made the changes, each with the words before and after and how
    /// many widgets it changed, and the one command that decides it. At most 20 listed.
    static func causes(_ report: DiffReport, review: String) -> String {
        guard !report.causes.isEmpty else { return "" }
        var section = Section(
            "\n### Causes, most widgets first\n\n| Cause | Before → after | Widgets |\n| --- | --- | --- |\n",
            budget: 6_000)
        for cause in report.causes.prefix(20) {
            let words = cause.words.map(escape) ?? "—"
            // A code span shows a backslash as it is: the id goes in as it is, a backtick made a quote.
            let id = cause.id.replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "|", with: "\\|")
            if !section.add("| `\(id)` | \(words) | \(cause.widgets.count) |\n") { break }
        }
        return section.closed(total: report.causes.count, noun: "cause")
            + "\nOne decision a cause: `glimpse approve \(review.replacingOccurrences(of: "`", with: "'")) --cause ID` "
            + "decides each change it alone made.\n"
    }

    static func head(
        _ report: DiffReport, changed: Int, undecided: Int, failing: Int, failOn: DiffFailOn
    ) -> String {
        let summary = report.summary
        var text =
            "## Glimpse: \(changed) widget\(changed == 1 ? "" : "s") changed, \(undecided) without a decision\n\n"
        text +=
            failing == 0
            ? "**Passes** (`--fail-on \(failOn.rawValue)`): nothing left to decide.\n\n"
            : "**Fails** (`--fail-on \(failOn.rawValue)`): \(failing) change\(failing == 1 ? "" : "s") to review.\n\n"
        text += "| Widgets | Changed | Added | Removed | Unchanged | Looks different | Approved | Changes requested |\n"
        text += "| --- | --- | --- | --- | --- | --- | --- | --- |\n"
        let looks = summary.visual.map(String.init) ?? "not drawn"
        text +=
            "| \(summary.widgets) | \(summary.changed) | \(summary.added) | \(summary.removed) | \(summary.unchanged) "
            + "| \(looks) | \(report.approvals?.approved ?? 0) | \(report.approvals?.requested ?? 0) |\n"
        if !report.assets.isEmpty {
            text +=
                "\nShared files changed: " + report.assets.map { "`\($0.path)` (\($0.change))" }.joined(separator: ", ")
                + ".\n"
        }
        return text
    }

    static func row(_ widget: DiffReport.WidgetChange, root: String, images: Bool) -> String {
        let link = "[\(escape(widget.key))](\(root + url(WidgetReviewPage.path(of: widget))))"
        var cells = [link, escape(widget.headline)]
        if images {
            let shot = (widget.frames + widget.storyboard + [widget.placeholder].compactMap { $0 }).lazy
                .compactMap(\.pixels).compactMap { $0.first { $0.base != nil || $0.new != nil } }.first
            cells.append(
                shot.flatMap { shot in shot.base.map { "![before, \(shot.scheme)](\(root + url($0)))" } } ?? "")
            cells.append(shot.flatMap { shot in shot.new.map { "![after, \(shot.scheme)](\(root + url($0)))" } } ?? "")
        }
        return "| " + cells.joined(separator: " | ") + " |\n"
    }

    /// The new problems of `glimpse check` no entry accepts whole, errors first: one line per cause,
    /// however many frames it is seen in.
    static func findings(_ report: DiffReport) -> String {
        guard let findings = report.findings else { return "" }
        let problems = (findings.problems?.new ?? []).filter { $0.accepted < $0.findings }
            .sorted { ($0.severity == .error ? 0 : 1, -$0.findings) < ($1.severity == .error ? 0 : 1, -$1.findings) }
        guard !problems.isEmpty else { return "" }
        let count = findings.new.filter { $0.accepted == nil }.count
        var section = Section(
            "\n### New problems of `glimpse check`\n\n\(problems.count) new (\(count) new findings):\n\n", budget: 4_000
        )
        for problem in problems {
            let element = problem.source.map { "`\($0)`" } ?? "“\(escape(problem.element))”"
            let line =
                "- `\(problem.rule.rawValue)` (\(problem.severity.rawValue)) \(escape(problem.app)) "
                + "\(escape(problem.family)) \(element): \(escape(problem.message)) "
                + "(\(problem.findings) finding\(problem.findings == 1 ? "" : "s"))\n"
            if !section.add(line) { break }
        }
        return section.closed(total: problems.count, noun: "problem")
    }

    /// The command that approves what is left, naming each change while there are few, and the
    /// decisions folder to commit (`decisions`, the one the diff read, or the default).
    static func approveCommand(_ keys: [String], review: String, decisions: String? = nil) -> String {
        guard !keys.isEmpty else { return "" }
        let folder = shellQuoted(review)
        let decisions = decisions ?? DecisionRecord.defaultFolderName
        let option = decisions == DecisionRecord.defaultFolderName ? "" : " --decisions \(shellQuoted(decisions))"
        let named =
            keys.count <= 10
            ? "glimpse approve \(folder) " + keys.map { "--widget \(shellQuoted($0))" }.joined(separator: " ")
            : "glimpse approve \(folder) --all"
        return "\n### Approve\n\nAfter reviewing, approve and commit the decisions:\n\n```sh\n"
            + "\(named)\(option) --note \"…\"\n"
            + "git add \(shellQuoted(decisions)) && git commit -m \"Approve widget changes\"\n```\n"
            + "\nSend one back with `glimpse approve \(folder)\(option) --widget KEY --request-changes --note \"…\"`.\n"
    }

    /// What Markdown would read as markup in a key or a message escaped (emphasis, code, links, HTML,
    /// table cells, entities), so that it is read as text; a newline is a space.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character.isNewline {
                escaped += " "
            } else if "\\`*_[]<>|~&!".contains(character) {
                escaped += "\\\(character)"
            } else {
                escaped.append(character)
            }
        }
        return escaped
    }

    /// A path of the review as a URL's path: every character but letters, digits and `/-._~@`
    /// percent-encoded, so that no space or parenthesis ends a Markdown link.
    static func url(_ path: String) -> String {
        var allowed = CharacterSet(charactersIn: "/-._~@")
        allowed.formUnion(CharacterSet(charactersIn: "a"..."z"))
        allowed.formUnion(CharacterSet(charactersIn: "A"..."Z"))
        allowed.formUnion(CharacterSet(charactersIn: "0"..."9"))
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    static func shellQuoted(_ text: String) -> String {
        text.allSatisfy { $0.isLetter || $0.isNumber || "/._-@".contains($0) }
            ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A heading and rows, which stop at a budget of bytes.
    struct Section {
        var text: String
        var budget: Int
        var rows = 0

        init(_ heading: String, budget: Int) {
            text = heading
            self.budget = budget
        }

        /// Adds `row` when it fits; false when it does not.
        mutating func add(_ row: String) -> Bool {
            guard text.utf8.count + row.utf8.count <= budget else { return false }
            text += row
            rows += 1
            return true
        }

        /// The section, saying how many of `total` rows it left out.
        func closed(total: Int, noun: String) -> String {
            let more = total - rows
            return text + (more > 0 ? "\n… and \(more) more \(noun)\(more == 1 ? "" : "s") in the review.\n" : "")
        }
    }
}
