import Foundation
import GlimpseDigest
import Testing

/// Frames and files are hashed by the system's libcrypto: the digests SHA-256 gives (`sha256sum` agrees).
struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("🌸 ümlaut", "d4d6b274803a70b97f5346508835e1e77e252089120bc30cca8be7a90601ef21"),
    ])
    func knownDigests(text: String, digest: String) {
        #expect(SHA256.hex(of: text) == digest)
        #expect(SHA256.hex(of: Data(text.utf8)) == digest)
    }
}
