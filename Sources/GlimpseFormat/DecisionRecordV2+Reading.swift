import Foundation
import GlimpseCore

extension DecisionRecordV2 {
    /// The decision in `data`, read from `file`: bounded, its version checked before the rest.
    ///
    /// - Throws: `DecisionFileError` naming the file and what is wrong; a merge conflict left in
    ///   it is named as one.
    package static func read(_ data: Data, file: String) throws(DecisionFileError) -> DecisionRecordV2 {
        guard data.count <= maximumBytes else {
            throw DecisionFileError(file: file, message: "larger than \(maximumBytes >> 10) KiB; not read")
        }
        if hasConflictMarkers(data) {
            throw DecisionFileError(
                file: file,
                message: "an unresolved merge conflict: two branches decided this change differently; "
                    + "keep one side's lines, remove the <<<<<<<, ======= and >>>>>>> lines, and commit")
        }
        let record = try DecisionFiles.decode(DecisionRecordV2.self, data, file: file, version: currentSchemaVersion)
        for (field, value) in [("key", record.key), ("by", record.by), ("at", record.at)] where value.isEmpty {
            throw DecisionFileError(file: file, message: "\(field): empty")
        }
        if record.kind == .comment && (record.note ?? "").isEmpty {
            throw DecisionFileError(file: file, message: "note: a comment needs its text")
        }
        return record
    }

    /// Whether a line of `data` starts as git's conflict markers do.
    static func hasConflictMarkers(_ data: Data) -> Bool {
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n").contains { $0.hasPrefix("<<<<<<< ") || $0.hasPrefix(">>>>>>> ") }
    }

    /// The file's bytes: one field a line, in the order a reviewer reads them (what, who, when,
    /// why, then the digests), ending in a newline, so that a decision reads as one small hunk in
    /// a pull request, and two different decisions on one change conflict line by line.
    package func encoded() -> Data {
        var fields: [(String, String)] = [("schemaVersion", "\(schemaVersion)"), ("key", Self.quoted(key))]
        let optional: [(String, String?)] = [
            ("variant", variant), ("kind", kind.rawValue), ("frame", frame), ("scheme", scheme), ("by", by),
            ("at", at), ("note", note),
        ]
        fields += optional.compactMap { name, value in value.map { (name, Self.quoted($0)) } }
        if let pixels { fields.append(("pixels", "\(pixels)")) }
        fields += [("before", before), ("after", after)].compactMap { name, value in
            value.map { (name, Self.quoted($0)) }
        }
        let lines = fields.map { "  \(Self.quoted($0.0)): \($0.1)" }
        return Data(("{\n" + lines.joined(separator: ",\n") + "\n}\n").utf8)
    }

    /// `text` as a JSON string, escaped as `JSONEncoder` escapes it, slashes left as they are.
    static func quoted(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
}
