import Foundation
import GlimpseCore
import Testing

/// `JSONBounds`: the first excess of a check, with its field; strings capped where they enter.
struct JSONBoundsTests {
    let bounds = JSONBounds(maximumDepth: 4, maximumString: 5, maximumItems: 3)

    func excess(_ json: String) -> JSONBounds.Excess? {
        do {
            try bounds.check(Data(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func withinTheLimitsNothingIsFound() {
        #expect(excess(#"{"a": [1, 2, 3], "b": {"c": "hello"}, "d": "\u00e9\n\"x"}"#) == nil)
        #expect(excess("[]") == nil && excess("{}") == nil && excess("") == nil)
    }

    @Test func eachLimitIsNamedWithItsField() {
        #expect(
            excess(#"{"w": [{"texts": ["ok", "too long"]}]}"#)
                == .init(path: "w[0].texts[1]", kind: .string, found: 6, limit: 5, atLeast: true))
        #expect(excess(#"{"a": [1, 2, 3, 4]}"#) == .init(path: "a", kind: .items, found: 4, limit: 3))
        #expect(excess("[[[[[1]]]]]") == .init(path: "[0][0][0][0][0]", kind: .depth, found: 5, limit: 4))
        #expect(excess(#"{"a": {"b": {"c": {"d": {}}}}}"#)?.path == "a.b.c.d")
        #expect(excess(#"[1, [2, 3, 4, 5]]"#)?.path == "[1]")
        #expect(excess(#""a string at the top""#)?.path == "(top)")
        // A key that is too long is named as the key of its object.
        #expect(excess(#"{"ok": 1, "much too long": 2}"#)?.kind == .string)
    }

    /// An object's members, for a store kept as objects of rows by id (TinyBase's): counted by their
    /// commas, with the object's field; a comma in a string or a nested object does not count.
    @Test func anObjectsMembersAreCountedWhenAsked() throws {
        let rows = JSONBounds(maximumDepth: 8, maximumString: 50, maximumMembers: 3)
        let three = #"[{"habits": {"a": {"t": "x, y"}, "b": {"t": 1, "u": 2, "v": 3}, "c": {}}}, {}]"#
        try rows.check(Data(three.utf8))
        let four = #"[{"habits": {"a": {}, "b": {}, "c": {}, "d": {}}}, {}]"#
        #expect(throws: JSONBounds.Excess(path: "[0].habits", kind: .members, found: 4, limit: 3)) {
            try rows.check(Data(four.utf8))
        }
        // Without the limit, any number of members.
        try bounds.check(Data(#"{"a": 1, "b": 2, "c": 3, "d": 4}"#.utf8))
    }

    @Test func anEscapeIsOneCharacterAndUTF8ContinuationBytesNone() {
        #expect(excess(#"["\u00e9\u00e9\u00e9\u00e9\u00e9"]"#) == nil)
        #expect(excess(#"["ééééé"]"#) == nil)
        #expect(excess(#"["🌸🌸🌸🌸🌸"]"#) == nil)
        #expect(excess(#"["éééééé"]"#)?.found == 6)
    }

    @Test func aFileIsReadAMebibyteAtATime() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bounds-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: url) }
        // The long string straddles the first chunk's end.
        try Data(("{\"pad\": \"" + String(repeating: "x", count: (1 << 20) - 20) + "\", \"b\": [\"abcdefgh\"]}").utf8)
            .write(to: url)
        let wide = JSONBounds(maximumDepth: 4, maximumString: 1 << 21)
        #expect(throws: Never.self) { try wide.check(contentsOf: url) }
        let narrow = JSONBounds(maximumDepth: 4, maximumString: 1_000)
        #expect { try narrow.check(contentsOf: url) } throws: { ($0 as? JSONBounds.Excess)?.path == "pad" }
    }

    @Test func longStringsAreCappedAndTheResultStillDecodes() throws {
        struct Habit: Decodable, Equatable {
            var id: String
            var title: String
        }
        let json =
            #"[{"id": "1", "title": "Water the plants"}, {"id": "2", "title": "🌸🌸🌸🌸🌸🌸🌸"}, "#
            + #"{"id": "3", "title": "ab\u00e9\uD83C\uDF38\uD83C\uDF38"}]"#
        let (data, capped) = bounds.cappingStrings(Data(json.utf8))
        #expect(capped.map(\.path) == ["[0].title", "[1].title", "[2].title"])
        #expect(capped.map(\.found) == [16, 7, 7])
        let habits = try JSONDecoder().decode([Habit].self, from: data)
        // A surrogate pair is never cut in half: the cut falls before its first half.
        #expect(habits.map(\.title) == ["Water…", "🌸🌸🌸🌸🌸…", "abé🌸…"])
        let untouched = Data(#"{"a": "short"}"#.utf8)
        #expect(bounds.cappingStrings(untouched).data == untouched)
    }
}
