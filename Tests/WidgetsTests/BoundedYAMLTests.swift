import Foundation
import Testing

@testable import Widgets

/// YAML from elsewhere, decoded into typed values within bounds: a document too large, or whose
/// aliases expand too far, is refused before the decoder sees it; a value of the wrong shape is
/// named by its path.
struct BoundedYAMLTests {
    struct Settings: Decodable, Equatable {
        var flag: Bool?
        var count: Int?
        var items: [Item]?

        struct Item: Decodable, Equatable {
            var name: String
        }
    }

    @Test func aDocumentIsDecoded() throws {
        let settings = try BoundedYAML.decode(Settings.self, from: "flag: yes\ncount: 3\nitems:\n  - name: a\n")
        #expect(settings == Settings(flag: true, count: 3, items: [.init(name: "a")]))
    }

    @Test(arguments: ["", "# only a comment\n"])
    func anEmptyDocumentIsNothing(yaml: String) throws {
        #expect(try BoundedYAML.decode(Settings.self, from: yaml) == nil)
    }

    @Test(arguments: [
        ("flag: maybe\n", "flag", "expected true or false"),
        ("count: many\n", "count", "expected a whole number"),
        ("items: 3\n", "items", "expected a list"),
        ("items:\n  - name: a\n  - 3\n", "items[1]", "expected a mapping"),
        ("items:\n  - name: a\n  - {}\n", "items[1].name", "missing"),
        ("- 1\n", "", "expected a mapping"),
    ])
    func aValueOfTheWrongShapeIsNamedByItsPath(yaml: String, path: String, reason: String) {
        #expect(throws: BoundedYAML.Invalid(path: path, reason: reason)) {
            try BoundedYAML.decode(Settings.self, from: yaml)
        }
    }

    /// Ten lines that expand to 10⁹ nodes: refused before the decoder would follow them.
    @Test func aBillionLaughsIsRefusedBeforeDecoding() {
        let laughs =
            "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
            + zip("abcdefgh", "bcdefghi").map { previous, name in
                "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
            }.joined()
        #expect(throws: BoundedYAML.Refused.self) { try BoundedYAML.decode([String: [String]].self, from: laughs) }
    }

    @Test func aDocumentOverTheSizeCapIsRefusedBeforeParsing() {
        let flat = String(repeating: "key: value\n", count: BoundedYAML.maximumBytes / 11 + 1)
        #expect(throws: BoundedYAML.Refused.self) { try BoundedYAML.decode([String: String].self, from: flat) }
    }

    @Test func aFewAliasesWithinTheBudgetAreFollowed() throws {
        struct Pair: Decodable, Equatable {
            var a: [String]
            var b: [String]
        }
        #expect(
            try BoundedYAML.decode(Pair.self, from: "a: &x [1, 2]\nb: *x\n") == Pair(a: ["1", "2"], b: ["1", "2"]))
    }
}
