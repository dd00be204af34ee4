import Foundation
import GlimpseCore

/// The approvals file and the review file as they are read and written: bounded, their version
/// checked before the rest, and written sorted, pretty-printed and ending in a newline, so that the
/// same decisions are the same bytes.
package enum DecisionFiles {
    /// The approvals in `data`, read from `file`.
    ///
    /// - Throws: `DecisionFileError` naming the file and what is wrong.
    package static func approvals(_ data: Data, file: String) throws(DecisionFileError) -> Approvals {
        var approvals = try decode(Approvals.self, data, file: file, version: Approvals.currentSchemaVersion)
        approvals.approvals.sort()
        return approvals
    }

    /// The review notes in `data`, read from `file`.
    ///
    /// - Throws: `DecisionFileError` naming the file and what is wrong.
    package static func notes(_ data: Data, file: String) throws(DecisionFileError) -> ReviewNotes {
        var notes = try decode(ReviewNotes.self, data, file: file, version: ReviewNotes.currentSchemaVersion)
        notes.requests.sort()
        notes.comments = notes.comments.flatMap { $0.isEmpty ? nil : $0.sorted() }
        return notes
    }

    /// The bytes a decisions file is written with.
    ///
    /// - Throws: `EncodingError`, which these types do not raise.
    package static func encoded(_ value: some Encodable) throws -> Data {
        try FormatJSON.encoder().encode(value) + Data("\n".utf8)
    }

    static func decode<T: Decodable>(
        _ type: T.Type, _ data: Data, file: String, version: Int
    ) throws(DecisionFileError) -> T {
        guard data.count <= Approvals.maximumBytes else {
            throw DecisionFileError(file: file, message: "larger than \(Approvals.maximumBytes >> 20) MB; not read")
        }
        if let excess = JSONBounds.readerExcess(data) { throw DecisionFileError(file: file, message: excess) }
        let header: FormatHeader
        do {
            header = try JSONDecoder().decode(FormatHeader.self, from: data)
        } catch DecodingError.dataCorrupted {
            throw DecisionFileError(file: file, message: "not valid JSON")
        } catch {
            throw DecisionFileError(file: file, message: "no schemaVersion; not a glimpse decisions file")
        }
        guard header.schemaVersion == version else {
            throw DecisionFileError(
                file: file, message: "schemaVersion \(header.schemaVersion); this glimpse reads \(version)")
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            throw DecisionFileError(
                file: file, message: AcceptedFindingsV2.explained(error, file: file, data: data).message)
        } catch {
            throw DecisionFileError(file: file, message: "\(error)")
        }
    }
}

/// A decisions file that cannot be read: its name and what is wrong.
package struct DecisionFileError: Error, CustomStringConvertible, Equatable {
    package var file: String
    package var message: String

    package init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    package var description: String { "\(file): \(message)" }
}
