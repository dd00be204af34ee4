import Foundation

/// UTF-8 read through a pointer, for the scans that run over every byte of every page: HTML
/// escaping, the manifest's strings, a frame's copy read back, copy filled with values.
///
/// `make test` runs a debug build about 300 times. Unoptimized, a generic collection's
/// `firstIndex(of:)` or `contains(where:)` costs several calls a byte, and those scans were a
/// third of a debug build's time; a pointer's subscript is inlined even there. Every index is
/// checked, so a malformed page ends a search, never the process.
package struct UTF8Bytes {
    package let buffer: UnsafeBufferPointer<UInt8>

    package init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    package var count: Int { buffer.count }

    package subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < buffer.count, "index \(index) outside \(buffer.count) bytes")
        return buffer.baseAddress.unsafelyUnwrapped[index]
    }

    /// True when every byte is ASCII: then a byte is a character.
    package var isASCII: Bool {
        firstIndex(where: { $0 >= 0x80 }) == nil
    }

    /// The first index at or after `start` that holds `byte`.
    package func firstIndex(of byte: UInt8, from start: Int = 0) -> Int? {
        let start = max(start, 0)
        guard start < count, let base = buffer.baseAddress else { return nil }
        guard let found = memchr(base + start, Int32(byte), count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The first index at or after `start` whose byte `test` holds for.
    package func firstIndex(from start: Int = 0, where test: (UInt8) -> Bool) -> Int? {
        guard let base = buffer.baseAddress else { return nil }
        var index = max(start, 0)
        while index < count {
            if test(base[index]) { return index }
            index += 1
        }
        return nil
    }

    /// The first index at or after `start` where `needle` begins.
    package func firstIndex(of needle: [UInt8], from start: Int = 0) -> Int? {
        guard let first = needle.first else { return nil }
        var index = start
        while let candidate = firstIndex(of: first, from: index), candidate + needle.count <= count {
            var matched = 1
            while matched < needle.count, self[candidate + matched] == needle[matched] { matched += 1 }
            if matched == needle.count { return candidate }
            index = candidate + 1
        }
        return nil
    }

    package func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
    }

    package func append(_ range: Range<Int>, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[range]))
    }
}

extension String {
    /// `body` over this string's UTF-8, contiguous (a bridged or lazy string is copied once).
    package func withUTF8Bytes<Result>(_ body: (UTF8Bytes) throws -> Result) rethrows -> Result {
        var text = self
        return try text.withUTF8 { try body(UTF8Bytes($0)) }
    }
}
