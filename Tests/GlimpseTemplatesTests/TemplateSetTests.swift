import Foundation
import GlimpseCore
import TestSupport
import Testing

@testable import GlimpseTemplates

/// Templates see text escaped and markup as it is, whichever Mustache tag places them.
struct TemplateSetTests {
    struct Row: Encodable {
        var title: String
        var count: Int
        var done: Bool
    }

    struct Model: Encodable {
        var text: String
        var markup: HTMLFragment
        var missing: String?
        var rows: [Row]
        var ratio: Double
    }

    /// A template set of one template, `t`, written to a temporary folder.
    func templates(_ text: String) throws -> TemplateSet {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "glimpse-templates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(text.utf8).write(to: folder.appendingPathComponent("t.mustache"))
        return try TemplateSet(directory: folder, displayDirectory: "templates", files: .disk)
    }

    let model = Model(
        text: "<script>\"x\" & 'y'\u{0}</script>", markup: HTMLFragment("<em>ok</em>"), missing: nil,
        rows: [Row(title: "a<b", count: 1_000, done: true), Row(title: "c", count: 0, done: false)], ratio: 0.5)

    @Test func textIsEscapedUnderEveryTag() throws {
        let set = try templates("{{text}}|{{{text}}}|{{&text}}")
        let escaped = "&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;\u{FFFD}&lt;/script&gt;"
        #expect(try set.render(model, "t") == "\(escaped)|\(escaped)|\(escaped)")
    }

    @Test func markupIsPlacedAsItIs() throws {
        let set = try templates("{{{markup}}}|{{markup}}")
        #expect(try set.render(model, "t") == "<em>ok</em>|<em>ok</em>")
    }

    @Test func sectionsNumbersFlagsAndMissingKeys() throws {
        let set = try templates(
            "{{#rows}}[{{title}} {{count}}{{#done}} done{{/done}}{{^done}} open{{/done}}]{{/rows}}{{^missing}} "
                + "none{{/missing}} {{ratio}}\n"
        )
        #expect(try set.render(model, "t") == "[a&lt;b 1000 done][c 0 open] none 0.5\n")
    }

    @Test func standaloneTagsKeepTheirLines() throws {
        // The pragma put before every template must not change which lines a tag stands alone on.
        let set = try templates("{{#rows}}\n<li>{{title}}</li>\n{{/rows}}\n")
        #expect(try set.render(model, "t") == "<li>a&lt;b</li>\n<li>c</li>\n")
    }

    @Test func aQuoteWithACombiningMarkIsStillEscaped() throws {
        // Mustache's own escaping went by Character: `"` + U+0301 is one Character that is not
        // `"`, and left an attribute open. Escaping goes by byte now.
        struct Title: Encodable { var title: String }
        let set = try templates("<a aria-label=\"{{title}}\">x</a>")
        let html = try set.render(Title(title: "\"\u{301} onmouseover=alert(1) x=\"\u{301}"), "t")
        #expect(html == "<a aria-label=\"&quot;\u{301} onmouseover=alert(1) x=&quot;\u{301}\">x</a>")
    }

    @Test func everyNumberTypeRendersItsValue() throws {
        struct Numbers: Encodable {
            var small: Int8 = -3
            var large: UInt64 = 18_000_000_000_000_000_000
            var single: Float = 0.25
            var list: [Int16] = [1, 2]
        }
        let set = try templates("{{small}} {{large}} {{single}}{{#list}} {{.}}{{/list}}")
        #expect(try set.render(Numbers(), "t") == "-3 18000000000000000000 0.25 1 2")
    }

    @Test func nestedContainersOfACustomEncodingAreRead() throws {
        // Synthesized conformances never nest containers; a hand-written one may.
        struct Grid: Encodable {
            enum Keys: String, CodingKey { case rows, name }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode("<grid>", forKey: .name)
                var rows = container.nestedUnkeyedContainer(forKey: .rows)
                for row in [["a", "b"], ["c"]] {
                    var cells = rows.nestedUnkeyedContainer()
                    for cell in row { try cells.encode(cell) }
                }
            }
        }
        let set = try templates("{{name}}:{{#rows}}[{{#.}}{{.}}{{/.}}]{{/rows}}{{^missing}}.{{/missing}}")
        #expect(try set.render(Grid(), "t") == "&lt;grid&gt;:[ab][c].")
    }

    /// Controls are replaced where text enters: in a template's own text, once at load, so that
    /// markup is placed as it is.
    @Test func aTemplatesOwnControlCharactersAreReplacedAtLoad() throws {
        let set = try templates("a\u{1}b\u{7F}c\u{1B}{{{markup}}}\td")
        #expect(try set.render(model, "t") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}<em>ok</em>\td")
    }

    @Test func everyForbiddenControlIsReplacedWhereverItIs() {
        // Every control at every offset, in ASCII and among multi-byte characters.
        let forbidden = (0x00...0x1F).filter { ![0x09, 0x0A, 0x0C, 0x0D].contains($0) } + [0x7F]
        for base in ["abcdefghijklmnopqrstuvwx", "é🌸ü\nabc\tdef\r\u{0C}ghiöäßxyz"] {
            #expect(HTML.replacingControlCharacters(base) == base)
            let characters = Array(base)
            for offset in 0...characters.count {
                for code in forbidden {
                    var text = characters
                    text.insert(Character(UnicodeScalar(UInt8(code))), at: offset)
                    var expected = characters
                    expected.insert("\u{FFFD}", at: offset)
                    #expect(HTML.replacingControlCharacters(String(text)) == String(expected), "\(code) at \(offset)")
                }
            }
        }
    }

    @Test func withoutLinksIsATopLevelFlag() throws {
        let set = try templates("{{#withoutLinks}}plain{{/withoutLinks}}{{^withoutLinks}}linked{{/withoutLinks}}")
        #expect(try set.render(model, "t") == "linked")
        #expect(try set.render(model, "t", withoutLinks: true) == "plain")
    }
}
