import Foundation
import GlimpseCore

extension AcceptedFindingsV2 {
    /// An accept file's bytes, read as this version, each entry whole: a rule of `CheckRule`, a widget
    /// pattern, the text, and a reason that says something.
    ///
    /// - Parameter file: the file's name as the user gave it, for the error.
    /// - Throws: `AcceptFileError`, naming the file and, where it can be told, the line.
    package static func decode(_ data: Data, file: String) throws(AcceptFileError) -> AcceptedFindingsV2 {
        guard data.count <= maximumBytes else {
            throw AcceptFileError(file: file, line: nil, message: "larger than \(maximumBytes >> 20) MB; not read")
        }
        if let excess = JSONBounds.readerExcess(data) {
            throw AcceptFileError(file: file, line: nil, message: excess)
        }
        do {
            _ = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw AcceptFileError(file: file, line: syntaxErrorLine(error, in: data), message: "not valid JSON")
        }
        do {
            let header = try JSONDecoder().decode(FormatHeader.self, from: data)
            guard readableSchemaVersions.contains(header.schemaVersion) else {
                throw AcceptFileError(
                    file: file, line: nil,
                    message:
                        "schemaVersion \(header.schemaVersion); this glimpse reads "
                        + readableSchemaVersions.map(String.init).joined(separator: " and "))
            }
            let accepted = try JSONDecoder().decode(AcceptedFindingsV2.self, from: data)
            if let blank = accepted.accepted.firstIndex(where: {
                $0.reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            }) {
                throw AcceptFileError(
                    file: file, line: entryLine(blank, in: data),
                    message: "accepted[\(blank)].reason: empty; say why the finding is accepted")
            }
            try validateElements(accepted, version: header.schemaVersion, data: data, file: file)
            return accepted
        } catch let error as AcceptFileError {
            throw error
        } catch let error as DecodingError {
            throw Self.explained(error, file: file, data: data)
        } catch {
            throw AcceptFileError(file: file, line: nil, message: "\(error)")
        }
    }

    /// Each entry names its element by its text or by its source, one of them; a file of version 1
    /// by its text.
    static func validateElements(
        _ accepted: AcceptedFindingsV2, version: Int, data: Data, file: String
    ) throws(AcceptFileError) {
        if let index = accepted.accepted.firstIndex(where: { ($0.text == nil) == ($0.source == nil) }) {
            let entry = accepted.accepted[index]
            throw AcceptFileError(
                file: file, line: entryLine(index, in: data),
                message: entry.text == nil
                    ? "accepted[\(index)]: name the element by its text or by its source"
                    : "accepted[\(index)]: both text and source; name the element by one of them")
        }
        if version == 1, let index = accepted.accepted.firstIndex(where: { $0.source != nil }) {
            throw AcceptFileError(
                file: file, line: entryLine(index, in: data),
                message: "accepted[\(index)].source: schema version 2 reads sources; set schemaVersion to 2")
        }
    }

    /// A `DecodingError` as the user would fix it: which entry, which field, on which line.
    static func explained(_ error: DecodingError, file: String, data: Data) -> AcceptFileError {
        let (context, what): (DecodingError.Context, String) =
            switch error {
            case .keyNotFound(_, let context): (context, "missing")
            case .typeMismatch(_, let context), .valueNotFound(_, let context): (context, "not the right type")
            case .dataCorrupted(let context): (context, rulesMessage(context))
            @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), "\(error)")
            }
        let path = context.codingPath
        let index = path.count >= 2 && path[0].stringValue == "accepted" ? path[1].intValue : nil
        let place = String(
            path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingPrefix("."))
        let key = error.missingKey.map { place.isEmpty ? $0 : "\(place).\($0)" } ?? place
        return AcceptFileError(
            file: file, line: index.flatMap { entryLine($0, in: data) },
            message: key.isEmpty ? what : "\(key): \(what)")
    }

    /// A value that is not one of the cases of an enum: for `rule`, the rules there are.
    static func rulesMessage(_ context: DecodingError.Context) -> String {
        guard context.codingPath.last?.stringValue == "rule" else { return context.debugDescription }
        return "not a rule; the rules are \(CheckRule.allCases.map(\.rawValue).joined(separator: ", "))"
    }

    /// The line of the character JSONSerialization's error names ("around character 36").
    static func syntaxErrorLine(_ error: Error, in data: Data) -> Int? {
        let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
        // A file that ends before its JSON does is wrong at its last line.
        if text.localizedCaseInsensitiveContains("end of file") || text.localizedCaseInsensitiveContains("end of data")
        {
            let trimmed = data.reversed().drop { [0x0A, 0x0D, 0x20, 0x09].contains($0) }.count
            return line(at: max(0, trimmed - 1), in: data)
        }
        guard let range = text.range(of: #"character (\d+)"#, options: .regularExpression),
            let offset = Int(text[range].dropFirst("character ".count))
        else { return nil }
        return line(at: min(offset, data.count), in: data)
    }

    /// The line on which the `index`th object of the top-level array (`accepted`) opens.
    static func entryLine(_ index: Int, in data: Data) -> Int? {
        var (depth, seen, inString, escaped) = (0, -1, false, false)
        for (offset, byte) in data.enumerated() {
            if inString {
                (escaped, inString) = (byte == UInt8(ascii: "\\") && !escaped, escaped || byte != UInt8(ascii: "\""))
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if byte == UInt8(ascii: "{"), depth == 3 {
                    seen += 1
                    if seen == index { return line(at: offset, in: data) }
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        return nil
    }

    /// The 1-based line of a byte offset.
    static func line(at offset: Int, in data: Data) -> Int {
        data.prefix(offset).reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }
}

extension DecodingError {
    /// The key that was not there, for `keyNotFound`.
    fileprivate var missingKey: String? {
        if case .keyNotFound(let key, _) = self { return key.stringValue }
        return nil
    }
}

/// An accept file that cannot be used: `glimpse-accepted.json:7: accepted[2]: no "reason"`.
package struct AcceptFileError: Error, CustomStringConvertible, Equatable {
    package var file: String
    /// 1-based, where it can be told.
    package var line: Int?
    package var message: String

    package init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    package var description: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): \(message)"
    }
}
