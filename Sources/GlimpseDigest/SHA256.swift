import COpenSSL
import Foundation

/// SHA-256 in lower-case hexadecimal, by OpenSSL's libcrypto from the system: a frame's HTML in
/// every scheme (the manifest's `hash`: equal frames, equal hashes, from one build to the next),
/// and a gallery's files for `glimpse diff`.
package enum SHA256 {
    /// SHA-256, fetched from libcrypto once: `EVP_sha256()` would be fetched again on every call.
    /// A fetched algorithm is immutable and safe to share between threads.
    nonisolated(unsafe) static let algorithm: OpaquePointer? = EVP_MD_fetch(nil, "SHA256", nil)

    /// The digest of `text`'s UTF-8, 64 hexadecimal digits.
    package static func hex(of text: String) -> String {
        var text = text
        return text.withUTF8 { digest(UnsafeRawBufferPointer($0)) }
    }

    /// The digest of `data`, 64 hexadecimal digits.
    package static func hex(of data: Data) -> String {
        data.withUnsafeBytes { digest($0) }
    }

    static func digest(_ bytes: UnsafeRawBufferPointer) -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let done = EVP_Digest(bytes.baseAddress, bytes.count, &digest, &length, algorithm ?? EVP_sha256(), nil)
        // EVP_Digest fails only when libcrypto cannot allocate its context.
        precondition(done == 1 && length == 32, "libcrypto could not compute a SHA-256")
        return hex(digest.prefix(Int(length)))
    }

    /// Lower-case hexadecimal, two digits a byte.
    static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var result: [UInt8] = []
        result.reserveCapacity(64)
        for byte in bytes {
            result.append(digits[Int(byte >> 4)])
            result.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: result, as: UTF8.self)
    }
}
