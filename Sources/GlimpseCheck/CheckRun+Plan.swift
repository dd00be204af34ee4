import GlimpseFormat
import GlimpseGallery

extension CheckRun {
    /// A frame in a scheme to draw: where it is and its markup.
    struct Tile: Sendable {
        var key: FrameKey
        var markup: String
        var width: Int
        var height: Int
        /// Its app's copy shown in English for want of a translation (`not-localized`).
        var notLocalized: [UntranslatedCopy] = []
        /// The text size it is drawn at: its own, or its app's cap below it.
        var drawnSize: String = "Large"
    }

    static func plan(_ gallery: Gallery, markup: GalleryMarkup, pages: Set<String>? = nil) -> [Tile] {
        var tiles: [Tile] = []
        let untranslated = UntranslatedCopy.byLanguage(gallery.manifest)
        for widget in gallery.manifest.widgets where pages?.contains(widget.page) ?? true {
            let key = Findings.WidgetKey(
                key: Gallery.key(of: widget, in: gallery.manifest), app: widget.app, scenario: widget.scenario,
                family: widget.family, device: widget.device ?? gallery.manifest.device.name,
                textSize: widget.textSize ?? "Large", locale: widget.locale ?? gallery.manifest.locale,
                pseudo: widget.pseudo ?? gallery.manifest.pseudo)
            for anchor in Gallery.anchors(of: widget) {
                for root in markup.widgets(page: widget.page, anchor: anchor) {
                    tiles.append(
                        Tile(
                            key: FrameKey(widget: key, page: widget.page, anchor: anchor, scheme: root.scheme),
                            markup: root.markup, width: widget.size.width, height: widget.size.height,
                            notLocalized: UntranslatedCopy.shown(on: widget, in: gallery.manifest, from: untranslated),
                            drawnSize: widget.cappedAt ?? widget.textSize ?? "Large"))
                }
            }
        }
        return tiles
    }
}
