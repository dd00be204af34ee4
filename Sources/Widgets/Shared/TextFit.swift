import Foundation

/// How wide a text is drawn and how many lines it wraps to, estimated, so that a family can pick
/// the first of its designed layouts that fits, as `ViewThatFits` does on the device
/// (docs/DYNAMIC-TYPE.md).
///
/// The advances are Inter's, the gallery's face and close to SF Pro's, a little over, so that a
/// layout said to fit does: a layout that would just fit gives way to the next one.
enum TextFit {
    enum Weight: Sendable {
        case regular, semibold, bold

        /// Against semibold, the table's weight.
        var factor: Double {
            switch self {
            case .regular: 0.96
            case .semibold: 1
            case .bold: 1.02
            }
        }
    }

    /// Inter SemiBold's advances, in thousandths of the size, for U+0020 to U+007E (its `hmtx`,
    /// read with fontTools from fonts-inter's Inter-SemiBold.otf; Regular runs 3% narrower, Bold 2% wider).
    private static let ascii: [Int] = [
        248, 309, 396, 643, 649, 844, 663, 213, 393, 393, 543, 673, 295, 466, 290, 379,
        667, 481, 621, 652, 666, 632, 648, 587, 646, 648, 290, 295, 673, 673, 673, 544,
        999, 724, 657, 744, 724, 608, 586, 755, 744, 275, 561, 677, 566, 906, 741, 775,
        643, 776, 651, 649, 660, 734, 724, 1007, 690, 705, 653, 393, 379, 393, 481, 468,
        497, 575, 630, 577, 630, 593, 377, 625, 613, 261, 261, 569, 261, 898, 610, 608,
        625, 625, 397, 549, 380, 608, 576, 837, 562, 576, 562, 393, 358, 393, 673,
    ]

    /// What is added to every estimate: the faces of other systems run a little wider.
    private static let margin = 1.06

    /// The width of `text` on one line, in points.
    static func width(_ text: String, size: Double, weight: Weight) -> Double {
        let ems = text.reduce(0.0) { $0 + advance(of: $1) }
        return ems * size * weight.factor * margin
    }

    /// How many lines `text` takes in `width` points when it wraps at spaces, and between the
    /// characters of scripts written without them; a word longer than a line breaks inside it.
    /// `lead` is what comes first on the first line (an icon), in points.
    static func lines(_ text: String, size: Double, weight: Weight, width: Double, lead: Double = 0) -> Int {
        guard width > 0 else { return Int.max }
        let space = Self.width(" ", size: size, weight: weight)
        var lines = 1
        var used = lead
        for word in words(of: text) {
            let wide = Self.width(word, size: size, weight: weight)
            let needed = used > 0 ? used + space + wide : wide
            if needed <= width {
                used = needed
            } else if wide <= width {
                lines += used > 0 ? 1 : 0
                used = wide
            } else {
                let pieces = Int((wide / width).rounded(.up))
                lines += (used > 0 ? 1 : 0) + pieces - 1
                used = wide - Double(pieces - 1) * width
            }
        }
        return lines
    }

    /// The words of `text`: runs between spaces (a no-break space joins), and each character of
    /// Chinese or Japanese alone.
    static func words(of text: String) -> [String] {
        var words: [String] = []
        var word = ""
        for character in text {
            if character.isWhitespace && !noBreak.contains(character) {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else if isIdeographic(character) {
                if !word.isEmpty { words.append(word) }
                words.append(String(character))
                word = ""
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// `text` with each ASCII digit a zero, the widest: what `font-variant-numeric: tabular-nums`
    /// draws. Arabic-Indic digits are already all of one width.
    static func tabular(_ text: String) -> String {
        String(text.map { $0.isASCII && $0.isNumber ? "0" : $0 })
    }

    /// Spaces a line does not break at.
    static let noBreak: Set<Character> = ["\u{00A0}", "\u{202F}", "\u{2007}", "\u{2060}"]

    /// One character's advance, in ems: its base letter's (accents stack and take no room).
    static func advance(of character: Character) -> Double {
        guard let scalar = character.unicodeScalars.first.map(baseLetter) else { return 0 }
        let value = scalar.value
        if (0x20...0x7E).contains(value) { return Double(ascii[Int(value) - 0x20]) / 1000 }
        if value == 0xA0 { return Double(ascii[0]) / 1000 }
        if isInvisible(value) { return 0 }
        if isIdeographic(character) { return 1 }
        // Arabic's decimal and thousands separators (٫ ٬) are narrow marks, 0.37 em in Noto Sans Arabic Bold.
        if value == 0x066B || value == 0x066C { return 0.37 }
        // Arabic-Indic digits and its percent sign: 0.61 em, all of one width.
        if (0x0660...0x066A).contains(value) || (0x06F0...0x06F9).contains(value) { return 0.62 }
        // Arabic letters in their joined forms: 0.56 to 0.80 em a letter in Noto Sans Arabic SemiBold
        // over the apps' Arabic copy, 0.70 at the median ("تعذّرت قراءة الأوزان" is 0.80).
        if (0x0600...0x06FF).contains(value) || (0xFB50...0xFEFF).contains(value) { return 0.7 }
        if scalar.properties.isEmojiPresentation || value >= 0x1F000 { return 1.25 }
        if scalar.properties.generalCategory == .nonspacingMark { return 0 }
        return 0.72
    }

    /// A scalar's base letter: the first of its canonical decomposition ("é" is "e" and an accent).
    /// An ASCII scalar is its own, and is most of the copy: it skips Foundation's decomposition.
    private static func baseLetter(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard !scalar.isASCII else { return scalar }
        return String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first ?? scalar
    }

    /// Whether a scalar takes no room: the spaces of typesetting and the marks and isolates of
    /// bidirectional text (a time in a right-to-left line is wrapped in U+2068 … U+2069).
    static func isInvisible(_ value: UInt32) -> Bool {
        (0x2000...0x200F).contains(value) || (0x2028...0x202F).contains(value) || (0x2060...0x206F).contains(value)
            || value == 0x061C || value == 0xFEFF
    }

    /// Whether a character is of the scripts that wrap between any two characters: Chinese,
    /// Japanese kana and the full-width forms.
    static func isIdeographic(_ character: Character) -> Bool {
        guard let value = character.unicodeScalars.first?.value else { return false }
        return (0x3000...0x30FF).contains(value) || (0x3400...0x9FFF).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFF00...0xFFEF).contains(value)
    }
}

extension TextFit {
    /// `text` as it wraps where `html` sets a run in bold: an app's name in bold is kept on
    /// one line (style.css), so its spaces do not break.
    static func unbroken(_ text: String, html: String) -> String {
        var result = text
        var rest = html[...]
        while let open = rest.range(of: "<strong>"),
            let close = rest.range(of: "</strong>", range: open.upperBound..<rest.endIndex)
        {
            let bold = unescaped(String(rest[open.upperBound..<close.lowerBound]))
            if bold.contains(" "), let found = result.range(of: bold) {
                result.replaceSubrange(found, with: bold.replacingOccurrences(of: " ", with: "\u{00A0}"))
            }
            rest = rest[close.upperBound...]
        }
        return result
    }

    /// HTML's five escapes, undone, and tags left out.
    private static func unescaped(_ html: String) -> String {
        html.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
