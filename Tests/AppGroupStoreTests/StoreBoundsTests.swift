import Foundation
import GlimpseCore
import Testing

@testable import AppGroupStore

/// What a store may hold, bounded where it enters (docs/LIMITS.md): long strings shortened with a
/// warning naming the file, the field and the length; deep nesting and huge arrays refused.
struct StoreBoundsTests {
    let limit = Limits.storeString.value

    @Test func aLongStringIsShortenedWithAWarningThatNamesItsField() throws {
        let title = String(repeating: "🌸", count: 3 * Limits.storeString.value)
        let json = #"{"habits": [{"title": "Water"}, {"title": "\#(title)"}]}"#
        let (data, notes) = try StoreJSON.bounded(Data(json.utf8), file: "group.x/habits.json")
        struct File: Decodable { var habits: [[String: String]] }
        let habits = try JSONDecoder().decode(File.self, from: data).habits
        #expect(habits[0]["title"] == "Water")
        #expect(habits[1]["title"] == String(repeating: "🌸", count: limit) + "…")
        #expect(notes.count == 1 && notes[0].file == "group.x/habits.json" && notes[0].severity == .warning)
        #expect(
            notes[0].message
                == "habits[1].title: a string of 6,144 characters, shortened to 2,048 (store-string, docs/LIMITS.md)")
    }

    @Test func withinTheLimitsTheBytesAreTheFilesOwn() throws {
        let json = Data(#"{"a": "short", "b": [1, 2, 3]}"#.utf8)
        let (data, notes) = try StoreJSON.bounded(json, file: "f.json")
        #expect(data == json && notes.isEmpty)
    }

    @Test func deepNestingIsRefusedNamingWhere() {
        let deep = "{\"a\": " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        #expect {
            try StoreJSON.bounded(Data(deep.utf8), file: "f.json")
        } throws: { error in
            guard case .corrupt(let file, let path, let reason) = error as? StoreError else { return false }
            return file == "f.json" && path.hasPrefix("a[0]") && reason.contains("store-depth")
        }
    }

    @Test func aValueStoredAsJSONInDefaultsIsBoundedAndAPlainStringCapped() throws {
        let long = String(repeating: "x", count: limit + 10)
        let plist = try PropertyListSerialization.data(
            fromPropertyList: ["unit": long, "data": Data(#"{"name": "\#(long)"}"#.utf8)], format: .binary, options: 0)
        let suite = try UserDefaultsSuite(data: plist, file: "p.plist")
        #expect(suite.string(forKey: "unit") == String(repeating: "x", count: limit) + "…")
        #expect(suite.longStrings.map(\.key) == ["unit"] && suite.longStrings[0].characters == limit + 10)
        var notes: [Diagnostic] = []
        struct Named: Decodable { var name: String }
        let named = try #require(try suite.decodeJSON(Named.self, forKey: "data", notes: &notes))
        #expect(
            named.name.count == limit + 1
                && notes.map(\.message) == [
                    "data.name: a string of 2,058 characters, shortened to 2,048 (store-string, docs/LIMITS.md)"
                ])
    }
}
