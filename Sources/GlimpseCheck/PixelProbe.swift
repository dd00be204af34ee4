import GlimpseShots

/// What the pixels of one tile of a sheet say: the colours of a text as drawn and of what is behind
/// it, the colour beside a drawing, and how much the tile draws at all. It reads the sheet's images
/// in place, never a copy of the tile.
struct PixelProbe: Sendable {
    /// The sheet as drawn, at `scale` device pixels per point.
    var drawn: RGBAImage
    /// The sheet without its text, at `behindScale` device pixels per point (what is behind a text
    /// is smooth: half the resolution reads it as well, for a quarter of the pixels).
    var withoutText: RGBAImage
    var scale: Int
    var behindScale: Int
    /// The tile's place on the sheet, in points.
    var tile: (x: Int, y: Int, width: Int, height: Int)

    init(
        drawn: RGBAImage, withoutText: RGBAImage, scale: Int, behindScale: Int? = nil, tile: (Int, Int, Int, Int)? = nil
    ) {
        self.drawn = drawn
        self.withoutText = withoutText
        self.scale = scale
        self.behindScale = behindScale ?? scale
        self.tile = tile ?? (0, 0, drawn.width / max(scale, 1), drawn.height / max(scale, 1))
    }

    /// The tile as drawn, cut out of the sheet: for the report.
    var tileImage: RGBAImage {
        drawn.cropped(x: tile.x * scale, y: tile.y * scale, width: tile.width * scale, height: tile.height * scale)
    }

    /// A text's colour as drawn and the colour behind it, from the pixels of `rects` (points):
    /// the pixels the text changes most (at least 70 % of the most any changes) are its colour, and
    /// the same pixels without the text are its background, so that anti-aliased edges are not
    /// taken for either. A text drawn in its background's colour changes nothing: both are that colour.
    ///
    /// - Returns: nil when the rects cover no opaque pixel.
    func textColours(in rects: [[Double]]) -> (text: Colour, background: Colour)? {
        withPixels { pixels in
            // Squared distances in whole numbers, and medians from histograms: no array per pixel.
            // Loops, not closures: a closure's captured counters live on the heap, checked at each use.
            let regions = rects.compactMap { pixels.region($0) }
            let drawn = pixels.drawn
            let behind = pixels.withoutText
            var most = -1
            for region in regions {
                for (rowOffset, behindRow) in region.rows {
                    for (column, behindColumn) in region.columns {
                        let (offset, under) = (rowOffset + column, behindRow + behindColumn)
                        guard behind[under + 3] >= 250 else { continue }
                        most = max(most, pixels.squaredDistance(offset, under))
                    }
                }
            }
            guard most >= 0 else { return nil }
            // A change of under 4 (of 255, as a distance) is no text drawn: both colours are the background.
            let floor = most >= 16 ? Int((Double(most) * 0.49).rounded(.up)) : 0
            var text = Histogram()
            var background = Histogram()
            for region in regions {
                for (rowOffset, behindRow) in region.rows {
                    for (column, behindColumn) in region.columns {
                        let (offset, under) = (rowOffset + column, behindRow + behindColumn)
                        guard behind[under + 3] >= 250, pixels.squaredDistance(offset, under) >= floor else {
                            continue
                        }
                        background.add(behind, under)
                        if most >= 16 { text.add(drawn, offset) }
                    }
                }
            }
            guard let behindColour = background.median else { return nil }
            return (text.median ?? behindColour, behindColour)
        }
    }

    /// The colour beside a drawing: the median of the drawn pixels in a band `width` points wide
    /// around `box`, inside the tile.
    func colourBeside(_ box: [Double], width: Double = 2) -> Colour? {
        guard box.count == 4 else { return nil }
        let (x, y, w, h) = (box[0], box[1], box[2], box[3])
        let bands = [
            [x - width, y - width, w + 2 * width, width], [x - width, y + h, w + 2 * width, width],
            [x - width, y, width, h], [x + w, y, width, h],
        ]
        return withPixels { pixels in
            var colours = Histogram()
            for region in bands.compactMap({ pixels.region($0) }) {
                for (rowOffset, _) in region.rows {
                    for (column, _) in region.columns where pixels.drawn[rowOffset + column + 3] >= 250 {
                        colours.add(pixels.drawn, rowOffset + column)
                    }
                }
            }
            return colours.median
        }
    }

    /// How many points of the tile (one pixel read per point) differ clearly, by more than 20 of 255
    /// in a channel, from its most common colour: none for a widget that draws nothing on its background.
    var ink: Int {
        withPixels { pixels in
            // Pointers and `while` loops: `make test` runs a debug build, where an array's
            // iterator or subscript is a call for each pixel, and this was most of a check's own time.
            pixels.points().withUnsafeBufferPointer { points in
                guard let drawn = pixels.drawn.baseAddress, let offsets = points.baseAddress else { return 0 }
                // The most common colour to 4 bits a channel, then the mean of the pixels in that bucket.
                let bucket = { (offset: Int) in
                    Int(drawn[offset]) / 16 * 256 + Int(drawn[offset + 1]) / 16 * 16 + Int(drawn[offset + 2]) / 16
                }
                var counts = [Int](repeating: 0, count: 1 << 12)
                let (mode, modeCount) = counts.withUnsafeMutableBufferPointer { buffer in
                    let counts = buffer.baseAddress.unsafelyUnwrapped
                    var index = 0
                    while index < points.count {
                        counts[bucket(offsets[index])] += 1
                        index += 1
                    }
                    var mode = 0
                    for candidate in 1..<buffer.count where counts[candidate] > counts[mode] { mode = candidate }
                    return (mode, counts[mode])
                }
                guard modeCount > 0 else { return 0 }
                var sums = (0, 0, 0)
                var index = 0
                while index < points.count {
                    let offset = offsets[index]
                    index += 1
                    guard bucket(offset) == mode else { continue }
                    sums = (
                        sums.0 + Int(drawn[offset]), sums.1 + Int(drawn[offset + 1]), sums.2 + Int(drawn[offset + 2])
                    )
                }
                let modal = (sums.0 / modeCount, sums.1 / modeCount, sums.2 / modeCount)
                let far = { (value: UInt8, mean: Int) in Int(value) - mean > 20 || mean - Int(value) > 20 }
                var inked = 0
                index = 0
                while index < points.count {
                    let offset = offsets[index]
                    if far(drawn[offset], modal.0) || far(drawn[offset + 1], modal.1) || far(drawn[offset + 2], modal.2)
                    {
                        inked += 1
                    }
                    index += 1
                }
                return inked
            }
        }
    }

    /// `body` given both images' bytes in place. Reading `drawn.pixels[…]` pixel by pixel copies
    /// the image at each read in a build without optimisation (its array retained and released):
    /// that was most of `glimpse check`'s time in `make test`, which runs the debug binary.
    private func withPixels<Result>(_ body: (Pixels) -> Result) -> Result {
        drawn.pixels.withUnsafeBufferPointer { drawnBytes in
            withoutText.pixels.withUnsafeBufferPointer { behindBytes in
                body(
                    Pixels(
                        drawn: drawnBytes, withoutText: behindBytes, drawnWidth: drawn.width,
                        drawnHeight: drawn.height, behindWidth: withoutText.width, behindHeight: withoutText.height,
                        scale: scale, behindScale: behindScale, tile: tile))
            }
        }
    }
}

/// A probe's images as bytes and sizes, for the loops over their pixels.
private struct Pixels {
    let drawn: UnsafeBufferPointer<UInt8>
    let withoutText: UnsafeBufferPointer<UInt8>
    let drawnWidth: Int
    let drawnHeight: Int
    let behindWidth: Int
    let behindHeight: Int
    let scale: Int
    let behindScale: Int
    let tile: (x: Int, y: Int, width: Int, height: Int)

    func squaredDistance(_ offset: Int, _ under: Int) -> Int {
        let r = Int(drawn[offset]) - Int(withoutText[under])
        let g = Int(drawn[offset + 1]) - Int(withoutText[under + 1])
        let b = Int(drawn[offset + 2]) - Int(withoutText[under + 2])
        return r * r + g * g + b * b
    }

    /// The offsets of one opaque drawn pixel per point of the tile.
    func points() -> [Int] {
        let (x0, y0) = (tile.x * scale, tile.y * scale)
        var offsets: [Int] = []
        guard let drawn = drawn.baseAddress, scale > 0 else { return offsets }
        offsets.reserveCapacity(tile.width * tile.height)
        let (rowEnd, columnEnd) = (min(y0 + tile.height * scale, drawnHeight), min(x0 + tile.width * scale, drawnWidth))
        var row = y0
        while row < rowEnd {
            var column = x0
            while column < columnEnd {
                let offset = (row * drawnWidth + column) * 4
                if drawn[offset + 3] >= 250 { offsets.append(offset) }
                column += scale
            }
            row += scale
        }
        return offsets
    }

    /// The drawn pixels of a rect, row by row: each row's offset in `drawn` with the offset of
    /// the row behind it in `withoutText`, and each column's offset within a row with the
    /// column's behind it. A pixel is at `row.0 + column.0`; what is behind it at `row.1 + column.1`.
    struct Region {
        var rows: [(Int, Int)]
        var columns: [(Int, Int)]
    }

    /// The drawn pixels of `rect` (points from the tile's corner), inside the tile and the image;
    /// nil when there are none.
    func region(_ rect: [Double]) -> Region? {
        guard rect.count == 4 else { return nil }
        let s = Double(scale)
        let left = max(0, Int((rect[0] * s).rounded(.down)))
        let top = max(0, Int((rect[1] * s).rounded(.down)))
        let right = min(tile.width * scale, Int(((rect[0] + rect[2]) * s).rounded(.up)))
        let bottom = min(tile.height * scale, Int(((rect[1] + rect[3]) * s).rounded(.up)))
        guard right > left, bottom > top else { return nil }
        let (x0, y0) = (tile.x * scale, tile.y * scale)
        let rows = (y0 + top)..<min(y0 + bottom, drawnHeight)
        let columns = (x0 + left)..<min(x0 + right, drawnWidth)
        guard !rows.isEmpty, !columns.isEmpty else { return nil }
        return Region(
            rows: rows.map { ($0 * drawnWidth * 4, min($0 * behindScale / scale, behindHeight - 1) * behindWidth * 4) },
            columns: columns.map { ($0 * 4, min($0 * behindScale / scale, behindWidth - 1) * 4) })
    }
}

/// Counts of each channel's values, for a median of many pixels without keeping them.
struct Histogram {
    /// Red's 256 counts, then green's, then blue's.
    private var counts = [Int](repeating: 0, count: 768)
    private var total = 0

    mutating func add(_ pixels: UnsafeBufferPointer<UInt8>, _ offset: Int) {
        counts.withUnsafeMutableBufferPointer { counts in
            counts[Int(pixels[offset])] += 1
            counts[256 + Int(pixels[offset + 1])] += 1
            counts[512 + Int(pixels[offset + 2])] += 1
        }
        total += 1
    }

    /// Each channel's median (the lower of the middle two); nil for no pixels.
    var median: Colour? {
        guard total > 0 else { return nil }
        let channel = { (first: Int) -> Double in
            var seen = 0
            for value in 0..<256 {
                seen += self.counts[first + value]
                if seen > (self.total - 1) / 2 { return Double(value) }
            }
            return 255
        }
        return Colour(red: channel(0), green: channel(256), blue: channel(512))
    }
}
