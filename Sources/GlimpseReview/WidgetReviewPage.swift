import Foundation
import GlimpseDiff
import GlimpseFormat
import GlimpseGallery

/// The review page of one changed widget, `widgets/<app>/<scenario>/<family>.html`: its day, its
/// changed frames before and after, its reload log and diagnostics.
enum WidgetReviewPage {
    /// From this page to the review's root.
    static let root = "../../../"

    static func path(of widget: DiffReport.WidgetChange) -> String {
        "widgets/"
            + Gallery.folder(
                app: widget.app, scenario: widget.scenario, family: widget.family, variant: widget.variant) + ".html"
    }

    /// The page of the widget's first changed frame before and after, which its row of the list
    /// shows: as deep as its page, so that the same links reach the galleries.
    static func picturePath(of widget: DiffReport.WidgetChange) -> String {
        "pictures/" + path(of: widget).dropFirst("widgets/".count)
    }

    /// What `templates/review/widget.mustache` presents. Pure: the widget's change in, a model out.
    struct Model: Encodable {
        var links: [Link]
        var key: String
        var status: String
        var looksDifferent: Bool
        var headline: String
        var timeline: [Segment]
        var preview: Preview?
        var sections: [Section]
        var reloads: Reloads?
        var diagnostics: ReviewDiagnostics?
        /// `undecided`, `approved` or `changes-requested`, and who said so.
        var decision: String
        var said: String?
        var showsDecision: Bool
        /// Served by `glimpse review`: the decision buttons, the comment forms and the keys.
        var live: Bool
        /// The changed widgets before and after this one, in the summary's order.
        var previous: Link?
        var next: Link?
        /// The schemes a comment may be pinned to.
        var schemes: [String]
        var comments: [ReviewContext.Comment]
    }

    struct Link: Encodable {
        var href: String
        var label: String
        /// The first link has no separator before it.
        var first: Bool
    }

    /// One frame on the day's bar, placed by its share of the day.
    struct Segment: Encodable {
        var style: String
        var label: String
        var anchor: String
        var changed: Bool
    }

    /// An added or removed widget's first frame.
    struct Preview: Encodable {
        var title: String
        var figures: [ReviewFigure]
    }

    /// Frames, storyboard steps or the placeholder.
    struct Section: Encodable {
        var title: String
        var id: String
        var frames: [Frame]
    }

    struct Frame: Encodable {
        var anchor: String
        var stateText: String
        var change: String
        var texts: Texts?
        /// Its HTML changed, its pixels did not.
        var drawsTheSame: Bool
        var hasFigures: Bool
        var figures: [ReviewFigure]
        /// The frame in each gallery's page, where it has one.
        var beforeHref: String?
        var afterHref: String?
        /// `approved` or `changes-requested` when a decision was made on this frame alone, and its
        /// words. Named apart from the page's `decision`, which a missing value would fall back to.
        var frameDecision: String?
        var frameDecisionText: String?
        var frameComments: [ReviewContext.Comment]
        /// Without `--pixels`: each scheme before and after, drawn by the browser (`CausePictures`).
        var pairs: [CausePictures.Pair] = []
        var hasPairs = false
    }

    struct Texts: Encodable {
        var before: String
        var after: String
        /// What made them change: each source whose words differ.
        var sources: [DiffReport.SourceChange] = []
    }

    struct Reloads: Encodable {
        /// "budgetUsed 12 → 14; refused 0 → 2".
        var measures: String?
        var hasRows: Bool
        var rows: [ReloadRow]
    }

    struct ReloadRow: Encodable {
        var time: String
        var reason: String
        var change: String
        var before: String
        var after: String
    }

    /// The widgets before and after a page's, in the summary's order.
    struct Neighbours {
        var previous: DiffReport.WidgetChange?
        var next: DiffReport.WidgetChange?
    }

    static func model(
        _ widget: DiffReport.WidgetChange, report: DiffReport, timeline: [Timelines.Segment], context: ReviewContext,
        neighbours: Neighbours = Neighbours()
    ) -> Model {
        let figures = ReviewFigure.Maker(root: root, scale: max(report.pixels?.scale ?? 1, 1))
        let schemes = Set((widget.frames + widget.storyboard).flatMap { $0.pixels ?? [] }.map(\.scheme))
        return Model(
            links: links(widget, report: report, context: context), key: widget.key, status: widget.status,
            looksDifferent: widget.visual == true, headline: widget.headline,
            timeline: segments(widget, timeline: timeline),
            preview: widget.preview.map { preview in
                Preview(
                    title: widget.status == "added" ? "The new widget" : "The removed widget",
                    figures: preview.compactMap { figures.figure($0, id: "preview-\($0.scheme)") })
            },
            sections: sections(widget, report: report, figures: figures, context: context), reloads: reloads(widget),
            diagnostics: ReviewDiagnostics.of(widget.diagnostics, heading: "Diagnostics", id: "diagnostics-h"),
            decision: widget.decisionState, said: widget.decision.map(\.said),
            showsDecision: context.showsDecisions || widget.decision != nil, live: context.live,
            previous: neighbours.previous.map { Link(href: root + path(of: $0), label: $0.key, first: true) },
            next: neighbours.next.map { Link(href: root + path(of: $0), label: $0.key, first: true) },
            schemes: schemes.isEmpty ? ["light", "dark", "tinted"] : schemes.sorted(),
            comments: context.comments(on: widget, frame: nil))
    }

    /// Back to the summary, and to the widget's page in each gallery.
    static func links(_ widget: DiffReport.WidgetChange, report: DiffReport, context: ReviewContext) -> [Link] {
        var links = [Link(href: "\(root)index.html", label: "All changes", first: true)]
        if let page = widget.basePage {
            let href = context.href(gallery: report.base.path, isBase: true, page: page, from: path(of: widget))
            links.append(Link(href: href, label: "base gallery page", first: false))
        }
        if let page = widget.newPage {
            let href = context.href(gallery: report.new.path, isBase: false, page: page, from: path(of: widget))
            links.append(Link(href: href, label: "new gallery page", first: false))
        }
        return links
    }

    /// The day as a bar: every frame of the widget, the changed ones marked and linked.
    static func segments(_ widget: DiffReport.WidgetChange, timeline: [Timelines.Segment]) -> [Segment] {
        let day = max(timeline.map { $0.offset + $0.duration }.max() ?? 0, 24 * 3600)
        let changed = Set((widget.frames + widget.storyboard).filter { $0.anchor.hasPrefix("t-") }.map(\.offset))
        return timeline.map { segment in
            let left = Double(segment.offset) / Double(day) * 100
            let width = max(Double(segment.duration) / Double(day) * 100, 0.4)
            return Segment(
                style: String(format: "left:%.3f%%;width:%.3f%%", left, width),
                label: "\(segment.anchor) \(segment.state)",
                anchor: segment.anchor, changed: changed.contains(segment.offset))
        }
    }

    /// Frames, storyboard steps and the placeholder, each section only when it has something.
    static func sections(
        _ widget: DiffReport.WidgetChange, report: DiffReport, figures: ReviewFigure.Maker, context: ReviewContext
    ) -> [Section] {
        // Section ids start "section-": a frame's anchor may be any word, "placeholder" among them.
        let all = [
            ("Frames", "frames", widget.frames), ("Tap storyboard", "storyboard", widget.storyboard),
            ("Placeholder", "placeholder", [widget.placeholder].compactMap { $0 }),
        ]
        let pagePath = path(of: widget)
        func href(_ isBase: Bool, _ frame: DiffReport.FrameChange) -> String? {
            guard frame.change != (isBase ? "added" : "removed"),
                let page = isBase ? widget.basePage : widget.newPage
            else { return nil }
            let gallery = isBase ? report.base.path : report.new.path
            return context.href(gallery: gallery, isBase: isBase, page: page, from: pagePath, anchor: frame.anchor)
        }
        return all.filter { !$0.2.isEmpty }.map { title, id, frames in
            Section(
                title: title, id: id,
                frames: frames.map { change in
                    var model = frame(change, figures: figures)
                    model.beforeHref = href(true, change)
                    model.afterHref = href(false, change)
                    model.frameDecision = context.frameDecision(widget, frame: change.anchor)
                    model.frameDecisionText = model.frameDecision?.replacingOccurrences(of: "-", with: " ")
                    model.frameComments = context.comments(on: widget, frame: change.anchor)
                    return model
                })
        }
    }

    static func frame(_ frame: DiffReport.FrameChange, figures: ReviewFigure.Maker) -> Frame {
        var texts: Texts?
        if frame.textsBefore != nil || frame.textsAfter != nil {
            texts = Texts(
                before: (frame.textsBefore ?? ["—"]).joined(separator: " · "),
                after: (frame.textsAfter ?? ["—"]).joined(separator: " · "), sources: frame.sources ?? [])
        }
        let drawn = (frame.pixels ?? []).compactMap { figures.figure($0, id: "\(frame.anchor)-\($0.scheme)") }
        return Frame(
            anchor: frame.anchor, stateText: frame.stateText, change: frame.change, texts: texts,
            drawsTheSame: frame.pixels != nil && frame.change == "changed" && !frame.pixelsChanged,
            hasFigures: frame.pixels != nil, figures: drawn, frameComments: [])
    }

    static func reloads(_ widget: DiffReport.WidgetChange) -> Reloads? {
        guard !widget.reloads.isEmpty || !widget.reloadRows.isEmpty else { return nil }
        let measures = widget.reloads.map { "\($0.measure) \($0.before) → \($0.after)" }.joined(separator: "; ")
        return Reloads(
            measures: widget.reloads.isEmpty ? nil : measures, hasRows: !widget.reloadRows.isEmpty,
            rows: widget.reloadRows.map {
                ReloadRow(
                    time: DiffReport.FrameChange.clock($0.at), reason: $0.reason, change: $0.change,
                    before: $0.before ?? "—", after: $0.after ?? "—")
            })
    }
}

/// Each widget's day as both galleries had it, for the timeline on its review page.
struct Timelines {
    struct Segment {
        var offset: Int
        var duration: Int
        var anchor: String
        var state: String
    }

    private var days: [String: [Segment]] = [:]

    init(base: Gallery, new: Gallery) {
        // The new day where there is one; a removed widget's, from the base.
        for gallery in [base, new] {
            for widget in gallery.manifest.widgets {
                let now = Manifest.date(widget.now)
                days[Gallery.key(of: widget, in: gallery.manifest)] = widget.frames.map { frame in
                    let start = GalleryDiff.offset(frame.start, from: now)
                    let end = GalleryDiff.offset(frame.end, from: now)
                    return Segment(
                        offset: start, duration: max(end - start, 0), anchor: frame.anchor, state: frame.state)
                }
            }
        }
    }

    func frames(of widget: DiffReport.WidgetChange) -> [Segment] { days[widget.key] ?? [] }
}
