import GlimpseShots
import Testing

@testable import GlimpseCheck

/// A probe reads one tile of a sheet as a check draws it: the sheet at @2x, the sheet without text
/// at @1x, the tile away from the sheet's corner, with other tiles around it.
struct PixelProbeTests {
    /// A sheet of two 20 × 10 pt tiles side by side, 4 pt apart: the first all red, the second
    /// white with a 10 × 4 pt block of #333333 "text" at (5, 3); at @2x drawn, and @1x without text.
    static func sheet() -> (drawn: RGBAImage, withoutText: RGBAImage) {
        let (width, height) = (44, 10)
        func paint(_ scale: Int, text: Bool) -> RGBAImage {
            var image = RGBAImage(width: width * scale, height: height * scale)
            for y in 0..<height * scale {
                for x in 0..<width * scale {
                    let (px, py) = (x / scale, y / scale)
                    let colour: [UInt8]
                    if px < 20 {
                        colour = [255, 0, 0]
                    } else if px >= 24 {
                        let inText = (29..<39).contains(px) && (3..<7).contains(py)
                        colour = text && inText ? [0x33, 0x33, 0x33] : [255, 255, 255]
                    } else {
                        continue
                    }
                    let offset = (y * image.width + x) * 4
                    image.pixels.replaceSubrange(offset..<offset + 4, with: colour + [255])
                }
            }
            return image
        }
        return (paint(2, text: true), paint(1, text: false))
    }

    func probe(tile: (Int, Int, Int, Int)) -> PixelProbe {
        let sheet = Self.sheet()
        return PixelProbe(drawn: sheet.drawn, withoutText: sheet.withoutText, scale: 2, behindScale: 1, tile: tile)
    }

    @Test func aTextsColoursAreReadInItsOwnTileAtEitherScale() throws {
        let colours = try #require(probe(tile: (24, 0, 20, 10)).textColours(in: [[4, 2, 12, 6]]))
        #expect(colours.text.hex == "#333333")
        #expect(colours.background.hex == "#FFFFFF")
    }

    @Test func aRectOutsideItsTileReadsNothingOfTheTileBeside() throws {
        // The rect reaches left of the tile, where the red tile is: only the tile's own pixels count.
        let colours = try #require(probe(tile: (24, 0, 20, 10)).textColours(in: [[-10, 0, 12, 10]]))
        #expect(colours.background.hex == "#FFFFFF")
        #expect(probe(tile: (24, 0, 20, 10)).textColours(in: [[30, 0, 5, 5]]) == nil)
    }

    @Test func inkCountsThePointsOffTheCommonestColour() {
        #expect(probe(tile: (0, 0, 20, 10)).ink == 0)
        #expect(probe(tile: (24, 0, 20, 10)).ink == 40)
    }

    @Test func theColourBesideADrawingIsItsTilesOwn() throws {
        let beside = try #require(probe(tile: (24, 0, 20, 10)).colourBeside([5, 3, 10, 4]))
        #expect(beside.hex == "#FFFFFF")
        let red = try #require(probe(tile: (0, 0, 20, 10)).colourBeside([2, 2, 4, 4]))
        #expect(red.hex == "#FF0000")
    }
}
