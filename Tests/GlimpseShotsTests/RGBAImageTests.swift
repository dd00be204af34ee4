import Foundation
import TestSupport
import Testing

@testable import GlimpseShots

@Suite struct RGBAImageTests {
    static func gradient(_ width: Int, _ height: Int) -> RGBAImage {
        var pixels: [UInt8] = []
        for index in 0..<(width * height) {
            let red = UInt8(index % 256)
            let green = UInt8((index / 7) % 256)
            let blue = UInt8((index * 13) % 256)
            let alpha = UInt8(255 - index % 200)
            pixels += [red, green, blue, alpha]
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test func aPNGReadsBackAsTheSamePixels() throws {
        let image = Self.gradient(37, 23)
        let png = try image.pngData()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try RGBAImage(png: png) == image)
    }

    @Test func checksumsAreCheckedUnlessAScreenshotNeedsThemNot() throws {
        let image = Self.gradient(37, 23)
        let png = try image.pngData()
        #expect(try RGBAImage(png: png, checksums: false) == image)
        // The last chunk before IEND is image data: its CRC spoiled, its bytes as they were.
        var spoiled = png
        let crc = spoiled.count - 12 - 4
        spoiled[crc] ^= 0xFF
        #expect(throws: PNGError.self) { try RGBAImage(png: spoiled) }
        #expect(try RGBAImage(png: spoiled, checksums: false) == image)
        // Cut short, it is refused either way.
        #expect(throws: PNGError.self) { try RGBAImage(png: png.prefix(png.count / 2), checksums: false) }
    }

    @Test func bytesThatAreNotAPNGAreRefusedWithLibpngsReason() {
        #expect(throws: PNGError.self) { try RGBAImage(png: Data("not a png at all".utf8)) }
        #expect(throws: PNGError.self) { try RGBAImage(png: Data()) }
        // A real PNG cut short.
        let png = try! Self.gradient(40, 40).pngData()
        #expect(throws: PNGError.self) { try RGBAImage(png: png.prefix(png.count / 2)) }
    }

    @Test func aPNGThatClaimsTooManyPixelsIsRefusedBeforeMemoryIsTaken() throws {
        // A valid header (CRC and all) for 100,000 × 100,000 pixels, and no data.
        var png = try Self.gradient(1, 1).pngData()
        var header = [UInt8](png[12..<29])  // "IHDR" + 13 bytes
        header.replaceSubrange(4..<8, with: [0x00, 0x01, 0x86, 0xA0])
        header.replaceSubrange(8..<12, with: [0x00, 0x01, 0x86, 0xA0])
        png.replaceSubrange(12..<29, with: header)
        png.replaceSubrange(29..<33, with: withUnsafeBytes(of: crc32(header).bigEndian) { Array($0) })
        let error = #expect(throws: PNGError.self) { try RGBAImage(png: png) }
        #expect(error?.message.contains("larger than") == true)
    }

    @Test func croppingCutsExactlyAndClipsAtTheEdges() {
        let image = Self.gradient(10, 8)
        let cut = image.cropped(x: 2, y: 3, width: 4, height: 2)
        #expect(cut.width == 4 && cut.height == 2)
        #expect(Array(cut.pixels[0..<4]) == Array(image.pixels[((3 * 10) + 2) * 4..<((3 * 10) + 2) * 4 + 4]))
        #expect(image.cropped(x: 8, y: 6, width: 5, height: 5).width == 2)
        #expect(image.cropped(x: 20, y: 0, width: 5, height: 5).pixels.isEmpty)
    }

    /// PNG's CRC-32 (ISO 3309), for the forged header above.
    func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
