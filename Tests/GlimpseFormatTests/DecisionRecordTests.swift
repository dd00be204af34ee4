import Foundation
import GlimpseFormat
import Testing

/// A decision's file reads as one small hunk: what, who, when and why first, a field a line, so
/// that two verdicts on one change conflict on the lines that differ.
struct DecisionRecordTests {
    static let record = DecisionRecord(
        key: "app/in-progress/systemSmall", variant: "", kind: .approved, frame: nil, scheme: nil, by: "jane",
        at: "2026-11-26T09:00:00Z", note: "25 pages, per the spec \"v2\"", pixels: 120,
        before: String(repeating: "a", count: 64), after: String(repeating: "b", count: 64))

    @Test func itIsWrittenAFieldALineInTheOrderAReviewerReadsAndReadBack() throws {
        let text = String(decoding: Self.record.encoded(), as: UTF8.self)
        #expect(
            text == """
                {
                  "schemaVersion": 2,
                  "key": "app/in-progress/systemSmall",
                  "variant": "",
                  "kind": "approved",
                  "by": "jane",
                  "at": "2026-11-26T09:00:00Z",
                  "note": "25 pages, per the spec \\"v2\\"",
                  "pixels": 120,
                  "before": "\(String(repeating: "a", count: 64))",
                  "after": "\(String(repeating: "b", count: 64))"
                }

                """)
        #expect(try DecisionRecord.read(Self.record.encoded(), file: "d.json") == Self.record)
        #expect(try JSONDecoder().decode(DecisionRecord.self, from: Self.record.encoded()) == Self.record)
    }

    @Test func aConflictLeftInTheFileIsNamedAsOne() {
        let lines = [
            "{", #"  "schemaVersion": 2,"#, "<<<<<<< HEAD", #"  "kind": "approved","#, "=======",
            #"  "kind": "comment","#, ">>>>>>> one", "}", "",
        ]
        let conflicted = Data(lines.joined(separator: "\n").utf8)
        #expect {
            try DecisionRecord.read(conflicted, file: "d.json")
        } throws: { ($0 as? DecisionFileError)?.message.hasPrefix("an unresolved merge conflict") == true }
    }

    @Test func anotherVersionOrAnEmptyCommentIsRefused() {
        #expect(throws: DecisionFileError(file: "d.json", message: "schemaVersion 1; this glimpse reads 2")) {
            try DecisionRecord.read(Data(#"{"schemaVersion": 1, "approvals": []}"#.utf8), file: "d.json")
        }
        var comment = Self.record
        (comment.kind, comment.note) = (.comment, nil)
        #expect(throws: DecisionFileError(file: "d.json", message: "note: a comment needs its text")) {
            try DecisionRecord.read(comment.encoded(), file: "d.json")
        }
    }
}
