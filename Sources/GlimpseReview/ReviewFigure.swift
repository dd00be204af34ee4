import GlimpseFormat

/// One scheme of one frame, as `templates/review/partials/figure.mustache` presents it: before,
/// after and the difference side by side at their exact size, the changed area outlined, and with
/// JavaScript an onion skin and a slider where both images exist.
struct ReviewFigure: Encodable {
    var id: String
    var caption: String
    var root: String
    var cells: [Cell]
    var overlay: Overlay?

    struct Cell: Encodable {
        /// "Before", "After" or "Difference".
        var label: String
        var path: String
        var stage: String
        var scheme: String
        var width: Int
        var height: Int
        /// The changed area's box, over the after image.
        var outline: String?
    }

    struct Overlay: Encodable {
        var scheme: String
        var before: String
        var after: String
        var width: Int
        var height: Int
    }

    /// Figures for one review page.
    struct Maker {
        /// From the page to the review's root, where the images are.
        var root: String
        /// `--pixels`' scale: the box is in image pixels, the page in points.
        var scale: Int

        /// `nil` when the scheme has no image at all.
        func figure(_ pixels: DiffReport.SchemePixels, id: String) -> ReviewFigure? {
            let cells = [("Before", pixels.base), ("After", pixels.new), ("Difference", pixels.diff)]
                .compactMap { label, path in path.map { cell(label, path: $0, pixels: pixels) } }
            guard !cells.isEmpty else { return nil }
            var overlay: Overlay?
            if let before = pixels.base, let after = pixels.new, pixels.changedPixels > 0 {
                overlay = Overlay(
                    scheme: pixels.scheme, before: before, after: after, width: pixels.width, height: pixels.height)
            }
            return ReviewFigure(id: id, caption: caption(pixels), root: root, cells: cells, overlay: overlay)
        }

        func caption(_ pixels: DiffReport.SchemePixels) -> String {
            if let box = pixels.box {
                let count = ReviewSite.count(pixels.changedPixels)
                return
                    "\(pixels.scheme): \(count) pixels changed, within \(box.width)×\(box.height) at (\(box.x), "
                    + "\(box.y))"
            }
            return pixels.base != nil && pixels.new != nil ? "\(pixels.scheme): no pixel changed" : pixels.scheme
        }

        /// The difference is opaque, drawn on the page; before and after on their scheme's
        /// wallpaper, the after one with the changed area outlined.
        func cell(_ label: String, path: String, pixels: DiffReport.SchemePixels) -> Cell {
            let stage =
                label == "Difference"
                ? "review-stage review-plain" : "stage-canvas review-stage stage-\(pixels.scheme)"
            var outline: String?
            if label == "After", let box = pixels.box, pixels.diff != nil {
                outline =
                    "left:\(12 + box.x / scale - 2)px;top:\(12 + box.y / scale - 2)px;"
                    + "width:\(box.width / scale + 4)px;height:\(box.height / scale + 4)px"
            }
            return Cell(
                label: label, path: path, stage: stage, scheme: pixels.scheme, width: pixels.width,
                height: pixels.height, outline: outline)
        }
    }
}
