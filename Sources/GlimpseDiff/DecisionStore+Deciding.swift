import Foundation
import GlimpseCore
import GlimpseFormat

extension DecisionStore {
    /// What `glimpse approve` records: an approval, or changes requested.
    public enum Verdict: Sendable {
        case approve
        case requestChanges
    }

    /// Records `verdict` on each of `changes`. A decision replaces the one before it on the same
    /// widget from the same base (an earlier after, now superseded), and an approval replaces a
    /// request on the same change, and the other way round.
    public mutating func decide(
        _ changes: [DiffReport.Decidable], _ verdict: Verdict, by: String, at: String, note: String?
    ) {
        for change in changes {
            let decision = Decision(
                key: change.key, variant: change.variant, before: change.before, after: change.after,
                pixels: change.pixels, by: by, at: at, note: note)
            let sameBase = { (other: Decision) in other.key == change.key && other.before == change.before }
            approvals.approvals.removeAll(where: sameBase)
            notes.requests.removeAll(where: sameBase)
            switch verdict {
            case .approve: approvals.approvals.append(decision)
            case .requestChanges: notes.requests.append(decision)
            }
        }
        approvals.approvals.sort()
        notes.requests.sort()
    }

    /// Removes the approvals and requests that decide none of `changes`; returns how many.
    public mutating func prune(keeping changes: [DiffReport.Decidable]) -> Int {
        let live = { (decision: Decision) in
            changes.contains { decision.decides(key: $0.key, before: $0.before, after: $0.after) }
        }
        let before = approvals.approvals.count + notes.requests.count
        approvals.approvals.removeAll { !live($0) }
        notes.requests.removeAll { !live($0) }
        return before - approvals.approvals.count - notes.requests.count
    }
}

extension DiffReport {
    /// The largest `diff.json` read: a full-axis diff is well under it.
    public static let maximumBytes = 1 << 30

    /// The report of a review folder (`glimpse diff --out`), or of a `diff.json` given itself.
    ///
    /// - Throws: `DiffError` naming the file when it is not there, too large, not a report, or of
    ///   another version.
    public static func read(_ url: URL) throws(DiffError) -> DiffReport {
        let file = url.pathExtension == "json" ? url : url.appendingPathComponent("diff.json")
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
