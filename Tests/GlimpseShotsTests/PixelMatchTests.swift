import TestSupport
import Testing

@testable import GlimpseShots

/// pixelmatch's rules on images made here; the cross-check against the PyPI package on real
/// renders is `Tests/EndToEnd/test_diff_pixels.py`.
@Suite struct PixelMatchTests {
    /// A `width` × `height` image of one colour.
    static func filled(_ width: Int, _ height: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8)) -> RGBAImage {
        RGBAImage(
            width: width, height: height,
            pixels: Array((0..<(width * height)).map { _ in [rgba.0, rgba.1, rgba.2, rgba.3] }.joined()))
    }

    static func setting(_ image: RGBAImage, _ x: Int, _ y: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8)) -> RGBAImage {
        var copy = image
        let at = (y * image.width + x) * 4
        copy.pixels[at] = rgba.0
        copy.pixels[at + 1] = rgba.1
        copy.pixels[at + 2] = rgba.2
        copy.pixels[at + 3] = rgba.3
        return copy
    }

    @Test func equalImagesHaveNoChangeAndNoDrawing() {
        let image = Self.filled(20, 10, (10, 20, 30, 255))
        let result = PixelMatch.compare(image, image, drawing: true)
        #expect(result.changed == 0 && result.box == nil && result.image == nil)
    }

    @Test func oneRedPixelOnWhiteIsOneChangeWithItsBox() throws {
        let white = Self.filled(20, 10, (255, 255, 255, 255))
        let result = PixelMatch.compare(white, Self.setting(white, 7, 3, (255, 0, 0, 255)), drawing: true)
        #expect(result.changed == 1 && result.box == PixelMatch.Box(x: 7, y: 3, width: 1, height: 1))
        let image = try #require(result.image)
        let at = (3 * 20 + 7) * 4
        #expect(Array(image.pixels[at..<at + 4]) == [255, 0, 0, 255])
        // Elsewhere: the first image, faded towards white.
        #expect(Array(image.pixels[0..<4]) == [255, 255, 255, 255])
    }

    @Test func aChangeUnderTheThresholdIsNone() {
        let grey = Self.filled(8, 8, (128, 128, 128, 255))
        let nearly = Self.setting(grey, 4, 4, (131, 131, 131, 255))
        #expect(PixelMatch.compare(grey, nearly, threshold: 0.1).changed == 0)
        #expect(PixelMatch.compare(grey, nearly, threshold: 0).changed == 1)
    }

    @Test func aSoftenedEdgeIsAntialiasingNotAChange() {
        // A black left half on white; the second image has one grey pixel on the edge, as a
        // renderer's anti-aliasing draws it: darker and brighter neighbours, each in a flat area.
        var edge = Self.filled(10, 10, (255, 255, 255, 255))
        for y in 0..<10 { for x in 0..<5 { edge = Self.setting(edge, x, y, (0, 0, 0, 255)) } }
        let softened = Self.setting(edge, 5, 5, (128, 128, 128, 255))
        let result = PixelMatch.compare(edge, softened)
        #expect(result.changed == 0 && result.antialiased == 1)
    }

    @Test func transparencyIsBlendedOverWhite() {
        // Fully transparent black and opaque white are the same colour once blended.
        let clear = Self.filled(4, 4, (0, 0, 0, 0))
        let white = Self.filled(4, 4, (255, 255, 255, 255))
        #expect(PixelMatch.compare(clear, white, threshold: 0).changed == 0)
        #expect(PixelMatch.compare(clear, Self.filled(4, 4, (0, 0, 0, 255))).changed == 16)
    }

    @Test func theCountMatchesABruteForceCountWithoutAntialiasing() {
        // Random noise: no pixel has three equal neighbours, so none is anti-aliasing.
        var generator = SplitMix(seed: 18)
        let noise = (0..<(32 * 32 * 4)).map { index in
            index % 4 == 3 ? UInt8(255) : UInt8.random(in: 0...255, using: &generator)
        }
        var other = noise
        var expected = 0
        for index in stride(from: 0, to: other.count, by: 4) where Bool.random(using: &generator) {
            other[index] = other[index] &+ 128
            expected += 1
        }
        let one = RGBAImage(width: 32, height: 32, pixels: noise)
        let two = RGBAImage(width: 32, height: 32, pixels: other)
        let result = PixelMatch.compare(one, two, threshold: 0)
        #expect(result.changed + result.antialiased == expected)
    }
}
