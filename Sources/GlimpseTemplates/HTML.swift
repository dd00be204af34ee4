import GlimpseCore

/// HTML escaping: for every `String` a template receives (`TemplateEncoder`), and for text and
/// attribute values built in Swift.
///
/// Both functions work on UTF-8 bytes: every character they change is ASCII, and no byte of a
/// multi-byte UTF-8 sequence is ASCII. Text with nothing to change, nearly all of it, is returned
/// as it is, without a copy.
package enum HTML {
    package static func escape(_ text: String) -> String {
        text.withUTF8Bytes { bytes in
            guard let first = bytes.firstIndex(where: needsEscape) else { return text }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 16)
            bytes.append(0..<first, to: &result)
            for index in first..<bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "&"): result.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): result.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): result.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\""): result.append(contentsOf: "&quot;".utf8)
                case UInt8(ascii: "'"): result.append(contentsOf: "&#39;".utf8)
                case _ where isForbidden(byte): result.append(contentsOf: replacement)
                default: result.append(byte)
                }
            }
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// `text` with each forbidden control character replaced by U+FFFD; `text` itself when it
    /// has none, which is nearly always.
    package static func replacingControlCharacters(_ text: String) -> String {
        text.withUTF8Bytes { bytes in
            guard let first = bytes.firstIndex(where: isForbidden) else { return text }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 16)
            bytes.append(0..<first, to: &result)
            for index in first..<bytes.count {
                let byte = bytes[index]
                if isForbidden(byte) { result.append(contentsOf: replacement) } else { result.append(byte) }
            }
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// A control character HTML does not allow in text (NUL, and C0/DEL other than tab, line
    /// feed, form feed and carriage return): a store can hold them, a page must not.
    /// Comparisons, not a `switch` of patterns: unoptimized, each pattern is a call.
    private static func isForbidden(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0C && byte != 0x0D) || byte == 0x7F
    }

    /// `&`, `<`, `>`, `"` and `'`, or a forbidden control character.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        if byte > 0x3E { return byte == 0x7F }
        return byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 || isForbidden(byte)
    }

    /// U+FFFD REPLACEMENT CHARACTER in UTF-8.
    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
}
