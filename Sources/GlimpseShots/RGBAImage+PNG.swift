import CPNG
import Foundation

/// PNG through the system's libpng (Debian: libpng-dev), by its simplified API: any PNG libpng
/// reads (palette, grey, 16-bit, interlaced) comes out as 8-bit RGBA.
extension RGBAImage {
    /// `PNG_FORMAT_RGBA`, a macro Swift does not import: colour and alpha, 8 bits each.
    private static let rgba = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// Decodes a PNG file's bytes.
    ///
    /// - Parameter checksums: whether to check each chunk's CRC and the image data's Adler-32. A
    ///   screenshot handed over a pipe need not be: skipping them is a fifth of decoding it.
    /// - Throws: `PNGError` when libpng refuses the data, or the image is larger than `maximumPixels`.
    package init(png data: Data, checksums: Bool = true) throws(PNGError) {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let began = data.withUnsafeBytes { bytes in
            png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count)
        }
        guard began != 0 else { throw PNGError(message: Self.message(of: &image)) }
        defer { png_image_free(&image) }
        let width = Int(image.width)
        let height = Int(image.height)
        guard width > 0, height > 0, width * height <= Self.maximumPixels else {
            throw PNGError(message: "\(width)×\(height) is larger than \(Self.maximumPixels) pixels")
        }
        // 8-bit RGBA in sRGB, as a screenshot is, reads as it is stored, without its checksums.
        let plain =
            !checksums && image.format == Self.rgba && image.flags & UInt32(PNG_IMAGE_FLAG_COLORSPACE_NOT_sRGB) == 0
        image.format = Self.rgba
        // libpng writes every byte: no need to clear them first (a sheet is up to 64 MB).
        var finished: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            finished =
                plain
                ? data.withUnsafeBytes { bytes in
                    glimpse_png_read_rgba8(
                        bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, UInt32(width),
                        UInt32(height), buffer.baseAddress)
                } : 0
            if finished == 0 {
                finished = png_image_finish_read(&image, nil, buffer.baseAddress, Int32(width * 4), nil)
            }
            count = finished != 0 ? buffer.count : 0
        }
        guard finished != 0 else { throw PNGError(message: Self.message(of: &image)) }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The image as a PNG file, 8-bit RGBA.
    package func pngData() throws(PNGError) -> Data {
        guard width > 0, height > 0 else { throw PNGError(message: "an image of \(width)×\(height) cannot be a PNG") }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = Self.rgba
        // Speed over size (zlib level 3, simple filters): writing tiles is most of a snapshot's own work.
        image.flags = UInt32(PNG_IMAGE_FLAG_FAST)
        // Deflate never grows data by more than a few bytes per 16 KiB block; each row adds a filter byte.
        let raw = height * (width * 4 + 1)
        var capacity = raw + raw / 1000 + 4096
        for _ in 0..<2 {
            var output = [UInt8](repeating: 0, count: capacity)
            var size = capacity
            let written = pixels.withUnsafeBytes { source in
                output.withUnsafeMutableBytes { target in
                    png_image_write_to_memory(
                        &image, target.baseAddress, &size, 0, source.baseAddress, Int32(width * 4), nil)
                }
            }
            if written != 0 { return Data(output.prefix(size)) }
            // libpng says how much it needed when the buffer was too small.
            guard size > capacity else { throw PNGError(message: Self.message(of: &image)) }
            capacity = size
            image.warning_or_error = 0
        }
        throw PNGError(message: "libpng needed more room than it said")
    }

    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

/// What libpng said when it could not read or write an image.
package struct PNGError: Error, CustomStringConvertible {
    package var message: String
    package var description: String { "PNG: \(message)" }
}
