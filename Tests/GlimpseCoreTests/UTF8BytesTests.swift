import GlimpseCore
import Testing

/// `UTF8Bytes`: each search finds what the standard library's finds, from every start, at the
/// edges too (a match at the very end, a partial match before a whole one, a start past the end).
struct UTF8BytesTests {
    let texts = [
        "", "a", "aab", "aaab", "ab ab", "data-source=\"copy:x\"", "{name} has {count}", "x{", "}{",
        "Caf\u{E9} \u{1F338} 今日", "<p>\n\t</p>",
    ]
    let needles = ["a", "ab", "aab", "{", "}", "data-source=\"", "\u{1F338}", "今日", "xyz", "aaab aaab"]

    @Test func aByteIsFoundWhereTheStandardLibraryFindsIt() {
        for text in texts {
            let bytes = Array(text.utf8)
            for byte in Set(bytes + [0x7B, 0x00]) {
                for start in -1...(bytes.count + 1) {
                    let expected = bytes.indices.first { $0 >= start && bytes[$0] == byte }
                    let found = text.withUTF8Bytes { $0.firstIndex(of: byte, from: start) }
                    #expect(found == expected, "\(byte) in \(text.debugDescription) from \(start)")
                }
            }
        }
    }

    @Test func aSequenceIsFoundWhereTheStandardLibraryFindsIt() {
        for text in texts {
            let bytes = Array(text.utf8)
            for needle in needles.map({ Array($0.utf8) }) {
                for start in 0...(bytes.count + 1) {
                    let expected = bytes.indices.first {
                        $0 >= start && $0 + needle.count <= bytes.count
                            && Array(bytes[$0..<($0 + needle.count)]) == needle
                    }
                    let found = text.withUTF8Bytes { $0.firstIndex(of: needle, from: start) }
                    #expect(found == expected, "\(needle) in \(text.debugDescription) from \(start)")
                }
            }
        }
    }

    @Test func aTestIsAskedOfEachByteInTurnAndASCIIIsEveryByteUnder128() {
        for text in texts {
            let bytes = Array(text.utf8)
            let space = text.withUTF8Bytes { $0.firstIndex(where: { $0 == 0x20 || $0 == 0x0A }) }
            #expect(space == bytes.firstIndex { $0 == 0x20 || $0 == 0x0A }, "\(text.debugDescription)")
            #expect(text.withUTF8Bytes(\.isASCII) == bytes.allSatisfy { $0 < 0x80 }, "\(text.debugDescription)")
        }
    }

    @Test func aRangeIsReadAsTextOrAddedToBytes() {
        let text = "Caf\u{E9} {name}"
        text.withUTF8Bytes { bytes in
            #expect(bytes.count == 12 && bytes[4] == 0xA9)
            #expect(bytes.string(0..<5) == "Caf\u{E9}")
            var copied: [UInt8] = [0x3E]
            bytes.append(6..<12, to: &copied)
            #expect(copied == Array(">{name}".utf8))
        }
    }
}
