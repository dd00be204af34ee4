import Foundation
import GlimpseFormat
import GlimpseShots

/// What `--pixels` draws, and how what it found goes back into the report. A candidate is a
/// frame or storyboard step the structural diff marks, or, when a shared asset changed (the
/// stylesheet, the fonts), every frame both galleries have; a widget with any candidate has its
/// placeholder compared too. What only one gallery has is drawn to be shown, not compared.
struct PixelPlan: Sendable {
    enum Side: Sendable { case base, new }
    enum Kind: Sendable { case frame, tap, placeholder, preview }

    /// A frame of one widget to draw from one gallery or both.
    struct Target: Sendable {
        var widget: Int
        var kind: Kind
        var offset: Int
        var start: String
        var baseAnchor: String?
        var newAnchor: String?
        var state: (before: String?, after: String?)
        /// The widget's size differs between the galleries: the frames are shown, not compared.
        var resized: Bool
    }

    /// One scheme of a target drawn from both galleries, to compare.
    struct Pair: Sendable {
        var target: Int
        var scheme: String
        var base: FrameShooter.Tile
        var new: FrameShooter.Tile
        var imagePath: String
    }

    /// One scheme of a target drawn from one gallery, to show.
    struct Single: Sendable {
        var target: Int
        var scheme: String
        var side: Side
        var tile: FrameShooter.Tile
        var imagePath: String
    }

    struct Work: Sendable {
        var pairs: [Pair] = []
        var singles: [Single] = []
        var framesCompared = 0
    }

    private(set) var targets: [Target]
    private(set) var basePages: Set<String> = []
    private(set) var newPages: Set<String> = []
    private let baseWidgets: [Int: Manifest.Widget]
    private let newWidgets: [Int: Manifest.Widget]
    /// Each widget's variant (`@430x932@AX5`), which names its images' folder.
    private let variants: [String]

    init(report: DiffReport, base: Gallery, new: Gallery) {
        // A stylesheet whose rules are the same (a comment, a reindent) draws every frame the same.
        let reachesAll = report.assets.contains { $0.sameRules != true }
        let before = GalleryDiff.keyed(base.manifest)
        let after = GalleryDiff.keyed(new.manifest)
        var targets: [Target] = []
        var baseWidgets: [Int: Manifest.Widget] = [:]
        var newWidgets: [Int: Manifest.Widget] = [:]
        for (index, change) in report.widgets.enumerated() {
            let old = before[change.key]
            let current = after[change.key]
            baseWidgets[index] = old
            newWidgets[index] = current
            guard let old, let current else {
                // An added or removed widget: its first frame, to show.
                if let preview = Self.previewTarget(widget: index, old: old, current: current) {
                    targets.append(preview)
                }
                continue
            }
            targets += Self.comparedTargets(
                widget: index, change: change, old: old, current: current, reachesAll: reachesAll)
        }
        self.targets = targets
        self.baseWidgets = baseWidgets
        self.newWidgets = newWidgets
        variants = report.widgets.map(\.variant)
        findPages()
    }

    /// The pages the targets are drawn from, in each gallery.
    private mutating func findPages() {
        basePages = Set(targets.compactMap { $0.baseAnchor == nil ? nil : baseWidgets[$0.widget]?.page })
        newPages = Set(targets.compactMap { $0.newAnchor == nil ? nil : newWidgets[$0.widget]?.page })
    }

    /// What each widget of `report` has to draw, by its index: its targets, and their area.
    func work(of report: DiffReport) -> [ShardSpec.Work] {
        var work = report.widgets.map { (key: $0.key, frames: 0, area: 0) }
        for target in targets {
            let size = (newWidgets[target.widget] ?? baseWidgets[target.widget])?.size
            work[target.widget].frames += 1
            work[target.widget].area += (size?.width ?? 0) * (size?.height ?? 0)
        }
        return work
    }

    /// The plan with only the targets of the widgets `keep` names (by index in the report).
    func keeping(_ keep: (Int) -> Bool) -> PixelPlan {
        var plan = self
        plan.targets = targets.filter { keep($0.widget) }
        plan.findPages()
        return plan
    }

    /// The first frame of a widget only one gallery has (`old` or `current`), to show; `nil` when it has none.
    static func previewTarget(widget index: Int, old: Manifest.Widget?, current: Manifest.Widget?) -> Target? {
        guard let frame = (current ?? old)?.frames.first else { return nil }
        return Target(
            widget: index, kind: .preview, offset: 0, start: frame.start,
            baseAnchor: current == nil ? frame.anchor : nil,
            newAnchor: current == nil ? nil : frame.anchor, state: (frame.state, frame.state),
            resized: false)
    }

    /// What to compare of a widget both galleries have: each frame and storyboard step the
    /// structural diff marked, or every one both have when a shared asset changed (`reachesAll`);
    /// then, if there is any, the placeholder.
    static func comparedTargets(
        widget index: Int, change: DiffReport.WidgetChange, old: Manifest.Widget, current: Manifest.Widget,
        reachesAll: Bool
    ) -> [Target] {
        let resized = old.size != current.size
        let baseNow = Manifest.date(old.now)
        let newNow = Manifest.date(current.now)
        var targets: [Target] = []
        for (kind, marked, first, second) in [
            (Kind.frame, change.frames, Self.steps(old.frames, baseNow), Self.steps(current.frames, newNow)),
            (
                Kind.tap, change.storyboard, Self.steps(old.storyboard ?? [], baseNow),
                Self.steps(current.storyboard ?? [], newNow)
            ),
        ] {
            var offsets = reachesAll ? Set(first.keys).intersection(second.keys) : []
            offsets.formUnion(marked.map(\.offset))
            for offset in offsets.sorted() {
                let one = first[offset]
                let two = second[offset]
                guard let start = two?.start ?? one?.start else { continue }
                targets.append(
                    Target(
                        widget: index, kind: kind, offset: offset, start: start, baseAnchor: one?.anchor,
                        newAnchor: two?.anchor,
                        state: (one?.state, two?.state), resized: resized))
            }
        }
        if !targets.isEmpty {
            targets.append(
                Target(
                    widget: index, kind: .placeholder, offset: 0, start: current.now,
                    baseAnchor: FrameMarkup.placeholderAnchor,
                    newAnchor: FrameMarkup.placeholderAnchor, state: (nil, nil), resized: resized))
        }
        return targets
    }

    /// A widget's frames or storyboard steps by their offset from its `now`.
    static func steps(_ frames: [Manifest.Frame], _ now: Date?) -> [Int: (anchor: String, start: String, state: String)]
    {
        Dictionary(
            frames.map { (GalleryDiff.offset($0.start, from: now), ($0.anchor, $0.start, $0.state)) },
            uniquingKeysWith: { first, _ in first })
    }

    static func steps(_ taps: [Manifest.Tap], _ now: Date?) -> [Int: (anchor: String, start: String, state: String)] {
        Dictionary(
            taps.map { (GalleryDiff.offset($0.at, from: now), ($0.anchor, $0.at, $0.state)) },
            uniquingKeysWith: { first, _ in first })
    }

    /// The tiles to draw, from each gallery's pages.
    func tiles(base: GalleryMarkup, new: GalleryMarkup) -> Work {
        var work = Work()
        for (index, target) in targets.enumerated() {
            let old = baseWidgets[target.widget]
            let current = newWidgets[target.widget]
            let widget = (current ?? old)!
            let name = target.kind == .preview ? "widget" : (target.newAnchor ?? target.baseAnchor ?? "frame")
            let folder =
                "img/"
                + GallerySnapshot.folder(
                    app: widget.app, scenario: widget.scenario, family: widget.family,
                    variant: variants[target.widget])
            func path(_ scheme: String) -> String {
                "\(folder)/\(GallerySnapshot.component(name)).\(GallerySnapshot.component(scheme))"
            }
            let first =
                target.baseAnchor.flatMap { anchor in old.map { base.widgets(page: $0.page, anchor: anchor) } } ?? []
            let second =
                target.newAnchor.flatMap { anchor in current.map { new.widgets(page: $0.page, anchor: anchor) } } ?? []
            var compared = false
            for root in second {
                let tile = FrameShooter.Tile(
                    markup: root.markup, width: current!.size.width, height: current!.size.height)
                if !target.resized, let match = first.first(where: { $0.scheme == root.scheme }), let old {
                    work.pairs.append(
                        Pair(
                            target: index, scheme: root.scheme,
                            base: FrameShooter.Tile(
                                markup: match.markup, width: old.size.width, height: old.size.height),
                            new: tile, imagePath: path(root.scheme)))
                    compared = true
                } else {
                    work.singles.append(
                        Single(target: index, scheme: root.scheme, side: .new, tile: tile, imagePath: path(root.scheme))
                    )
                }
            }
            for root in first where target.resized || !second.contains(where: { $0.scheme == root.scheme }) {
                work.singles.append(
                    Single(
                        target: index, scheme: root.scheme, side: .base,
                        tile: FrameShooter.Tile(markup: root.markup, width: old!.size.width, height: old!.size.height),
                        imagePath: path(root.scheme)))
            }
            if compared { work.framesCompared += 1 }
        }
        return work
    }
}
