import GlimpseFormat
import GlimpseGallery
import GlimpseShots

extension PixelPlan {
    /// A widget root of one scheme, as a page holds it.
    typealias Root = (scheme: String, markup: String)

    /// The tiles to draw, from each gallery's pages: every scheme of a marked target, and of one
    /// only a changed asset made a candidate, the schemes whose markup before or after it reaches;
    /// with the widgets each changed asset reached.
    func tiles(base: GalleryMarkup, new: GalleryMarkup) -> Work {
        var work = Work(
            reached: Array(repeating: [], count: reaches.count),
            reachedByRule: ruleReaches.map { Array(repeating: [], count: $0.count) })
        for (index, target) in targets.enumerated() {
            var first =
                target.baseAnchor.flatMap { anchor in
                    baseWidgets[target.widget].map { base.widgets(page: $0.page, anchor: anchor) }
                } ?? []
            var second =
                target.newAnchor.flatMap { anchor in
                    newWidgets[target.widget].map { new.widgets(page: $0.page, anchor: anchor) }
                } ?? []
            if target.kind != .preview {
                let kept = reachedSchemes(first + second, of: target, into: &work)
                first = first.filter { kept.contains($0.scheme) }
                second = second.filter { kept.contains($0.scheme) }
            }
            add(target, at: index, first: first, second: second, to: &work)
        }
        return work
    }

    /// The schemes of `roots` (a target's, from both galleries) to draw: every one of a marked
    /// target, and those a changed asset reaches. Each asset that reaches one counts the target's
    /// widget in `work.reached`.
    private func reachedSchemes(_ roots: [Root], of target: Target, into work: inout Work) -> Set<String> {
        let readsMarkup = (reaches + ruleReaches.joined()).contains(where: \.readsMarkup)
        var kept: Set<String> = target.marked ? Set(roots.map(\.scheme)) : []
        for root in roots {
            let classes = readsMarkup ? AssetReach.classes(of: root.markup) : nil
            for (asset, reach) in reaches.enumerated() where reach.reaches(classes) {
                work.reached[asset].insert(target.widget)
                kept.insert(root.scheme)
                for (rule, byRule) in ruleReaches[asset].enumerated() where byRule.reaches(classes) {
                    work.reachedByRule[asset][rule].insert(target.widget)
                }
            }
        }
        return kept
    }

    /// Adds the target's tiles: a pair for each scheme both galleries draw at one size, to
    /// compare; a single for each other, to show.
    private func add(_ target: Target, at index: Int, first: [Root], second: [Root], to work: inout Work) {
        let old = baseWidgets[target.widget]
        let current = newWidgets[target.widget]
        var compared = false
        for root in second {
            guard let current else { break }
            let tile = FrameShooter.Tile(markup: root.markup, width: current.size.width, height: current.size.height)
            if !target.resized, let match = first.first(where: { $0.scheme == root.scheme }), let old {
                let before = FrameShooter.Tile(markup: match.markup, width: old.size.width, height: old.size.height)
                work.pairs.append(
                    Pair(
                        target: index, scheme: root.scheme, base: before, new: tile,
                        imagePath: imagePath(of: target, scheme: root.scheme)))
                compared = true
            } else {
                work.singles.append(
                    Single(
                        target: index, scheme: root.scheme, side: .new, tile: tile,
                        imagePath: imagePath(of: target, scheme: root.scheme)))
            }
        }
        for root in first where target.resized || !second.contains(where: { $0.scheme == root.scheme }) {
            guard let old else { break }
            work.singles.append(
                Single(
                    target: index, scheme: root.scheme, side: .base,
                    tile: FrameShooter.Tile(markup: root.markup, width: old.size.width, height: old.size.height),
                    imagePath: imagePath(of: target, scheme: root.scheme)))
        }
        if compared { work.framesCompared += 1 }
    }

    /// Where a target's images of `scheme` go: `img/<app>/<scenario>/<family><variant>/<anchor>.<scheme>`.
    private func imagePath(of target: Target, scheme: String) -> String {
        let widget = (newWidgets[target.widget] ?? baseWidgets[target.widget])!
        let name = target.kind == .preview ? "widget" : (target.newAnchor ?? target.baseAnchor ?? "frame")
        let folder = Gallery.folder(
            app: widget.app, scenario: widget.scenario, family: widget.family, variant: variants[target.widget])
        return "img/\(folder)/\(Gallery.component(name)).\(Gallery.component(scheme))"
    }
}
