import Foundation
import GlimpseDiff
import GlimpseFormat
import GlimpseGallery
import GlimpseShots
import GlimpseTemplates

/// Before and after pictures of a few changes of each cause, without `--pixels`: drawn by the
/// reviewer's own browser from the two galleries' markup. Each frame stands alone in an iframe
/// (its `srcdoc`: the frame's widget root and its own gallery's stylesheets, no script), so that no
/// style of the review, or of the other gallery, reaches it.
enum CausePictures {
    /// One change of a cause: its first changed frame, before and after, in its first scheme.
    struct Picture: Encodable {
        var key: String
        var anchor: String
        var scheme: String
        /// The frame's document before and after; nil on the side that does not draw it.
        var before: String?
        var after: String?
        var width: Int
        var height: Int
        /// How it is shown: at most `shownHeight` points high, scaled as a whole.
        var scale: String
        var shownWidth: Int
        var shownHeight: Int

        init(
            key: String, anchor: String, scheme: String, before: String?, after: String?, width: Int, height: Int,
            within limit: Limit = Limit(width: .max, height: CausePictures.shownHeight)
        ) {
            (self.key, self.anchor, self.scheme, self.before, self.after) = (key, anchor, scheme, before, after)
            (self.width, self.height) = (width, height)
            let factor = limit.factor(width: width, height: height)
            scale = String(format: "%.3f", factor)
            (shownWidth, shownHeight) = limit.shown(width: width, height: height)
        }
    }

    /// The most a picture is shown at, in points: it is scaled as a whole to fit.
    struct Limit {
        var width: Int
        var height: Int

        func factor(width frameWidth: Int, height frameHeight: Int) -> Double {
            min(1, Double(height) / Double(max(frameHeight, 1)), Double(width) / Double(max(frameWidth, 1)))
        }

        /// A frame of `frameWidth` × `frameHeight` as shown, in whole points.
        func shown(width frameWidth: Int, height frameHeight: Int) -> (width: Int, height: Int) {
            let factor = factor(width: frameWidth, height: frameHeight)
            return (Int((Double(frameWidth) * factor).rounded(.up)), Int((Double(frameHeight) * factor).rounded(.up)))
        }
    }

    /// The height a picture is shown at, at most: a strip to glance at.
    static let shownHeight = 120

    /// Changes pictured for each cause, and causes pictured: a glance, not the review.
    static let perCause = 3
    static let causes = 12

    /// Pictures of the first changes of the first causes, by cause id; a page that cannot be read
    /// leaves its side out.
    /// `manifests`: both galleries' widgets (`manifestWidgets`), keyed once for the whole review.
    static func of(
        _ report: DiffReport, base: Gallery, new: Gallery, manifests: [String: Manifest.Widget],
        context: ReviewContext
    ) -> [String: [Picture]] {
        let widgets = Dictionary(report.widgets.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let look = { (isBase: Bool) in stylesheets(isBase, report: report, context: context, from: "index.html") }
        var pages = PageCache()
        var pictures: [String: [Picture]] = [:]
        for cause in report.causes.prefix(causes) {
            let keys = cause.widgets.isEmpty ? reached(by: cause, in: report) : shown(cause, widgets)
            pictures[cause.id] = keys.prefix(perCause).compactMap { key -> Picture? in
                widgets[key].flatMap { first(of: $0, manifests[key], base: base, new: new, pages: &pages, look: look) }
            }
        }
        return pictures
    }

    /// The first changed frame of `widget` (its first scheme), before and after, shown within
    /// `limit`; nil when neither gallery has the widget's size.
    /// `look(isBase)` is the stylesheets each side's frame links.
    static func first(
        of widget: DiffReport.WidgetChange, _ manifest: Manifest.Widget?, base: Gallery, new: Gallery,
        pages: inout PageCache, within limit: Limit = Limit(width: .max, height: CausePictures.shownHeight),
        look: (Bool) -> [String]
    ) -> Picture? {
        guard let size = manifest?.size else { return nil }
        // A widget with no frame at all is pictured as missing on both sides.
        let anchor = (widget.frames + widget.storyboard).first?.anchor ?? manifest?.frames.first?.anchor ?? ""
        let before = widget.basePage.flatMap { pages.root(of: base, page: $0, anchor: anchor) }
        let after = widget.newPage.flatMap { pages.root(of: new, page: $0, anchor: anchor) }
        return Picture(
            key: widget.key, anchor: anchor, scheme: (after ?? before)?.scheme ?? "light",
            before: before.map { document($0.markup, stylesheets: look(true)) },
            after: after.map { document($0.markup, stylesheets: look(false)) }, width: size.width,
            height: size.height, within: limit)
    }

    /// The most a widget's picture is shown at in the list of changed widgets: an inline
    /// accessory is narrowed as a Large widget is lowered.
    static let row = Limit(width: 144, height: 64)

    /// A changed widget's picture for its row of the list (`first`), as a page of its own at
    /// `path` (`WidgetReviewPage.picturePath`), which the row loads when it is scrolled to: the
    /// list's page stays small however many widgets changed.
    /// `pages`: the galleries' pages read so far (the widget's own page reads them too).
    static func row(
        of widget: DiffReport.WidgetChange, _ manifest: Manifest.Widget?, report: DiffReport, base: Gallery,
        new: Gallery, context: ReviewContext, at path: String, pages: inout PageCache
    ) -> Picture? {
        first(of: widget, manifest, base: base, new: new, pages: &pages, within: row) {
            stylesheets($0, report: report, context: context, from: path)
        }
    }

    /// The changes of `cause` to picture first: those whose drawn words it changed (not only what
    /// VoiceOver says), and Home Screen families before the Lock Screen's; else in the cause's order.
    static func shown(_ cause: DiffReport.Cause, _ widgets: [String: DiffReport.WidgetChange]) -> [String] {
        let rank = { (key: String) -> Int in
            guard let widget = widgets[key] else { return 3 }
            let drawn = widget.frames.contains { frame in
                (frame.sources ?? []).contains { cause.subject == $0.source }
            }
            return (drawn ? 0 : 1) + (widget.family.hasPrefix("system") ? 0 : 2)
        }
        return cause.widgets.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }
            .map(\.element)
    }

    /// The widgets a changed selector reaches (`AssetChange.rules`), for a rule that changed no
    /// widget's markup and was not drawn (`--pixels`): what it may have drawn differently. None
    /// for another cause.
    static func reached(by cause: DiffReport.Cause, in report: DiffReport) -> [String] {
        guard cause.kind == "rule" else { return [] }
        for asset in report.assets {
            for rule in asset.rules ?? [] where DiffCauses.ruleID(path: asset.path, selector: rule.selector) == cause.id
            {
                return rule.widgets ?? []
            }
        }
        return []
    }

    /// One scheme of a changed frame, before and after, at its size: for a widget's page.
    struct Pair: Encodable {
        var scheme: String
        var before: String?
        var after: String?
        var width: Int
        var height: Int
    }

    /// Each changed frame, storyboard step and the placeholder of `widget`, by anchor: every scheme
    /// either gallery draws, before and after, for its page at `pagePath`.
    /// `size` is the widget's (`manifestWidgets`, keyed once for every page); `pages`, the
    /// galleries' pages read so far.
    static func frames(
        of widget: DiffReport.WidgetChange, size: Manifest.Size, report: DiffReport, base: Gallery, new: Gallery,
        context: ReviewContext, from pagePath: String, pages: inout PageCache
    ) -> [String: [Pair]] {
        let look = { (isBase: Bool) in stylesheets(isBase, report: report, context: context, from: pagePath) }
        var pairs: [String: [Pair]] = [:]
        for frame in widget.frames + widget.storyboard + [widget.placeholder].compactMap({ $0 }) {
            let before = widget.basePage.map { pages.roots(of: base, page: $0, anchor: frame.anchor) } ?? []
            let after = widget.newPage.map { pages.roots(of: new, page: $0, anchor: frame.anchor) } ?? []
            let schemes = (after.map(\.scheme) + before.map(\.scheme)).reduce(into: [String]()) {
                if !$0.contains($1) { $0.append($1) }
            }
            pairs[frame.anchor] = schemes.map { scheme in
                Pair(
                    scheme: scheme,
                    before: before.first { $0.scheme == scheme }.map { document($0.markup, stylesheets: look(true)) },
                    after: after.first { $0.scheme == scheme }.map { document($0.markup, stylesheets: look(false)) },
                    width: size.width, height: size.height)
            }
        }
        return pairs
    }

    /// Both galleries' widgets by key, the new one's where both have it: each widget's size and frames.
    static func manifestWidgets(base: Gallery, new: Gallery) -> [String: Manifest.Widget] {
        Gallery.keyed(new.manifest).merging(Gallery.keyed(base.manifest)) { new, _ in new }
    }

    /// What draws a frame of one gallery, as linked from the review page at `pagePath`: its fonts
    /// and stylesheet.
    static func stylesheets(
        _ isBase: Bool, report: DiffReport, context: ReviewContext, from pagePath: String
    )
        -> [String]
    {
        ["assets/fonts.css", "assets/glimpse.css"].map { asset in
            context.href(
                gallery: isBase ? report.base.path : report.new.path, isBase: isBase, page: asset, from: pagePath)
        }
    }

    /// A frame alone: its widget root on a page with its gallery's stylesheets and nothing else.
    static func document(_ markup: String, stylesheets: [String]) -> String {
        "<!doctype html><html><head><meta charset=\"utf-8\">"
            + stylesheets.map { "<link rel=\"stylesheet\" href=\"\(HTML.escape($0))\">" }.joined()
            + "<style>html,body{margin:0;padding:0;background:transparent;overflow:hidden}</style></head><body>"
            + markup + "</body></html>"
    }

    /// The galleries' pages read once each.
    struct PageCache {
        var read: [String: FrameMarkup.Page?] = [:]

        /// The first scheme's widget root of `anchor` on `page` of `gallery`; nil when it cannot be read.
        mutating func root(of gallery: Gallery, page: String, anchor: String) -> FrameMarkup.Widget? {
            roots(of: gallery, page: page, anchor: anchor).first
        }

        /// Each scheme's widget root of `anchor` on `page` of `gallery`; none when it cannot be read.
        mutating func roots(of gallery: Gallery, page: String, anchor: String) -> [FrameMarkup.Widget] {
            let url = gallery.page(page)
            if read[url.path] == nil {
                read[url.path] = try? FrameMarkup.read(Gallery.read(url, limit: FrameMarkup.maximumPageBytes))
            }
            return read[url.path]??.widgets.filter { $0.anchor == anchor } ?? []
        }
    }
}
