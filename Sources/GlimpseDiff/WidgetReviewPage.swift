import Foundation
import GlimpseFormat

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
                days[GalleryDiff.key(of: widget, in: gallery.manifest)] = widget.frames.map { frame in
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

/// The review page of one changed widget: `widgets/<app>/<scenario>/<family>.html`.
struct WidgetReviewPage {
    var widget: DiffReport.WidgetChange
    var report: DiffReport
    var timeline: [Timelines.Segment]
    var out: URL

    static func path(of widget: DiffReport.WidgetChange) -> String {
        "widgets/" + [widget.app, widget.scenario, widget.family].map(GallerySnapshot.component).joined(separator: "/")
            + ".html"
    }

    var path: String { Self.path(of: widget) }
    /// From this page to the review's root.
    let root = "../../../"

    var html: String {
        let e = ReviewSite.e
        let folder = out.appendingPathComponent(path).deletingLastPathComponent()
        var links = ["<a href=\"\(root)index.html\">All changes</a>"]
        if let page = widget.basePage {
            links.append(
                "<a href=\"\(e(ReviewSite.relative(report.base.path, page, from: folder)))\">base gallery page</a>")
        }
        if let page = widget.newPage {
            links.append(
                "<a href=\"\(e(ReviewSite.relative(report.new.path, page, from: folder)))\">new gallery page</a>")
        }
        var body = """
            <header class="page-head">
            <p class="breadcrumb">\(links.joined(separator: " · "))</p>
            <h1><bdi>\(e(widget.key))</bdi> <span class="pill state">\(e(widget.status))</span>\
            \(widget.visual == true ? " <span class=\"badge badge-warning\">looks different</span>" : "")</h1>
            <p class="meta">\(e(JUnitReport.headline(widget)))</p>
            </header>

            """
        body += timelineSection()
        if let preview = widget.preview {
            body +=
                "<section aria-labelledby=\"preview-h\"><h2 id=\"preview-h\">\(widget.status == "added" ? "The new widget" : "The removed widget"), first frame</h2>\n"
            body += preview.map { figure($0, id: "preview-\($0.scheme)") }.joined() + "</section>\n"
        }
        for (title, id, frames) in [
            ("Frames", "frames", widget.frames), ("Tap storyboard", "storyboard", widget.storyboard),
            ("Placeholder", "placeholder", [widget.placeholder].compactMap { $0 }),
        ] where !frames.isEmpty {
            // Section ids start "section-": a frame's anchor may be any word, "placeholder" among them.
            body += "<section aria-labelledby=\"section-\(id)\"><h2 id=\"section-\(id)\">\(title)</h2>\n"
            for frame in frames { body += section(frame) }
            body += "</section>\n"
        }
        body += reloadSection()
        body += ReviewSite.diagnostics(widget.diagnostics, heading: "Diagnostics", id: "diagnostics-h")
        return ReviewSite.page(title: widget.key, root: root, body: body, script: true)
    }

    /// The day as a bar: every frame of the widget, the changed ones marked and linked.
    func timelineSection() -> String {
        let e = ReviewSite.e
        let day = max(timeline.map { $0.offset + $0.duration }.max() ?? 0, 24 * 3600)
        let changed = Set((widget.frames + widget.storyboard).filter { $0.anchor.hasPrefix("t-") }.map(\.offset))
        var html = "<section aria-labelledby=\"timeline-h\"><h2 id=\"timeline-h\">The day</h2>\n"
        html +=
            "<p class=\"hint\">Every frame of the widget's 24 hours; the changed ones are marked and link to their comparison.</p>\n"
        html += "<ol class=\"review-timeline\">\n"
        for segment in timeline {
            let left = Double(segment.offset) / Double(day) * 100
            let width = max(Double(segment.duration) / Double(day) * 100, 0.4)
            let style = String(format: "left:%.3f%%;width:%.3f%%", left, width)
            let label = "\(segment.anchor) \(segment.state)"
            if changed.contains(segment.offset) {
                html +=
                    "<li class=\"is-changed\" style=\"\(style)\"><a href=\"#\(e(segment.anchor))\" title=\"\(e(label)), changed\">"
                    + "<span class=\"visually-hidden\">\(e(label)), changed</span></a></li>\n"
            } else {
                html +=
                    "<li style=\"\(style)\" title=\"\(e(label))\"><span class=\"visually-hidden\">\(e(label))</span></li>\n"
            }
        }
        return html
            + "</ol>\n<p class=\"review-legend\"><span class=\"key\"></span> unchanged <span class=\"key is-changed\"></span> changed</p>\n</section>\n"
    }

    func section(_ frame: DiffReport.FrameChange) -> String {
        let e = ReviewSite.e
        var html =
            "<article class=\"review-frame\" id=\"\(e(frame.anchor))\" aria-labelledby=\"\(e(frame.anchor))-h\">\n"
        html +=
            "<h3 id=\"\(e(frame.anchor))-h\"><code>\(e(frame.anchor))</code> \(e(frame.stateText)) <span class=\"pill state\">\(e(frame.change))</span></h3>\n"
        if frame.textsBefore != nil || frame.textsAfter != nil {
            html +=
                "<dl class=\"review-texts\"><dt>Before</dt><dd><bdi>\(e((frame.textsBefore ?? ["—"]).joined(separator: " · ")))</bdi></dd>"
                + "<dt>After</dt><dd><bdi>\(e((frame.textsAfter ?? ["—"]).joined(separator: " · ")))</bdi></dd></dl>\n"
        }
        if let pixels = frame.pixels {
            if frame.change == "changed" && !frame.pixelsChanged {
                html +=
                    "<p class=\"hint\">Its HTML changed, but it draws the same pixels in every scheme: no visual change.</p>\n"
            }
            html +=
                "<div class=\"review-schemes\">\n"
                + pixels.map { figure($0, id: "\(frame.anchor)-\($0.scheme)") }.joined() + "</div>\n"
        }
        return html + "</article>\n"
    }

    /// One scheme: before, after and the difference side by side at their exact size, with an
    /// onion skin and a slider where both exist (with JavaScript).
    func figure(_ pixels: DiffReport.SchemePixels, id: String) -> String {
        let e = ReviewSite.e
        let size = (width: pixels.width, height: pixels.height)
        var caption = e(pixels.scheme)
        if let box = pixels.box {
            caption +=
                ": \(pixels.changedPixels.formatted(.number.locale(Locale(identifier: "en_US")))) pixels changed, within \(box.width)×\(box.height) at (\(box.x), \(box.y))"
        } else if pixels.base != nil && pixels.new != nil {
            caption += ": no pixel changed"
        }
        var cells = ""
        let scale = max(report.pixels?.scale ?? 1, 1)
        for (label, path) in [("Before", pixels.base), ("After", pixels.new), ("Difference", pixels.diff)] {
            guard let path else { continue }
            // The difference is opaque, drawn on the page; before and after on their scheme's wallpaper,
            // the after one with the changed area outlined.
            let stage =
                label == "Difference"
                ? "review-stage review-plain" : "stage-canvas review-stage stage-\(e(pixels.scheme))"
            var outline = ""
            if label == "After", let box = pixels.box, pixels.diff != nil {
                outline =
                    "<span class=\"review-box\" style=\"left:\(12 + box.x / scale - 2)px;top:\(12 + box.y / scale - 2)px;"
                    + "width:\(box.width / scale + 4)px;height:\(box.height / scale + 4)px\" aria-hidden=\"true\"></span>"
            }
            cells +=
                "<div class=\"review-cell\"><div class=\"\(stage)\">"
                + "<img src=\"\(root)\(e(path))\" width=\"\(size.width)\" height=\"\(size.height)\" alt=\"\(label), \(e(pixels.scheme))\" loading=\"lazy\">"
                + outline + "</div><p class=\"review-label\">\(label)</p></div>"
        }
        guard !cells.isEmpty else { return "" }
        var html =
            "<figure class=\"review-compare\" id=\"\(e(id))\" data-mode=\"side\">\n<figcaption>\(caption)</figcaption>\n"
        html += "<div class=\"review-side\">\(cells)</div>\n"
        if let before = pixels.base, let after = pixels.new, pixels.changedPixels > 0 {
            html += """
                <div class="review-overlay" hidden>
                <fieldset class="review-modes"><legend>Compare \(e(pixels.scheme))</legend>
                <label><input type="radio" name="\(e(id))-mode" value="side" checked> Side by side</label>
                <label><input type="radio" name="\(e(id))-mode" value="onion"> Onion skin</label>
                <label><input type="radio" name="\(e(id))-mode" value="slider"> Slider</label>
                </fieldset>
                <div class="stage-canvas review-stage review-stack stage-\(e(pixels.scheme))" style="width:\(size.width)px;height:\(size.height)px">
                <img src="\(root)\(e(before))" width="\(size.width)" height="\(size.height)" alt="Before, \(e(pixels.scheme))">
                <img class="review-top" src="\(root)\(e(after))" width="\(size.width)" height="\(size.height)" alt="After, \(e(pixels.scheme))">
                <span class="review-handle" aria-hidden="true"></span>
                </div>
                <label class="review-amount">After shown <input type="range" min="0" max="100" value="50"></label>
                </div>

                """
        }
        return html + "</figure>\n"
    }

    func reloadSection() -> String {
        guard !widget.reloads.isEmpty || !widget.reloadRows.isEmpty else { return "" }
        let e = ReviewSite.e
        var html = "<section aria-labelledby=\"reloads-h\"><h2 id=\"reloads-h\">Reload log</h2>\n"
        if !widget.reloads.isEmpty {
            html +=
                "<p>" + widget.reloads.map { "\(e($0.measure)) \($0.before) → \($0.after)" }.joined(separator: "; ")
                + "</p>\n"
        }
        if !widget.reloadRows.isEmpty {
            html +=
                "<div class=\"table-wrap\" tabindex=\"0\" role=\"region\" aria-labelledby=\"reloads-h\"><table class=\"reloads\"><thead><tr>"
                + "<th scope=\"col\">Time</th><th scope=\"col\">Reason</th><th scope=\"col\">Change</th><th scope=\"col\">Before</th><th scope=\"col\">After</th>"
                + "</tr></thead><tbody>\n"
            for row in widget.reloadRows {
                html +=
                    "<tr><td>\(e(DiffReport.FrameChange.clock(row.at)))</td><td>\(e(row.reason))</td><td>\(e(row.change))</td>"
                    + "<td>\(e(row.before ?? "—"))</td><td>\(e(row.after ?? "—"))</td></tr>\n"
            }
            html += "</tbody></table></div>\n"
        }
        return html + "</section>\n"
    }
}
