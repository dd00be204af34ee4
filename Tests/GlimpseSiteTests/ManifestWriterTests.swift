import Foundation
import GlimpseFormat
import Testing

@testable import GlimpseSite

/// Every manifest entry of the sample gallery is what `JSONEncoder` would write, byte for byte.
struct ManifestWriterTests {
    @Test func everyEntryOfTheSampleGallery() async throws {
        let gallery = try await GalleryBuilder(options: sampleOptions()).build()
        let data = try #require(gallery.files.first { $0.path == "manifest.json" }?.data)
        let manifest = try JSONDecoder().decode(Manifest.self, from: data)
        #expect(manifest.widgets.count > 100)
        for widget in manifest.widgets {
            #expect([UInt8](Manifest.encodedEntry(widget)) == (try Self.encoderBytes(widget)), "\(widget.page)")
        }
    }

    /// `JSONEncoder`'s bytes for `widget`, as the entry sits in the manifest's `widgets` array.
    static func encoderBytes(_ widget: Manifest.Widget) throws -> [UInt8] {
        let json = try FormatJSON.encoder().encode(widget)
        var indented: [UInt8] = []
        var lineStart = true
        for byte in json {
            if lineStart && byte != UInt8(ascii: "\n") { indented.append(contentsOf: Array("    ".utf8)) }
            indented.append(byte)
            lineStart = byte == UInt8(ascii: "\n")
        }
        return indented
    }
}
