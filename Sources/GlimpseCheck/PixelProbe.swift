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
            var most = -1
            for rect in rects {
                pixels.forEachPixel(in: rect) { offset in
                    let under = pixels.behind(offset)
                    guard pixels.withoutText[under + 3] >= 250 else { return }
                    most = max(most, pixels.squaredDistance(offset, under))
                }
            }
            guard most >= 0 else { return nil }
            // A change of under 4 (of 255, as a distance) is no text drawn: both colours are the background.
            let floor = most >= 16 ? Int((Double(most) * 0.49).rounded(.up)) : 0
            var text = Histogram()
            var background = Histogram()
            for rect in rects {
                pixels.forEachPixel(in: rect) { offset in
                    let under = pixels.behind(offset)
                    guard pixels.withoutText[under + 3] >= 250, pixels.squaredDistance(offset, under) >= floor else {
                        return
                    }
                    background.add(pixels.withoutText, under)
                    if most >= 16 { text.add(pixels.drawn, offset) }
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
            for band in bands {
                pixels.forEachPixel(in: band) { offset in
                    if pixels.drawn[offset + 3] >= 250 { colours.add(pixels.drawn, offset) }
                }
            }
            return colours.median
        }
    }

    /// How many points of the tile (one pixel read per point) differ clearly, by more than 20 of 255
    /// in a channel, from its most common colour: none for a widget that draws nothing on its background.
    var ink: Int {
        withPixels { pixels in
            let drawn = pixels.drawn
            // The most common colour to 4 bits a channel, then the mean of the pixels in that bucket.
            var counts = [Int](repeating: 0, count: 1 << 12)
            pixels.forEachPoint { offset in
                counts[Int(drawn[offset] >> 4) << 8 | Int(drawn[offset + 1] >> 4) << 4 | Int(drawn[offset + 2] >> 4)] +=
                    1
            }
            guard let mode = counts.indices.max(by: { counts[$0] < counts[$1] }), counts[mode] > 0 else { return 0 }
            var sums = (0, 0, 0)
            pixels.forEachPoint { offset in
                let (r, g, b) = (drawn[offset], drawn[offset + 1], drawn[offset + 2])
                guard Int(r >> 4) << 8 | Int(g >> 4) << 4 | Int(b >> 4) == mode else { return }
                sums = (sums.0 + Int(r), sums.1 + Int(g), sums.2 + Int(b))
            }
            let modal = (sums.0 / counts[mode], sums.1 / counts[mode], sums.2 / counts[mode])
            var inked = 0
            pixels.forEachPoint { offset in
                if abs(Int(drawn[offset]) - modal.0) > 20 || abs(Int(drawn[offset + 1]) - modal.1) > 20
                    || abs(Int(drawn[offset + 2]) - modal.2) > 20
                {
                    inked += 1
                }
            }
            return inked
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

    /// The offset in `withoutText` of the pixel behind the drawn pixel at `offset`.
    func behind(_ offset: Int) -> Int {
        let pixel = offset / 4
        let (column, row) = (pixel % drawnWidth * behindScale / scale, pixel / drawnWidth * behindScale / scale)
        return (min(row, behindHeight - 1) * behindWidth + min(column, behindWidth - 1)) * 4
    }

    func squaredDistance(_ offset: Int, _ under: Int) -> Int {
        let r = Int(drawn[offset]) - Int(withoutText[under])
        let g = Int(drawn[offset + 1]) - Int(withoutText[under + 1])
        let b = Int(drawn[offset + 2]) - Int(withoutText[under + 2])
        return r * r + g * g + b * b
    }

    /// One opaque drawn pixel per point of the tile, by its offset.
    func forEachPoint(_ body: (Int) -> Void) {
        let (x0, y0) = (tile.x * scale, tile.y * scale)
        for row in stride(from: y0, to: min(y0 + tile.height * scale, drawnHeight), by: scale) {
            for column in stride(from: x0, to: min(x0 + tile.width * scale, drawnWidth), by: scale) {
                let offset = (row * drawnWidth + column) * 4
                if drawn[offset + 3] >= 250 { body(offset) }
            }
        }
    }

    /// Each drawn pixel of `rect` (points from the tile's corner), inside the tile, by its offset.
    func forEachPixel(in rect: [Double], _ body: (Int) -> Void) {
        guard rect.count == 4 else { return }
        let s = Double(scale)
        let left = max(0, Int((rect[0] * s).rounded(.down)))
        let top = max(0, Int((rect[1] * s).rounded(.down)))
        let right = min(tile.width * scale, Int(((rect[0] + rect[2]) * s).rounded(.up)))
        let bottom = min(tile.height * scale, Int(((rect[1] + rect[3]) * s).rounded(.up)))
        guard right > left, bottom > top else { return }
        let (x0, y0) = (tile.x * scale, tile.y * scale)
        for row in (y0 + top)..<min(y0 + bottom, drawnHeight) {
            for column in (x0 + left)..<min(x0 + right, drawnWidth) { body((row * drawnWidth + column) * 4) }
        }
    }
}

/// Counts of each channel's values, for a median of many pixels without keeping them.
struct Histogram {
    private var counts = [[Int]](repeating: [Int](repeating: 0, count: 256), count: 3)
    private var total = 0

    mutating func add(_ pixels: UnsafeBufferPointer<UInt8>, _ offset: Int) {
        counts[0][Int(pixels[offset])] += 1
        counts[1][Int(pixels[offset + 1])] += 1
        counts[2][Int(pixels[offset + 2])] += 1
        total += 1
    }

    /// Each channel's median (the lower of the middle two); nil for no pixels.
    var median: Colour? {
        guard total > 0 else { return nil }
        let channel = { (values: [Int]) -> Double in
            var seen = 0
            for (value, count) in values.enumerated() {
                seen += count
                if seen > (self.total - 1) / 2 { return Double(value) }
            }
            return 255
        }
        return Colour(red: channel(counts[0]), green: channel(counts[1]), blue: channel(counts[2]))
    }
}
