import Foundation
import Testing

@testable import GlimpseFormat

/// `ManifestJSON` must write what `JSONEncoder` would, byte for byte.
struct ManifestJSONTests {
    /// `JSONEncoder`'s bytes for `widget`, two levels deep: each line but an empty one indented
    /// by four spaces, as the entry sits in the manifest's `widgets` array.
    static func encoderBytes(_ widget: Manifest.Widget) throws -> [UInt8] {
        let json = try FormatJSON.encoder().encode(widget)
        var indented: [UInt8] = []
        var lineStart = true
        for byte in json {
            if lineStart && byte != UInt8(ascii: "\n") { indented.append(contentsOf: Array("    ".utf8)) }
            indented.append(byte)
            lineStart = byte == UInt8(ascii: "\n")
        }
        return indented
    }

    @Test func hostileTextAndEveryShape() throws {
        // Every C0 control, quotes, backslashes, slashes, DEL, line separators, combining
        // marks, emoji and right-to-left text.
        let alphabet =
            (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
            + [
                "\"", "\\", "/", "\u{7F}", "\u{2028}", "\u{2029}", "e\u{301}", "🌸", "👩🏽‍💻", "שלום", "a", " ", "{", "}",
                "[", "]", ":", ",",
            ]
        func text(_ seed: Int) -> String {
            (0..<(seed % 9)).map { alphabet[(seed * 7_919 + $0 * 104_729) % alphabet.count] }.joined()
        }
        for seed in 0..<400 {
            let frames = (0..<(seed % 3)).map { index in
                Manifest.Frame(
                    start: text(seed + index), end: text(seed * 3), state: text(seed + 5),
                    texts: (0..<(seed % 4)).map { text(seed + $0) },
                    links: (0..<((seed / 2) % 3)).map { text(seed * 5 + $0) }, hash: text(seed + 11),
                    reload: seed - 200, anchor: text(seed + 13))
            }
            let reloads = (0..<((seed / 3) % 3)).map { index in
                Manifest.Reload(
                    at: text(seed + index), reason: text(seed + 17), budgeted: seed % 2 == 0, refused: seed % 3 == 0,
                    budgetLeft: seed * 1_000, failed: seed % 5 == 0, note: seed % 4 == 0 ? nil : text(seed + 19))
            }
            let diagnostics = (0..<((seed / 5) % 3)).map { _ in
                Manifest.Diagnostic(
                    severity: text(seed + 23), message: text(seed + 29), file: seed % 2 == 0 ? nil : text(seed + 31))
            }
            let storyboard =
                seed % 3 == 0
                ? nil
                : (0..<(seed % 2)).map { index in
                    Manifest.Tap(
                        at: text(seed + index), action: text(seed + 37), link: text(seed + 41), state: text(seed + 43),
                        texts: (0..<(seed % 3)).map { text(seed + $0 + 47) }, anchor: text(seed + 53))
                }
            var widget = Manifest.Widget(
                app: text(seed), scenario: text(seed + 1), family: text(seed + 2),
                size: Manifest.Size(width: seed, height: -seed), page: text(seed + 3), now: text(seed + 4),
                timeZone: text(seed + 6), frames: frames, reloads: reloads, diagnostics: diagnostics,
                storyboard: storyboard)
            widget.templates = seed % 4 == 0 ? nil : (0..<(seed % 3)).map { text(seed + $0 + 59) }
            #expect(ManifestJSON.entry(widget, level: 2) == (try Self.encoderBytes(widget)), "seed \(seed)")
        }
    }
}
