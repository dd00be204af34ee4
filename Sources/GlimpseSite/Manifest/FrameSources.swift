import Foundation

/// What each copy key of a frame drew (`data-source="copy:…"`), read from the frame's own markup,
/// for the manifest: so that `diff` can say which copy key changed, and in which language, rather
/// than which texts. Store fields and formats are the frame's `texts` already, and roles draw no
/// words: they are left out, so that a full-axis manifest does not grow by a second copy of them.
///
/// The markup is Glimpse's own, from its templates: tags are well formed, and store text is
/// escaped, so a `<` is always a tag. An element's text is all the text inside it, its children's
/// too, whitespace collapsed; several elements of one source are joined with " · ". What VoiceOver
/// says of the frame is kept too, under `voiceover` (set by the renderer): its words are copy and
/// store text that no element holds.
enum FrameSources {
    /// Elements that never have a closing tag.
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]

    static func scan(_ html: String) -> [String: String] {
        let bytes = Array(html.utf8)
        let marker = Array("data-source=\"".utf8)
        var found: [String: [String]] = [:]
        var index = 0
        while let start = find(marker, in: bytes, from: index) {
            let valueStart = start + marker.count
            guard let valueEnd = bytes[valueStart...].firstIndex(of: UInt8(ascii: "\"")),
                let tagEnd = bytes[valueEnd...].firstIndex(of: UInt8(ascii: ">"))
            else { break }
            index = tagEnd + 1
            let source = String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)
            guard source.hasPrefix("copy:"), bytes[tagEnd - 1] != UInt8(ascii: "/") else { continue }
            let text = Self.text(of: bytes, from: tagEnd + 1)
            if !text.isEmpty { found[source, default: []].append(text) }
        }
        return found.mapValues { $0.joined(separator: " · ") }
    }

    /// The text from `start` to the end of the element open there, tags left out.
    static func text(of bytes: [UInt8], from start: Int) -> String {
        var depth = 1
        var text: [UInt8] = []
        var index = start
        while index < bytes.count, depth > 0 {
            guard bytes[index] == UInt8(ascii: "<") else {
                text.append(bytes[index])
                index += 1
                continue
            }
            guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { break }
            let tag = bytes[(index + 1)..<close]
            if tag.first == UInt8(ascii: "/") {
                depth -= 1
            } else if tag.last != UInt8(ascii: "/") {
                let name = String(decoding: tag.prefix { $0 != 0x20 && $0 != 0x0A }, as: UTF8.self).lowercased()
                if !voidElements.contains(name) { depth += 1 }
            }
            index = close + 1
        }
        return unescape(collapsingWhitespace(text))
    }

    /// `text`'s words joined by one space. ASCII, nearly all of it, is split on its bytes, without
    /// looking up each character's Unicode properties; the rest by `Character.isWhitespace`.
    static func collapsingWhitespace(_ text: [UInt8]) -> String {
        guard text.allSatisfy({ $0 < 0x80 }) else {
            return String(decoding: text, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        let words = text.split(whereSeparator: { $0 == 0x20 || (0x09...0x0D).contains($0) })
        return String(decoding: Array(words.joined(separator: [0x20])), as: UTF8.self)
    }

    static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}
