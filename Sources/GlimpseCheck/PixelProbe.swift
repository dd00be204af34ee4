import GlimpseShots

/// What the pixels of one tile say: the colours of a text as drawn and of what is behind it, the
/// colour beside a drawing, and how much the tile draws at all.
struct PixelProbe: Sendable {
    /// The tile as drawn, and without its text.
    var drawn: RGBAImage
    var withoutText: RGBAImage
    /// Device pixels per point.
    var scale: Int

    /// A text's colour as drawn and the colour behind it, from the pixels of `rects` (points):
    /// the pixels the text changes most (at least 70 % of the most any changes) are its colour, and
    /// the same pixels without the text are its background, so that anti-aliased edges are not
    /// taken for either. A text drawn in its background's colour changes nothing: both are that colour.
    ///
    /// - Returns: nil when the rects cover no opaque pixel.
    func textColours(in rects: [[Double]]) -> (text: Colour, background: Colour)? {
        var pairs: [(drawn: Colour, behind: Colour, distance: Double)] = []
        for rect in rects {
            forEachPixel(in: rect) { offset in
                guard withoutText.pixels[offset + 3] >= 250 else { return }
                let drawnColour = colour(drawn, offset)
                let behind = colour(withoutText, offset)
                pairs.append((drawnColour, behind, distance(drawnColour, behind)))
            }
        }
        guard let most = pairs.map(\.distance).max() else { return nil }
        guard most >= 4 else {
            let background = Colour.median(pairs.map(\.behind))!
            return (background, background)
        }
        let core = pairs.filter { $0.distance >= most * 0.7 }
        return (Colour.median(core.map(\.drawn))!, Colour.median(core.map(\.behind))!)
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
        var colours: [Colour] = []
        for band in bands {
            forEachPixel(in: band) { offset in
                if drawn.pixels[offset + 3] >= 250 { colours.append(colour(drawn, offset)) }
            }
        }
        return Colour.median(colours)
    }

    /// How many of the tile's opaque pixels differ clearly (by more than 20 of 255 in a channel) from
    /// its most common colour: none for a widget that draws nothing on its background.
    var ink: Int {
        let pixels = drawn.pixels
        var counts = [Int](repeating: 0, count: 1 << 15)
        var opaque = 0
        for offset in stride(from: 0, to: pixels.count, by: 4) where pixels[offset + 3] >= 250 {
            counts[Int(pixels[offset] >> 3) << 10 | Int(pixels[offset + 1] >> 3) << 5 | Int(pixels[offset + 2] >> 3)] +=
                1
            opaque += 1
        }
        guard opaque > 0, let mode = counts.indices.max(by: { counts[$0] < counts[$1] }) else { return 0 }
        let modal = [(mode >> 10) & 31, (mode >> 5) & 31, mode & 31].map { $0 * 8 + 4 }
        var inked = 0
        for offset in stride(from: 0, to: pixels.count, by: 4) where pixels[offset + 3] >= 250 {
            if abs(Int(pixels[offset]) - modal[0]) > 20 || abs(Int(pixels[offset + 1]) - modal[1]) > 20
                || abs(Int(pixels[offset + 2]) - modal[2]) > 20
            {
                inked += 1
            }
        }
        return inked
    }

    private func forEachPixel(in rect: [Double], _ body: (Int) -> Void) {
        guard rect.count == 4 else { return }
        let s = Double(scale)
        let left = max(0, Int((rect[0] * s).rounded(.down)))
        let top = max(0, Int((rect[1] * s).rounded(.down)))
        let right = min(drawn.width, Int(((rect[0] + rect[2]) * s).rounded(.up)))
        let bottom = min(drawn.height, Int(((rect[1] + rect[3]) * s).rounded(.up)))
        guard right > left, bottom > top else { return }
        for row in top..<bottom {
            for column in left..<right { body((row * drawn.width + column) * 4) }
        }
    }

    private func colour(_ image: RGBAImage, _ offset: Int) -> Colour {
        Colour(
            red: Double(image.pixels[offset]), green: Double(image.pixels[offset + 1]),
            blue: Double(image.pixels[offset + 2]))
    }

    private func distance(_ one: Colour, _ two: Colour) -> Double {
        let (r, g, b) = (one.red - two.red, one.green - two.green, one.blue - two.blue)
        return (r * r + g * g + b * b).squareRoot()
    }
}
