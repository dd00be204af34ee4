import Foundation
import GlimpseCore
import GlimpseFormat

extension DecisionStore {
    /// What `glimpse approve` and `glimpse review` record: an approval, changes requested, or
    /// neither any more.
    public enum Verdict: String, Sendable {
        case approve
        case requestChanges = "request-changes"
        case clear
    }

    /// Records `verdict` on each of `changes`, on the whole widget, or on one of its frames.
    ///
    /// A decision on a widget replaces every decision before it on the same widget from the same
    /// base (an earlier after, now superseded; its frames' decisions); a decision on a frame replaces
    /// the ones on that frame. An approval replaces a request on the same change, and the other way
    /// round; `clear` only removes.
    public mutating func decide(
        _ changes: [DiffReport.Decidable], _ verdict: Verdict, by: String, at: String, note: String?,
        frame: String? = nil, scheme: String? = nil
    ) {
        for change in changes {
            let decision = Decision(
                key: change.key, variant: change.variant, before: change.before, after: change.after,
                pixels: change.pixels, frame: frame, scheme: frame == nil ? nil : scheme, by: by, at: at, note: note)
            let replaced = { (other: Decision) in
                other.key == change.key && other.before == change.before && (frame == nil || other.frame == frame)
            }
            approvals.approvals.removeAll(where: replaced)
            notes.requests.removeAll(where: replaced)
            switch verdict {
            case .approve: approvals.approvals.append(decision)
            case .requestChanges: notes.requests.append(decision)
            case .clear: break
            }
        }
        approvals.approvals.sort()
        notes.requests.sort()
    }

    /// Adds a comment on `change`, pinned to a frame and a scheme when they are given.
    public mutating func comment(
        _ change: DiffReport.Decidable, frame: String?, scheme: String?, by: String, at: String, text: String
    ) {
        let comment = ReviewComment(
            key: change.key, variant: change.variant, before: change.before, after: change.after, frame: frame,
            scheme: scheme, by: by, at: at, text: text)
        notes.comments = ((notes.comments ?? []) + [comment]).sorted()
    }

    /// The changes decided twice over, one way and the other (an approval and a request that two
    /// branches left in version 1's two files): the request holds until a decision replaces both.
    public var decidedTwice: [String] {
        let all = approvals.approvals.map { ($0, "approved") } + notes.requests.map { ($0, "changes requested") }
        let groups = Dictionary(grouping: all) { Self.identity(of: $0.0) }
        return groups.values.filter { Set($0.map(\.1)).count > 1 }.map { group in
            let change = group[0].0
            let said = group.map { "\($0.1) by \($0.0.by)" }.joined(separator: ", ")
            return "\(change.key)\(change.frame.map { " (frame \($0))" } ?? ""): \(said)"
        }.sorted()
    }

    /// Removes the approvals, requests and comments that are on none of `changes`; returns how many.
    public mutating func prune(keeping changes: [DiffReport.Decidable]) -> Int {
        let live = { (decision: Decision) in
            changes.contains { decision.decides(key: $0.key, before: $0.before, after: $0.after) }
        }
        let comments = notes.comments ?? []
        let before = approvals.approvals.count + notes.requests.count + comments.count
        approvals.approvals.removeAll { !live($0) }
        notes.requests.removeAll { !live($0) }
        let kept = comments.filter { comment in
            changes.contains { comment.isOn(key: $0.key, before: $0.before, after: $0.after) }
        }
        notes.comments = kept.isEmpty ? nil : kept
        return before - approvals.approvals.count - notes.requests.count - kept.count
    }
}

extension DiffReport {
    /// The largest `diff.json` read: a full-axis diff is well under it.
    public static let maximumBytes = Limits.diffReport.value

    /// The report of a review folder (`glimpse diff --out`), or of a `diff.json` given itself.
    ///
    /// - Throws: `DiffError` naming the file when it is not there, too large, not a report, or of
    ///   another version.
    public static func read(_ url: URL) throws(DiffError) -> DiffReport {
        let file = url.pathExtension == "json" ? url : url.appendingPathComponent("diff.json")
        if (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            try Gallery.checkBounds(file)
        }
        let data: Data
        do {
            data = try RegularFile.read(file, limit: maximumBytes)
        } catch {
            throw .unreadable(file.path, "\(error.localizedDescription); expected the output of glimpse diff")
        }
        guard let header = try? JSONDecoder().decode(FormatHeader.self, from: data) else {
            throw .unreadable(file.path, "not a diff.json (no schemaVersion)")
        }
        guard header.schemaVersion == currentSchemaVersion else {
            throw .unreadable(
                file.path,
                "diff.json of schemaVersion \(header.schemaVersion); this glimpse decides on \(currentSchemaVersion): "
                    + "run glimpse diff again")
        }
        do {
            return try JSONDecoder().decode(DiffReport.self, from: data)
        } catch {
            throw .unreadable(file.path, "not a valid diff.json: \(error)")
        }
    }

    /// The changes whose key one of `patterns` matches (`*` is any run of characters), and the
    /// patterns that match none.
    public func decidable(matching patterns: [String]) -> (matched: [Decidable], unmatched: [String]) {
        let matches = { (pattern: String, key: String) in
            AcceptedFindings.Acceptance.matches(pattern: Array(pattern), key: Array(key))
        }
        let all = decidable
        return (
            all.filter { change in patterns.contains { matches($0, change.key) } },
            patterns.filter { pattern in !all.contains { matches(pattern, $0.key) } }
        )
    }
}
