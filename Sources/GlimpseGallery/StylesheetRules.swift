import Foundation

/// A stylesheet's rules without its comments and spacing: two stylesheets the same here are drawn
/// the same, so a comment or a reindent added to one makes no frame a pixel candidate.
///
/// Comments are dropped and each run of whitespace becomes one space, none beside `{`, `}` or `;`.
/// Strings are kept byte for byte. A comment between two tokens with no space around it stays as
/// an empty comment (`a/**/b` is not `ab`), so what could be drawn differently never compares equal.
package enum StylesheetRules {
    package static func normalized(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        var pendingSpace = false
        func emit(_ byte: UInt8) {
            if pendingSpace, let last = out.last, !tight(last), !tight(byte) { out.append(space) }
            pendingSpace = false
            out.append(byte)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == slash, index + 1 < bytes.count, bytes[index + 1] == star {
                let end = closing(bytes, from: index + 2)
                let before = index > 0 ? bytes[index - 1] : space
                let after = end < bytes.count ? bytes[end] : space
                if !isSpace(before) && !isSpace(after) && !pendingSpace { out += [slash, star, star, slash] }
                index = end
            } else if isSpace(byte) {
                pendingSpace = !out.isEmpty
                index += 1
            } else if byte == quote || byte == apostrophe {
                let end = stringEnd(bytes, from: index)
                emit(byte)
                out += bytes[(index + 1)..<end]
                index = end
            } else {
                emit(byte)
                index += 1
            }
        }
        return Data(out)
    }

    /// The index after the `*/` that closes a comment opened before `start` (the end when none does).
    package static func closing(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == star && bytes[index + 1] == slash { return index + 2 }
            index += 1
        }
        return bytes.count
    }

    /// The index after the quote that closes the string opened at `start`, escapes skipped.
    package static func stringEnd(_ bytes: [UInt8], from start: Int) -> Int {
        let opening = bytes[start]
        var index = start + 1
        while index < bytes.count {
            if bytes[index] == backslash {
                index += 2
                continue
            }
            if bytes[index] == opening || bytes[index] == newline { return index + 1 }
            index += 1
        }
        return bytes.count
    }

    package static func isSpace(_ byte: UInt8) -> Bool { byte == space || (9...13).contains(byte) }
    /// Bytes a space beside them never changes: the ends of a block and of a declaration.
    package static func tight(_ byte: UInt8) -> Bool { byte == 0x7B || byte == 0x7D || byte == 0x3B }

    package static let space: UInt8 = 0x20
    package static let newline: UInt8 = 0x0A
    package static let slash: UInt8 = 0x2F
    package static let star: UInt8 = 0x2A
    package static let quote: UInt8 = 0x22
    package static let apostrophe: UInt8 = 0x27
    package static let backslash: UInt8 = 0x5C
}
