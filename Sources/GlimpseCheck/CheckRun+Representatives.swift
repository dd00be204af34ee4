import Foundation
import GlimpseCore
import GlimpseFormat
import GlimpseGallery
import GlimpseShots

extension CheckRun {
    /// Draws the frame that shows each problem best (`ProblemRank.Best`) once more, alone, for the
    /// report: one picture per problem, whatever the number of its findings. Their pages are read
    /// again, a few hundred frames at most, rather than every frame's picture kept while measuring.
    ///
    /// - Returns: each picture (PNG) by `FrameImage.name` of its frame.
    static func drawRepresentatives(
        _ best: ProblemRank.Best, of gallery: Gallery, cameras: [SheetCamera], options: Options
    ) async throws -> [String: Data] {
        let frames = Set(best.frames.values.map(\.key)).sorted { FrameImage.name($0) < FrameImage.name($1) }
        guard !frames.isEmpty, let camera = cameras.first else { return [:] }
        let markup = try await GalleryMarkup.read(gallery, pages: Set(frames.map(\.page)))
        let sizes = Dictionary(
            gallery.manifest.widgets.map { (Gallery.key(of: $0, in: gallery.manifest), $0.size) },
            uniquingKeysWith: { one, _ in one })
        var tiles: [(key: FrameKey, markup: String, width: Int, height: Int)] = []
        for key in frames {
            guard let size = sizes[key.widget.key],
                let root = markup.widgets(page: key.page, anchor: key.anchor).first(where: { $0.scheme == key.scheme })
            else { continue }
            tiles.append((key, root.markup, size.width, size.height))
        }
        let script = try measuringScript()
        var images: [String: Data] = [:]
        for sheet in ContactSheet.pack(tiles.map { ($0.width, $0.height) }, scale: options.scale) {
            let inspection = try await camera.inspect(
                sheet, markup: sheet.placements.map { tiles[$0.tile].markup }, script: script)
            for placement in sheet.placements {
                let probe = PixelProbe(
                    drawn: inspection.drawn, withoutText: inspection.withoutText, scale: options.scale,
                    behindScale: inspection.withoutTextScale,
                    tile: (placement.x, placement.y, placement.width, placement.height))
                images[FrameImage.name(tiles[placement.tile].key)] = try probe.tileImage.pngData()
            }
        }
        return images
    }
}
