import Foundation
import GlimpseCore

/// An image in memory: 8-bit red, green, blue and alpha per pixel, row by row, not premultiplied
/// (as PNG stores it).
package struct RGBAImage: Sendable, Equatable {
    package let width: Int
    package let height: Int
    /// `width × height × 4` bytes.
    package var pixels: [UInt8]

    /// The most pixels an image may hold: 16384 × 16384, 1 GiB of RGBA. A screenshot or PNG
    /// that claims more is refused before any memory is taken for it.
    package static let maximumPixels = Limits.imagePixels.value

    package init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(
            width >= 0 && height >= 0 && pixels.count == width * height * 4, "pixels do not match \(width)×\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A transparent image.
    package init(width: Int, height: Int) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
    }

    /// Whether both images hold the same pixels, byte for byte (`memcmp`: `==` on the arrays
    /// compares element by element, which an unoptimised build does slowly).
    package func sameBytes(as other: RGBAImage) -> Bool {
        guard width == other.width, height == other.height else { return false }
        return pixels.withUnsafeBytes { one in
            other.pixels.withUnsafeBytes { two in
                one.count == 0 || memcmp(one.baseAddress!, two.baseAddress!, one.count) == 0
            }
        }
    }

    /// The rectangle at (`x`, `y`) of `width` × `height`, clipped to the image.
    package func cropped(x: Int, y: Int, width: Int, height: Int) -> RGBAImage {
        let left = max(0, min(x, self.width))
        let top = max(0, min(y, self.height))
        let right = max(left, min(x + width, self.width))
        let bottom = max(top, min(y + height, self.height))
        let rowBytes = (right - left) * 4
        guard rowBytes > 0, bottom > top else { return RGBAImage(width: right - left, height: bottom - top) }
        var result = [UInt8](repeating: 0, count: rowBytes * (bottom - top))
        pixels.withUnsafeBufferPointer { source in
            result.withUnsafeMutableBufferPointer { target in
                for row in 0..<(bottom - top) {
                    let from = ((top + row) * self.width + left) * 4
                    target.baseAddress!.advanced(by: row * rowBytes).update(
                        from: source.baseAddress!.advanced(by: from), count: rowBytes)
                }
            }
        }
        return RGBAImage(width: right - left, height: bottom - top, pixels: result)
    }
}
