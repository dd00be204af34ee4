import GlimpseFormat
import GlimpseGallery

/// Without `--pixels`: the widgets each changed stylesheet selector can draw differently, read
/// from the new gallery's pages (each frame's classes, `AssetReach.classes(of:)`), so that a
/// rule's cause reaches them and the review can show a few of them before and after. Only the
/// widgets both galleries have; none is read when no selector names a class.
package enum RuleReach {
    /// Sets each changed selector's `widgets` in `report` (left as they are where `--pixels` set
    /// them), then its causes again.
    ///
    /// - Throws: `GalleryError` for a page of the new gallery that cannot be read.
    package static func find(_ report: inout DiffReport, base: Gallery, new: Gallery) async throws {
        let reaches = report.assets.map { asset in
            asset.rules == nil || asset.rules?.contains(where: { $0.widgets != nil }) == true
                ? [] : AssetReach.bySelector(asset, base: base, new: new) ?? []
        }
        guard reaches.joined().contains(where: { $0 != .nothing }) else { return }
        let before = Set(Gallery.keyed(base.manifest).keys)
        let widgets = new.manifest.widgets.filter { before.contains(Gallery.key(of: $0, in: new.manifest)) }
        var reached = reaches.map { Array(repeating: Set<String>(), count: $0.count) }
        var seen = Set<String>()
        let pages = widgets.map(\.page).filter { seen.insert($0).inserted }
        for start in stride(from: 0, to: pages.count, by: pagesPerBatch) {
            let batch = Set(pages[start..<min(start + pagesPerBatch, pages.count)])
            let markup = try await GalleryMarkup.read(new, pages: batch)
            for widget in widgets where batch.contains(widget.page) {
                let key = Gallery.key(of: widget, in: new.manifest)
                for anchor in Gallery.anchors(of: widget) {
                    for root in markup.widgets(page: widget.page, anchor: anchor) {
                        let classes = AssetReach.classes(of: root.markup)
                        for (asset, rules) in reaches.enumerated() {
                            for (rule, reach) in rules.enumerated() where reach.reaches(classes) {
                                reached[asset][rule].insert(key)
                            }
                        }
                    }
                }
            }
        }
        for (asset, byRule) in reached.enumerated() where !byRule.isEmpty {
            for (rule, keys) in byRule.enumerated() { report.assets[asset].rules?[rule].widgets = keys.sorted() }
        }
        DiffCauses.attribute(&report, language: GalleryDiff.language(of: new.manifest))
    }

    /// Pages read at a time, so that memory does not grow with the gallery.
    static let pagesPerBatch = 64
}
