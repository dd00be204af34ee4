import Foundation
import GlimpseCore
import GlimpseFormat

/// A run's findings made into `findings.json`: sorted, each marked accepted by the accept file's
/// entry that matches it, and, with a baseline, new or persisting, with the baseline's findings that
/// are gone listed as resolved. An accepted finding stays in the list, marked; it is never dropped.
public enum CheckFindings {
    public static func assemble(
        _ found: [Findings.Finding], gallery: Findings.Gallery, rules: [CheckRule], accepted: AcceptedFindings?,
        baseline: [Findings.Finding]?
    ) -> Findings {
        var findings = found.sorted(by: order)
        if let accepted {
            for index in findings.indices {
                findings[index].accepted = accepted.accepted.first { $0.accepts(findings[index]) }?.reason
            }
        }
        var resolved: [Findings.Finding]?
        if let baseline {
            let before = Set(baseline.map(\.identity))
            for index in findings.indices {
                findings[index].baseline = before.contains(findings[index].identity) ? .persisting : .new
            }
            let now = Set(findings.map(\.identity))
            resolved = baseline.filter { !now.contains($0.identity) }.map { finding in
                var finding = finding
                finding.baseline = nil
                return finding
            }.sorted(by: order)
        }
        return Findings(gallery: gallery, rules: rules, findings: findings, resolved: resolved)
    }

    /// By widget key, frame, scheme, rule, then the element.
    static func order(_ one: Findings.Finding, _ two: Findings.Finding) -> Bool {
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
    public static func baseline(at url: URL) throws(CheckError) -> [Findings.Finding] {
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
        do {
            return try JSONDecoder().decode(Findings.self, from: data).findings
        } catch {
            throw .usage("--baseline \(file.path): not a findings.json of schema version 1 (\(error))")
        }
    }

    /// An accept file, read as a regular file and decoded, its mistakes named with their line.
    ///
    /// - Throws: `CheckError.usage` when it cannot be read; `AcceptFileError` when it is malformed.
    public static func accepted(at url: URL, named name: String) throws -> AcceptedFindings {
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
    public static func accepted(option: String?) throws -> AcceptedFindings? {
        let path = option ?? AcceptedFindings.defaultFileName
        guard option != nil || FileManager.default.fileExists(atPath: path) else { return nil }
        return try accepted(at: URL(fileURLWithPath: path), named: path)
    }

    /// A findings.json larger than this is refused: about a million findings.
    public static let maximumBytes = 1 << 30
}
