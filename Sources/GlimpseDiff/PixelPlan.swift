import Foundation
import GlimpseFormat
import GlimpseGallery
import GlimpseReports
import GlimpseShots

/// What `--pixels` draws, and how what it found goes back into the report. A candidate is a
/// frame or storyboard step the structural diff marks, or, when a shared asset changed (the
/// stylesheet, the fonts), each frame both galleries have that the change reaches (`AssetReach`:
/// known only from the frame's markup, so `tiles` leaves out the schemes it does not reach); a
/// widget with any candidate has its placeholder compared too, if it is reached or the widget has
/// a marked frame. What only one gallery has is drawn to be shown, not compared.
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
        /// Drawn whatever a changed asset reaches: the structural diff marked it, or it shows a
        /// widget only one gallery has. Otherwise only a changed asset made it a candidate.
        var marked = true
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
        /// For each of the report's assets, the widgets (by index) with a frame drawn that it reaches.
        var reached: [Set<Int>] = []
        /// For each of the report's assets, for each of its changed selectors (`AssetChange.rules`),
        /// the widgets with a frame drawn that the selector's rules reach.
        var reachedByRule: [[Set<Int>]] = []
    }

    private(set) var targets: [Target]
    private(set) var basePages: Set<String> = []
    private(set) var newPages: Set<String> = []
    let baseWidgets: [Int: Manifest.Widget]
    let newWidgets: [Int: Manifest.Widget]
    /// Each widget's variant (`@430x932@AX5`), which names its images' folder.
    let variants: [String]
    /// What each of the report's changed assets reaches, in its order.
    let reaches: [AssetReach]
    /// What each changed selector of each asset reaches (none for an asset not told rule by rule).
    let ruleReaches: [[AssetReach]]

    init(report: DiffReport, base: Gallery, new: Gallery) {
        // A stylesheet whose rules are the same (a comment, a reindent) draws every frame the same;
        // a script, none at all.
        let reaches = report.assets.map { AssetReach.of($0, base: base, new: new) }
        let assetChanged = reaches.contains { $0 != .nothing }
        let before = Gallery.keyed(base.manifest)
        let after = Gallery.keyed(new.manifest)
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
                widget: index, change: change, old: old, current: current, assetChanged: assetChanged)
        }
        self.targets = targets
        self.baseWidgets = baseWidgets
        self.newWidgets = newWidgets
        self.reaches = reaches
        ruleReaches = report.assets.map { asset in
            asset.rules == nil ? [] : AssetReach.bySelector(asset, base: base, new: new) ?? []
        }
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
    /// structural diff marked, and every one both have when a shared asset changed (`assetChanged`),
    /// unmarked; then, if there is any, the placeholder, marked with the widget's marked frames.
    static func comparedTargets(
        widget index: Int, change: DiffReport.WidgetChange, old: Manifest.Widget, current: Manifest.Widget,
        assetChanged: Bool
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
            let markedOffsets = Set(marked.map(\.offset))
            let offsets = markedOffsets.union(assetChanged ? Set(first.keys).intersection(second.keys) : [])
            for offset in offsets.sorted() {
                let one = first[offset]
                let two = second[offset]
                guard let start = two?.start ?? one?.start else { continue }
                targets.append(
                    Target(
                        widget: index, kind: kind, offset: offset, start: start, baseAnchor: one?.anchor,
                        newAnchor: two?.anchor,
                        state: (one?.state, two?.state), resized: resized, marked: markedOffsets.contains(offset)))
            }
        }
        if !targets.isEmpty {
            targets.append(
                Target(
                    widget: index, kind: .placeholder, offset: 0, start: current.now,
                    baseAnchor: FrameMarkup.placeholderAnchor,
                    newAnchor: FrameMarkup.placeholderAnchor, state: (nil, nil), resized: resized,
                    marked: targets.contains(where: \.marked)))
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
}
