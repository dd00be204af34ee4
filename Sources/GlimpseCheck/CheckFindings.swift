import Foundation
import GlimpseCore
import GlimpseFormat

/// A run's findings made into `findings.json`: sorted, each marked accepted by the accept file's
/// entry that matches it, and, with a baseline, new or persisting, with the baseline's findings that
/// are gone listed as resolved. An accepted finding stays in the list, marked; it is never dropped.
package enum CheckFindings {
    package static func assemble(
        _ found: [Findings.Finding], gallery: Findings.Gallery, rules: [CheckRule], accepted: AcceptedFindings?,
        baseline: [Findings.Finding]?
    ) -> Findings {
        var marking = Marking(accepted: accepted, baseline: baseline)
        var findings = found.sorted(by: order)
        for index in findings.indices { marking.mark(&findings[index]) }
        return Findings(gallery: gallery, rules: rules, findings: findings, resolved: marking.resolved)
    }

    /// What the accept file and the baseline say of each finding, given one at a time, and the
    /// baseline's findings that none matched (`resolved`), without a set of every finding.
    package struct Marking: Sendable {
        let accepted: AcceptedFindings?
        let baseline: [Findings.Finding]?
        /// Each identity of the baseline → its findings' indices.
        let before: [String: [Int]]
        var matched: [Bool]
        /// Whether each entry of the accept file accepted a finding so far.
        var used: [Bool]

        package init(accepted: AcceptedFindings?, baseline: [Findings.Finding]?) {
            self.accepted = accepted
            self.baseline = baseline
            before = Dictionary(grouping: (baseline ?? []).indices, by: { baseline![$0].identity })
            matched = Array(repeating: false, count: baseline?.count ?? 0)
            used = Array(repeating: false, count: accepted?.accepted.count ?? 0)
        }

        /// Marks `finding` with its problem, accepted by the first entry of the accept file that
        /// accepts it, and, with a baseline, new or persisting.
        package mutating func mark(_ finding: inout Findings.Finding) {
            finding.problem = finding.problemID
            let entry = accepted?.accepted.firstIndex { $0.accepts(finding) }
            finding.accepted = entry.map { accepted!.accepted[$0].reason }
            if let entry { used[entry] = true }
            guard baseline != nil else { return }
            if let indices = before[finding.identity] {
                finding.baseline = .persisting
                for index in indices { matched[index] = true }
            } else {
                finding.baseline = .new
            }
        }

        /// The accept file's entries for `rules` that no finding marked so far matched: stale, as an
        /// approval of a change no longer there is. An entry of a rule that did not run is not.
        package func staleAccepted(rules: [CheckRule]) -> [AcceptedFindings.Acceptance] {
            guard let accepted else { return [] }
            return accepted.accepted.indices.filter { !used[$0] && rules.contains(accepted.accepted[$0].rule) }
                .map { accepted.accepted[$0] }
        }

        /// With a baseline: its findings that no finding marked so far matched, in order.
        package var resolved: [Findings.Finding]? {
            baseline.map { baseline in
                baseline.indices.filter { !matched[$0] }.map { index in
                    var finding = baseline[index]
                    finding.baseline = nil
                    return finding
                }.sorted(by: order)
            }
        }
    }

    /// By widget key, frame, scheme, rule, then the element.
    package static func order(_ one: Findings.Finding, _ two: Findings.Finding) -> Bool {
        let left = [one.widget.key, one.frame, one.scheme]
        let right = [two.widget.key, two.frame, two.scheme]
        if left != right { return left.lexicographicallyPrecedes(right) }
        if one.rule != two.rule { return one.rule < two.rule }
        let (a, b) = (one.element.text ?? one.element.role ?? "", two.element.text ?? two.element.role ?? "")
        if a != b { return a < b }
        return (one.element.box.y, one.element.box.x) < (two.element.box.y, two.element.box.x)
    }

    /// The findings of a baseline: a `findings.json`, or a folder that has one (a check's output, or a
    /// gallery built with `--check`).
    ///
    /// - Throws: `CheckError.usage` naming the file when it is missing, too large or not findings.
    package static func baseline(at url: URL) throws(CheckError) -> [Findings.Finding] {
        var isFolder: ObjCBool = false
        var file = url
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            file = url.appendingPathComponent("findings.json")
        }
        let data: Data
        do {
            data = try RegularFile.read(file, limit: maximumBytes)
        } catch {
            throw .usage("--baseline \(file.path): \(error.localizedDescription)")
        }
        guard data.count <= maximumBytes else {
            throw .usage("--baseline \(file.path): larger than \(maximumBytes >> 20) MB; not read")
        }
        if let excess = JSONBounds.readerExcess(data) { throw .usage("--baseline \(file.path): \(excess)") }
        do {
            return try Findings.read(data).findings
        } catch let error as Findings.UnreadableVersion {
            throw .usage("--baseline \(file.path): \(error)")
        } catch {
            throw .usage("--baseline \(file.path): not a findings.json of glimpse check (\(error))")
        }
    }

    /// An accept file, read as a regular file and decoded, its mistakes named with their line.
    ///
    /// - Throws: `CheckError.usage` when it cannot be read; `AcceptFileError` when it is malformed.
    package static func accepted(at url: URL, named name: String) throws -> AcceptedFindings {
        let data: Data
        do {
            data = try RegularFile.read(url, limit: AcceptedFindings.maximumBytes)
        } catch {
            throw CheckError.usage("--accept \(name): \(error.localizedDescription)")
        }
        return try AcceptedFindings.decode(data, file: name)
    }

    /// `--accept FILE` when given, or else `glimpse-accepted.json` in the working folder when it is
    /// there; nil when neither.
    package static func accepted(option: String?) throws -> AcceptedFindings? {
        let path = option ?? AcceptedFindings.defaultFileName
        guard option != nil || FileManager.default.fileExists(atPath: path) else { return nil }
        return try accepted(at: URL(fileURLWithPath: path), named: path)
    }

    /// A findings.json larger than this is refused: about a million findings.
    package static let maximumBytes = Limits.findingsFile.value
}
