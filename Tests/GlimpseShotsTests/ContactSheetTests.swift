import TestSupport
import Testing

@testable import GlimpseShots

@Suite struct ContactSheetTests {
    static let sizes: [(width: Int, height: Int)] = {
        var generator = SplitMix(seed: 7)
        let table = [(158, 158), (338, 158), (338, 354), (72, 72), (160, 72), (234, 26), (364, 382)]
        return (0..<400).map { _ in table[Int.random(in: 0..<table.count, using: &generator)] }
    }()

    @Test(arguments: [1, 2, 3]) func everyTileIsPlacedOnceWithinItsSheetAndApartFromTheOthers(scale: Int) {
        let sheets = ContactSheet.pack(Self.sizes, scale: scale, side: 2048)
        let placed = sheets.flatMap(\.placements)
        #expect(placed.map(\.tile).sorted() == Array(Self.sizes.indices))
        for sheet in sheets {
            #expect(sheet.width * scale <= 2048 && sheet.height * scale <= 2048)
            for placement in sheet.placements {
                #expect(
                    placement.x >= 0 && placement.y >= 0 && placement.x + placement.width <= sheet.width
                        && placement.y + placement.height <= sheet.height)
                #expect(
                    placement.width == Self.sizes[placement.tile].width
                        && placement.height == Self.sizes[placement.tile].height)
            }
            for (index, one) in sheet.placements.enumerated() {
                for two in sheet.placements[(index + 1)...] {
                    let apart =
                        one.x + one.width + ContactSheet.gap <= two.x || two.x + two.width + ContactSheet.gap <= one.x
                        || one.y + one.height + ContactSheet.gap <= two.y
                        || two.y + two.height + ContactSheet.gap <= one.y
                    #expect(apart, "tiles \(one.tile) and \(two.tile) are closer than the gap")
                }
            }
        }
    }

    @Test func theSameSizesGiveTheSameSheets() {
        #expect(ContactSheet.pack(Self.sizes, scale: 2) == ContactSheet.pack(Self.sizes, scale: 2))
    }

    @Test func aTileLargerThanASheetGetsASheetOfItsOwn() {
        let sheets = ContactSheet.pack([(3000, 40), (10, 10)], scale: 1)
        #expect(sheets.flatMap(\.placements).count == 2)
        #expect(sheets.allSatisfy { $0.placements.allSatisfy { $0.x + $0.width <= sheets[0].width || $0.tile == 1 } })
    }
}
