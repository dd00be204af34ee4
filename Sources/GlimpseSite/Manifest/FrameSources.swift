import Foundation
import GlimpseCore

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
        html.withUTF8Bytes { scan($0) }
    }

    private static func scan(_ bytes: UTF8Bytes) -> [String: String] {
        let marker = Array("data-source=\"".utf8)
        var found: [String: [String]] = [:]
        var index = 0
        while let start = bytes.firstIndex(of: marker, from: index) {
            let valueStart = start + marker.count
            guard let valueEnd = bytes.firstIndex(of: UInt8(ascii: "\""), from: valueStart),
                let tagEnd = bytes.firstIndex(of: UInt8(ascii: ">"), from: valueEnd)
            else { break }
            index = tagEnd + 1
            let source = bytes.string(valueStart..<valueEnd)
            guard source.hasPrefix("copy:"), bytes[tagEnd - 1] != UInt8(ascii: "/") else { continue }
            let text = Self.text(of: bytes, from: tagEnd + 1)
            if !text.isEmpty { found[source, default: []].append(text) }
        }
        return found.mapValues { $0.joined(separator: " · ") }
    }

    /// The text from `start` to the end of the element open there, tags left out.
    private static func text(of bytes: UTF8Bytes, from start: Int) -> String {
        var depth = 1
        var text: [UInt8] = []
        var index = start
        while index < bytes.count, depth > 0 {
            guard let open = bytes.firstIndex(of: UInt8(ascii: "<"), from: index) else {
                bytes.append(index..<bytes.count, to: &text)
                break
            }
            bytes.append(index..<open, to: &text)
            guard let close = bytes.firstIndex(of: UInt8(ascii: ">"), from: open) else { break }
            let empty = close == open + 1
            if !empty, bytes[open + 1] == UInt8(ascii: "/") {
                depth -= 1
            } else if empty || bytes[close - 1] != UInt8(ascii: "/") {
                var nameEnd = open + 1
                while nameEnd < close, bytes[nameEnd] != 0x20, bytes[nameEnd] != 0x0A { nameEnd += 1 }
                if !voidElements.contains(bytes.string((open + 1)..<nameEnd).lowercased()) { depth += 1 }
            }
            index = close + 1
        }
        return unescape(collapsingWhitespace(text))
    }

    /// `text`'s words joined by one space. ASCII, nearly all of it, is split on its bytes, without
    /// looking up each character's Unicode properties; the rest by `Character.isWhitespace`.
    static func collapsingWhitespace(_ text: [UInt8]) -> String {
        text.withUnsafeBufferPointer { buffer in
            let bytes = UTF8Bytes(buffer)
            var words: [UInt8] = []
            words.reserveCapacity(bytes.count)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                guard byte < 0x80 else {
                    return String(decoding: text, as: UTF8.self).split(whereSeparator: \.isWhitespace)
                        .joined(separator: " ")
                }
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                    if words.last != 0x20 && !words.isEmpty { words.append(0x20) }
                } else {
                    words.append(byte)
                }
                index += 1
            }
            if words.last == 0x20 { words.removeLast() }
            return String(decoding: words, as: UTF8.self)
        }
    }

    static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
