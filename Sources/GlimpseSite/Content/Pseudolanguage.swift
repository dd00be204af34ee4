/// Xcode's pseudolanguages, for finding what a translation will break before there is one
/// (`--pseudo`). They change the app's own strings, the copy, and never store data, as in Xcode:
///
/// - `double` says each string twice (`NSDoubleLocalizedStrings`): room for German's length;
/// - `accented` puts a mark above and below each letter (`NSAccentuateLocalizedStrings`): room
///   for ascenders and descenders;
/// - `bounded` wraps each string in `[# … #]` (`NSSurroundLocalizedStrings`): a cut shows;
/// - `rtl` lays the widget out right to left with its English strings
///   (`NSForceRightToLeftLocalizedStrings`);
/// - `rtl-strings` does too, and writes each string right to left.
package enum Pseudolanguage: String, CaseIterable, Sendable {
    case double
    case accented
    case bounded
    case rtl
    case rtlStrings = "rtl-strings"

    /// The widget is laid out right to left.
    package var isRightToLeft: Bool { self == .rtl || self == .rtlStrings }

    /// `text`, a string of the copy with its `{placeholders}` (plain text, or inline HTML whose tags
    /// and entities are kept as they are), in this pseudolanguage.
    func apply(_ text: String, html: Bool) -> String {
        switch self {
        case .double: return text + " " + text
        case .bounded: return "[# " + text + " #]"
        case .rtl: return text
        case .rtlStrings: return "\u{202E}" + text + "\u{202C}"
        case .accented: return Self.accent(text, html: html)
        }
    }

    /// Each letter with a combining circumflex above and a macron below; placeholders, tags and
    /// entities untouched.
    static func accent(_ text: String, html: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count * 3)
        var closer: Character?
        for character in text {
            result.append(character)
            if let wanted = closer {
                if character == wanted { closer = nil }
            } else if character == "{" {
                closer = "}"
            } else if html && character == "<" {
                closer = ">"
            } else if html && character == "&" {
                closer = ";"
            } else if character.isLetter {
                result.unicodeScalars.append(contentsOf: ["\u{0302}", "\u{0331}"])
            }
        }
        return result
    }
}
