/// Text the browser drew, and the fonts it says it drew it with (`CSS.getPlatformFontsForNode`,
/// named as `SheetCamera.fonts` names them: "Inter-Bold (gallery)", "DejaVu Sans (system)").
package struct DrawnText: Hashable, Sendable {
    package var text: String
    package var fonts: [String]

    package init(text: String, fonts: [String]) {
        self.text = text
        self.fonts = fonts
    }
}

/// A font the machine lacks, told from what the browser drew: text of a script, and no font among
/// those that drew it that has the script's glyphs. Chromium then draws the missing glyphs as
/// boxes (.notdef) with the first font of the stack, and reports that font: Japanese text "drawn
/// with Inter" is Japanese text drawn as boxes.
package struct MissingFont: Hashable, Sendable, Codable, Comparable {
    /// The Debian package that provides it.
    package var package: String
    /// What it is for: "CJK text", "emoji", "Latin text (the gallery's font)".
    package var script: String
    /// Some of the text, as the page has it.
    package var sample: String
    /// The fonts the browser drew that text with instead.
    package var drawnWith: [String]

    package init(package: String, script: String, sample: String, drawnWith: [String]) {
        self.package = package
        self.script = script
        self.sample = sample
        self.drawnWith = drawnWith
    }

    package var message: String {
        "\(script) such as “\(sample)” was drawn with \(drawnWith.joined(separator: ", ")), which "
            + "lack\(drawnWith.count == 1 ? "s" : "") its glyphs: install \(package)"
    }

    package static func < (a: MissingFont, b: MissingFont) -> Bool { (a.package, a.sample) < (b.package, b.sample) }

    /// What each script needs, how to tell its characters, and how to tell a font that has them
    /// (by family name: fontconfig's fallbacks are named for what they cover).
    struct Need {
        var package: String
        var script: String
        var contains: @Sendable (Unicode.Scalar) -> Bool
        var coveredBy: [String]
    }

    static let needs: [Need] = [
        Need(
            package: "fonts-noto-cjk", script: "CJK text", contains: isCJK,
            coveredBy: [
                "CJK", "Source Han", "WenQuanYi", "Droid Sans Fallback", "IPAGothic", "IPAMincho", "IPAex", "Takao",
                "VL Gothic",
                "Nanum", "Baekmuk", "AR PL", "Unifont", "Noto Sans JP", "Noto Sans SC", "Noto Sans TC", "Noto Sans KR",
                "Noto Sans HK",
                "Noto Serif JP", "Noto Serif SC", "Noto Serif TC", "Noto Serif KR", "PingFang", "Hiragino",
                "Apple SD Gothic", "Heiti",
            ]),
        Need(
            package: "fonts-noto-color-emoji", script: "emoji", contains: isEmoji,
            coveredBy: ["Emoji", "Symbola"]),
        Need(
            package: "fonts-inter", script: "Latin text (the gallery's Inter)",
            contains: { ("A"..."Z").contains($0) || ("a"..."z").contains($0) },
            coveredBy: ["Inter", "SF Pro", "San Francisco", ".SF NS"]),
    ]

    /// Every missing font `texts` show, one per package, with the text that shows it first in
    /// `rank`'s order: so that the fonts missing from parts of a drawing (`merge`) are the whole's.
    package static func find(in texts: [DrawnText]) -> [MissingFont] {
        var found: [MissingFont] = []
        for drawn in texts {
            for need in needs {
                let scalars = drawn.text.unicodeScalars.filter(need.contains)
                guard !scalars.isEmpty else { continue }
                let covered = drawn.fonts.contains { font in
                    need.coveredBy.contains { font.localizedCaseInsensitiveContains($0) }
                }
                guard !covered else { continue }
                found.append(
                    MissingFont(
                        package: need.package, script: need.script, sample: String(drawn.text.prefix(40)),
                        drawnWith: drawn.fonts.isEmpty ? ["no font"] : drawn.fonts.sorted()))
            }
        }
        return merge(found)
    }

    /// One of `fonts` per package, the first in `rank`'s order, sorted.
    package static func merge(_ fonts: [MissingFont]) -> [MissingFont] {
        var first: [String: MissingFont] = [:]
        for font in fonts where first[font.package].map({ font.rank < $0.rank }) ?? true {
            first[font.package] = font
        }
        return first.values.sorted()
    }

    /// The order in which the text that shows a missing font is chosen: its sample, then its fonts.
    var rank: (String, String) { (sample, drawnWith.joined(separator: "\n")) }

    /// Han, kana, Hangul, and the CJK punctuation and full-width forms they come with.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3000...0x303F, 0x3040...0x30FF, 0x3100...0x31FF, 0x3200...0x33FF,
            0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFFEF,
            0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }

    /// A character drawn as an emoji by default: not the digits, `#` and `*` that can be one.
    static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isEmojiPresentation || (scalar.properties.isEmoji && scalar.value >= 0x1F000)
    }
}
