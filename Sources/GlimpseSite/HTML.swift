/// HTML escaping for text and attribute values built in Swift (templates escape their own).
enum HTML {
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case _ where isForbidden(character): result.unicodeScalars.append("\u{FFFD}")
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// A control character HTML does not allow in text (NUL, and C0/DEL other than tab, line
    /// feed, form feed and carriage return): a store can hold them, a page must not.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0C, 0x0D: false
        case 0x00...0x1F, 0x7F: true
        default: false
        }
    }

    /// `text` with each forbidden control character replaced by U+FFFD; `text` itself when it
    /// has none, which is nearly always.
    static func replacingControlCharacters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isForbidden) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isForbidden($0) ? "\u{FFFD}" : $0 }))
    }
}
