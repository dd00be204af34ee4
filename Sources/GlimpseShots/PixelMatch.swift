import Foundation

/// Compares two images as pixelmatch does (mapbox/pixelmatch, and its Python port on PyPI): a
/// pixel differs when the squared YIQ distance of its colours (alpha blended over white) exceeds
/// `35215 × threshold²`, unless it looks like anti-aliasing in either image (Vysniauskas, "Anti-
/// aliased Pixel and Intensity Slope Detector", 2009). Pure.
package enum PixelMatch {
    /// What a comparison found.
    package struct Result: Sendable, Equatable {
        /// Pixels that differ, anti-aliasing aside.
        package var changed: Int
        /// Pixels that differ only as anti-aliasing does.
        package var antialiased: Int
        /// The smallest rectangle holding every changed pixel, or `nil` when none changed.
        package var box: Box?
        /// The difference image: the first image faded to grey, changed pixels red, anti-aliased ones
        /// yellow. `nil` unless asked for, and for images byte for byte the same.
        package var image: RGBAImage?
    }

    package struct Box: Sendable, Equatable, Codable {
        package var x: Int
        package var y: Int
        package var width: Int
        package var height: Int

        package init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// Compares `first` with `second`, which must be the same size.
    ///
    /// - Parameters:
    ///   - threshold: 0…1; smaller is more sensitive. pixelmatch's default is 0.1.
    ///   - drawing: whether to make the difference image.
    package static func compare(
        _ first: RGBAImage, _ second: RGBAImage, threshold: Double = 0.1, drawing: Bool = false
    ) -> Result {
        precondition(first.width == second.width && first.height == second.height, "images of different sizes")
        let width = first.width
        let height = first.height
        // The loop reads both through unchecked pointers.
        precondition(
            first.pixels.count == width * height * 4 && second.pixels.count == width * height * 4,
            "pixels do not match \(width)×\(height)")
        if first.sameBytes(as: second) {
            return Result(changed: 0, antialiased: 0, box: nil, image: nil)
        }
        var tally = Tally(maxDelta: 35215 * threshold * threshold)
        var output = [UInt8](repeating: 0, count: drawing ? width * height * 4 : 0)
        first.pixels.withUnsafeBufferPointer { one in
            second.pixels.withUnsafeBufferPointer { two in
                output.withUnsafeMutableBufferPointer { out in
                    guard let one = one.baseAddress, let two = two.baseAddress else { return }
                    // An empty array has an address too, that of every empty array: nothing is drawn there.
                    tally.count(one, two, width: width, height: height, drawing: drawing ? out.baseAddress : nil)
                }
            }
        }
        return Result(
            changed: tally.changed, antialiased: tally.antialiased, box: tally.box,
            image: drawing ? RGBAImage(width: width, height: height, pixels: output) : nil)
    }

    /// A comparison's counts, and the box of the changed pixels, as its loop goes.
    private struct Tally {
        let maxDelta: Double
        var changed = 0
        var antialiased = 0
        var minX = Int.max
        var minY = Int.max
        var maxX = -1
        var maxY = -1

        var box: Box? {
            changed == 0 ? nil : Box(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        }

        /// Every pixel of two images of `width` × `height`, drawing the difference image into
        /// `drawing` when given. Pointers and `while` loops: `make test` runs a debug build, where a
        /// buffer's subscript or a range's iterator is a call for each pixel, and this loop was a
        /// third of a diff's time.
        mutating func count(
            _ one: UnsafePointer<UInt8>, _ two: UnsafePointer<UInt8>, width: Int, height: Int,
            drawing out: UnsafeMutablePointer<UInt8>?
        ) {
            var y = 0
            while y < height {
                var x = 0
                while x < width {
                    let position = (y * width + x) * 4
                    let delta = colorDelta(one, two, position, position, yOnly: false)
                    if delta > maxDelta || -delta > maxDelta {
                        if isAntialiased(one, x, y, width, height, two) || isAntialiased(two, x, y, width, height, one)
                        {
                            antialiased += 1
                            if let out { draw(out, position, 255, 255, 0) }
                        } else {
                            changed += 1
                            if x < minX { minX = x }
                            if x > maxX { maxX = x }
                            if y < minY { minY = y }
                            if y > maxY { maxY = y }
                            if let out { draw(out, position, 255, 0, 0) }
                        }
                    } else if let out {
                        let grey = grey(one, position)
                        draw(out, position, grey, grey, grey)
                    }
                    x += 1
                }
                y += 1
            }
        }
    }

    /// The first image as the difference image shows it where nothing changed.
    static func faded(_ image: RGBAImage) -> RGBAImage {
        var output = [UInt8](repeating: 0, count: image.pixels.count)
        image.pixels.withUnsafeBufferPointer { pixels in
            output.withUnsafeMutableBufferPointer { outBuffer in
                guard let base = pixels.baseAddress, let out = outBuffer.baseAddress else { return }
                var position = 0
                while position + 3 < pixels.count {
                    let grey = grey(base, position)
                    draw(out, position, grey, grey, grey)
                    position += 4
                }
            }
        }
        return RGBAImage(width: image.width, height: image.height, pixels: output)
    }

    /// A pixel's brightness, blended towards white at 10 % of its opacity.
    static func grey(_ pixels: UnsafePointer<UInt8>, _ position: Int) -> Double {
        let y = rgb2y(
            Double(Int(pixels[position])), Double(Int(pixels[position + 1])), Double(Int(pixels[position + 2])))
        return blend(y, 0.1 * Double(Int(pixels[position + 3])) / 255)
    }

    static func draw(_ output: UnsafeMutablePointer<UInt8>, _ position: Int, _ r: Double, _ g: Double, _ b: Double) {
        output[position] = byte(r)
        output[position + 1] = byte(g)
        output[position + 2] = byte(b)
        output[position + 3] = 255
    }

    /// `UInt8(clamping: Int(value))`, with concrete conversions only: unoptimized, a generic
    /// conversion is a call, three for each pixel of a difference image.
    @inline(__always)
    static func byte(_ value: Double) -> UInt8 {
        let whole = Int(value)
        return UInt8(whole < 0 ? 0 : whole > 255 ? 255 : whole)
    }

    /// The squared YIQ distance between two pixels (signed: negative when the first is brighter),
    /// or with `yOnly` their difference in brightness.
    @inline(__always)
    static func colorDelta(
        _ one: UnsafePointer<UInt8>, _ two: UnsafePointer<UInt8>, _ k: Int, _ m: Int, yOnly: Bool
    ) -> Double {
        var r1 = Double(Int(one[k]))
        var g1 = Double(Int(one[k + 1]))
        var b1 = Double(Int(one[k + 2]))
        var a1 = Double(Int(one[k + 3]))
        var r2 = Double(Int(two[m]))
        var g2 = Double(Int(two[m + 1]))
        var b2 = Double(Int(two[m + 2]))
        var a2 = Double(Int(two[m + 3]))
        if a1 == a2 && r1 == r2 && g1 == g2 && b1 == b2 { return 0 }
        if a1 < 255 {
            a1 /= 255
            r1 = blend(r1, a1)
            g1 = blend(g1, a1)
            b1 = blend(b1, a1)
        }
        if a2 < 255 {
            a2 /= 255
            r2 = blend(r2, a2)
            g2 = blend(g2, a2)
            b2 = blend(b2, a2)
        }
        let y1 = rgb2y(r1, g1, b1)
        let y2 = rgb2y(r2, g2, b2)
        let y = y1 - y2
        if yOnly { return y }
        let i = rgb2i(r1, g1, b1) - rgb2i(r2, g2, b2)
        let q = rgb2q(r1, g1, b1) - rgb2q(r2, g2, b2)
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y1 > y2 ? -delta : delta
    }

    /// Whether the pixel at (`x1`, `y1`) is likely part of anti-aliasing: it has both darker and
    /// brighter neighbours, and the darkest or the brightest of them sits in a flat area in both images.
    static func isAntialiased(
        _ image: UnsafePointer<UInt8>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int,
        _ other: UnsafePointer<UInt8>
    ) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let position = (y1 * width + x1) * 4
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        var minDelta = 0.0
        var maxDelta = 0.0
        var minX = 0
        var minY = 0
        var maxX = 0
        var maxY = 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let delta = colorDelta(image, image, position, (y * width + x) * 4, yOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minDelta {
                    minDelta = delta
                    minX = x
                    minY = y
                } else if delta > maxDelta {
                    maxDelta = delta
                    maxX = x
                    maxY = y
                }
            }
        }
        if minDelta == 0 || maxDelta == 0 { return false }
        return (hasManySiblings(image, minX, minY, width, height) && hasManySiblings(other, minX, minY, width, height))
            || (hasManySiblings(image, maxX, maxY, width, height) && hasManySiblings(other, maxX, maxY, width, height))
    }

    /// Whether the pixel has three or more neighbours of exactly its colour.
    static func hasManySiblings(
        _ image: UnsafePointer<UInt8>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int
    ) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let position = (y1 * width + x1) * 4
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let other = (y * width + x) * 4
                if image[position] == image[other] && image[position + 1] == image[other + 1]
                    && image[position + 2] == image[other + 2] && image[position + 3] == image[other + 3]
                {
                    zeroes += 1
                }
                if zeroes > 2 { return true }
            }
        }
        return false
    }

    @inline(__always) static func rgb2y(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }
    @inline(__always) static func rgb2i(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }
    @inline(__always) static func rgb2q(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }
    /// Blends a channel with white at opacity `a`.
    @inline(__always) static func blend(_ c: Double, _ a: Double) -> Double { 255 + (c - 255) * a }
}
