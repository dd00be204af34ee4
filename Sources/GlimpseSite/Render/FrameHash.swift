import COpenSSL
import Foundation

/// The SHA-256 of a frame's HTML in every scheme, the manifest's `hash`: equal frames, equal
/// hashes, from one build to the next. Computed by OpenSSL's libcrypto, from the system.
public enum FrameHash {
    /// SHA-256, fetched from libcrypto once: `EVP_sha256()` would be fetched again on every call.
    /// A fetched algorithm is immutable and safe to share between threads.
    nonisolated(unsafe) static let sha256: OpaquePointer? = EVP_MD_fetch(nil, "SHA256", nil)

    /// Lower-case hexadecimal, 64 digits.
    static func of(_ html: String) -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        var text = html
        let done = text.withUTF8 { bytes in
            EVP_Digest(bytes.baseAddress, bytes.count, &digest, &length, sha256 ?? EVP_sha256(), nil)
        }
        // EVP_Digest fails only when libcrypto cannot allocate its context.
        precondition(done == 1 && length == 32, "libcrypto could not compute a SHA-256")
        return hex(digest.prefix(Int(length)))
    }

    /// The SHA-256 of any bytes, in lower-case hexadecimal: a gallery file's, for `glimpse diff`.
    public static func of(data: Data) -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let done = data.withUnsafeBytes { bytes in
            EVP_Digest(bytes.baseAddress, bytes.count, &digest, &length, sha256 ?? EVP_sha256(), nil)
        }
        precondition(done == 1 && length == 32, "libcrypto could not compute a SHA-256")
        return hex(digest.prefix(Int(length)))
    }

    /// Lower-case hexadecimal, two digits a byte.
    static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var result: [UInt8] = []
        for byte in bytes {
            result.append(digits[Int(byte >> 4)])
            result.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: result, as: UTF8.self)
    }
}
