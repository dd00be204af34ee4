/// Tiles of known sizes placed on one page at whole-point positions, so that one screenshot holds
/// many widgets and each is cut out exactly. A widget's pixels do not depend on where it sits on
/// the sheet, since every position is a whole number of device pixels at any scale.
package struct ContactSheet: Sendable, Equatable {
    package struct Placement: Sendable, Equatable {
        /// The tile's index in the list packed.
        package var tile: Int
        package var x: Int
        package var y: Int
        package var width: Int
        package var height: Int
    }

    /// In CSS pixels (points).
    package var width: Int
    package var height: Int
    package var placements: [Placement]

    /// The longest side of a sheet, in device pixels: 4096² is 64 MB decoded. Fewer, larger sheets
    /// cost less (the default gallery at @3x: 87 s on 313 sheets of 4096, 125 s on 1,641 of 2048).
    package static let side = 4096

    /// Room left around each tile, so that nothing drawn at one tile's edge reaches the next.
    package static let gap = 4

    /// Packs tiles of `sizes` (points) onto sheets of at most `side` device pixels a side at `scale`,
    /// in shelves of tiles of like height. The same sizes give the same sheets.
    package static func pack(
        _ sizes: [(width: Int, height: Int)], scale: Int, side: Int = ContactSheet.side
    ) -> [ContactSheet] {
        let order = sizes.indices.sorted {
            (sizes[$1].height, sizes[$1].width, $0) < (sizes[$0].height, sizes[$0].width, $1)
        }
        let widest = sizes.map(\.width).max() ?? 0
        let tallest = sizes.map(\.height).max() ?? 0
        let limitWidth = max(side / max(scale, 1), widest + gap)
        let limitHeight = max(side / max(scale, 1), tallest + gap)
        var sheets: [ContactSheet] = []
        var current = ContactSheet(width: 0, height: 0, placements: [])
        var x = 0
        var y = 0
        var shelf = 0
        for index in order {
            let size = sizes[index]
            if x > 0 && x + size.width > limitWidth {
                x = 0
                y += shelf + gap
                shelf = 0
            }
            if y > 0 && y + size.height > limitHeight {
                sheets.append(current)
                current = ContactSheet(width: 0, height: 0, placements: [])
                x = 0
                y = 0
                shelf = 0
            }
            current.placements.append(Placement(tile: index, x: x, y: y, width: size.width, height: size.height))
            current.width = max(current.width, x + size.width)
            current.height = max(current.height, y + size.height)
            x += size.width + gap
            shelf = max(shelf, size.height)
        }
        if !current.placements.isEmpty { sheets.append(current) }
        return sheets
    }
}
