import Foundation
import GlimpseFormat
import GlimpseTemplates

/// The review site `glimpse diff` writes into `--out`: a summary page of what changed, largest
/// first, and a page per changed widget (its frames before and after, with `--pixels` their images
/// side by side with the difference, an onion skin and a slider; its frames on the day's timeline;
/// its reload log), in the new gallery's look (its stylesheet and fonts, copied). Beside them:
/// `diff.json`, its schema and `junit.xml`. Static; it works from `file://`. Every text from
/// either gallery is escaped.
public enum ReviewSite {
    public static func files(
        _ report: DiffReport, failOn: FailOn, base: Gallery, new: Gallery, out: URL, schema: Data
    ) throws -> [(path: String, data: Data)] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var files: [(path: String, data: Data)] = [
            ("diff.json", try encoder.encode(report)),
            ("diff.schema.json", schema),
            ("junit.xml", JUnitReport.xml(report, failOn: failOn)),
            ("index.html", Data(index(report, out: out).utf8)),
            ("assets/review.css", Data(ReviewAssets.css.utf8)),
            ("assets/review.js", Data(ReviewAssets.script.utf8)),
        ]
        let timelines = Timelines(base: base, new: new)
        for widget in changed(report) {
            let page = WidgetReviewPage(
                widget: widget, report: report, timeline: timelines.frames(of: widget), out: out)
            files.append((page.path, Data(page.html.utf8)))
        }
        for path in new.assets.keys.sorted()
        where path == "assets/glimpse.css" || path == "assets/fonts.css" || path.hasPrefix("assets/fonts/") {
            files.append((path, try Gallery.read(new.url.appendingPathComponent(path))))
        }
        return files
    }

    /// The widgets that changed, largest change first: added and removed, then by how many frames,
    /// then by how many pixels.
    static func changed(_ report: DiffReport) -> [DiffReport.WidgetChange] {
        report.widgets.filter { $0.status != "unchanged" }.sorted {
            ($1.weight, $1.changedPixels, $0.key) < ($0.weight, $0.changedPixels, $1.key)
        }
    }

    static func index(_ report: DiffReport, out: URL) -> String {
        let summary = report.summary
        let pixels = report.pixels
        var body = """
            <header class="page-head">
            <h1>What changed</h1>
            <p class="meta"><bdi>\(e(report.base.path))</bdi> → <bdi>\(e(report.new.path))</bdi></p>
            </header>
            <section aria-labelledby="summary-h">
            <h2 id="summary-h">Summary</h2>
            <p>\(summary.widgets) widgets: \(summary.changed) changed, \(summary.added) added, \(summary.removed) removed, \
            \(summary.unchanged) unchanged; \(summary.framesChanged) frames changed; \(report.assets.count) shared asset\(report.assets.count == 1 ? "" : "s") changed\
            \(summary.visual.map { "; <strong>\($0) look different</strong>" } ?? "").</p>

            """
        if let pixels {
            body +=
                "<p class=\"meta\">Pixels compared: \(pixels.imagesChanged) of \(pixels.imagesCompared) images changed in \(pixels.framesCompared) frames, "
                + "threshold \(pixels.threshold), @\(pixels.scale)x, drawn by \(e(pixels.chromium)) with \(e(pixels.fonts.joined(separator: ", "))).</p>\n"
        } else {
            body +=
                "<p class=\"meta\">Compared by manifest only; <code>--pixels</code> draws the frames and compares their pixels.</p>\n"
        }
        body += """
            <div class="table-wrap" tabindex="0" role="region" aria-labelledby="summary-h">
            <table class="reloads"><thead><tr><th scope="col">App</th><th scope="col">Changed</th><th scope="col">Added</th>\
            <th scope="col">Removed</th><th scope="col">Unchanged</th>\(pixels == nil ? "" : "<th scope=\"col\">Look different</th>")</tr></thead><tbody>

            """
        for app in summary.apps {
            body +=
                "<tr><td>\(e(app.app))</td><td>\(app.changed)</td><td>\(app.added)</td><td>\(app.removed)</td><td>\(app.unchanged)</td>"
                + (app.visual.map { "<td>\($0)</td>" } ?? "") + "</tr>\n"
        }
        body += "</tbody></table></div>\n</section>\n"
        if !report.settings.isEmpty {
            body +=
                "<section aria-labelledby=\"settings-h\"><h2 id=\"settings-h\">The galleries were built differently</h2><ul>\n"
            for setting in report.settings {
                body +=
                    "<li><code>\(e(setting.setting))</code>: <bdi>\(e(setting.before))</bdi> → <bdi>\(e(setting.after))</bdi></li>\n"
            }
            body += "</ul></section>\n"
        }
        if !report.assets.isEmpty {
            body += "<section aria-labelledby=\"assets-h\"><h2 id=\"assets-h\">Shared assets</h2><ul>\n"
            for asset in report.assets {
                body +=
                    "<li><code>\(e(asset.path))</code> \(e(asset.change)): every page links it, so it reaches all \(asset.reaches) widgets. "
                    + (pixels == nil
                        ? "Frame hashes do not see it; compare with <code>--pixels</code>."
                        : "Every frame both galleries have was drawn and compared.")
                    + "</li>\n"
            }
            body += "</ul></section>\n"
        }
        body += diagnostics(report.diagnostics, heading: "Build diagnostics", id: "build-diagnostics")
        let changed = changed(report)
        body += "<section aria-labelledby=\"widgets-h\"><h2 id=\"widgets-h\">Widgets, largest change first</h2>\n"
        if changed.isEmpty {
            body += "<p class=\"hint\">No widget changed.</p>\n"
        } else {
            body +=
                "<div class=\"table-wrap review-list-wrap\" tabindex=\"0\" role=\"region\" aria-labelledby=\"widgets-h\"><table class=\"reloads review-list\"><thead><tr>"
                + "<th scope=\"col\">Widget</th><th scope=\"col\">Change</th><th scope=\"col\">What</th>"
                + (pixels == nil ? "" : "<th scope=\"col\">Pixels</th><th scope=\"col\">Difference</th>")
                + "</tr></thead><tbody>\n"
            for widget in changed {
                body +=
                    "<tr><td><a href=\"\(e(WidgetReviewPage.path(of: widget)))\"><bdi>\(e(widget.key))</bdi></a></td>"
                    + "<td><span class=\"pill state\">\(e(widget.status))</span>\(widget.visual == true ? " <span class=\"badge badge-warning\">looks different</span>" : "")</td>"
                    + "<td>\(e(JUnitReport.headline(widget)))</td>"
                if pixels != nil {
                    body +=
                        "<td>\(widget.changedPixels.formatted(.number.locale(Locale(identifier: "en_US"))))</td><td>\(thumbnail(widget))</td>"
                }
                body += "</tr>\n"
            }
            body += "</tbody></table></div>\n"
        }
        body += "</section>\n"
        return page(title: "Review", root: "", body: body)
    }

    /// The first difference image of a widget, small, for the list.
    static func thumbnail(_ widget: DiffReport.WidgetChange) -> String {
        let first = (widget.frames + widget.storyboard + [widget.placeholder].compactMap { $0 }).lazy.compactMap(
            \.pixels
        )
        .compactMap { $0.first { $0.diff != nil } }.first
        guard let first, let diff = first.diff else { return "" }
        return
            "<img class=\"review-thumb\" src=\"\(e(diff))\" alt=\"Changed pixels in red, \(e(first.scheme))\" loading=\"lazy\">"
    }

    /// A page of the review: the gallery's stylesheets, then the review's.
    static func page(title: String, root: String, body: String, script: Bool = false) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="Glimpse">
        <title>\(e(title)) · Glimpse review</title>
        <link rel="stylesheet" href="\(root)assets/fonts.css">
        <link rel="stylesheet" href="\(root)assets/glimpse.css">
        <link rel="stylesheet" href="\(root)assets/review.css">
        </head>
        <body>
        <main id="main" class="main review">
        \(body)</main>
        \(script ? "<script src=\"\(root)assets/review.js\"></script>\n" : "")</body>
        </html>

        """
    }

    static func diagnostics(
        _ changes: DiffReport.DiagnosticChanges, heading: String, id: String, level: Int = 2
    ) -> String {
        guard !changes.isEmpty else { return "" }
        var html = "<section aria-labelledby=\"\(id)\"><h\(level) id=\"\(id)\">\(heading)</h\(level)><ul>\n"
        for (label, list) in [("new", changes.new), ("resolved", changes.resolved)] {
            for item in list {
                html +=
                    "<li>\(label): \(e(item.severity)) \(item.file.map { "<code>\(e($0))</code> " } ?? "")<bdi>\(e(item.message))</bdi></li>\n"
            }
        }
        return html + "</ul></section>\n"
    }

    /// A link from a folder of the review to a page of a gallery, relative when they share a root.
    static func relative(_ gallery: String, _ page: String, from folder: URL) -> String {
        let target = URL(fileURLWithPath: gallery).appendingPathComponent(page).standardizedFileURL.pathComponents
        let here = folder.standardizedFileURL.pathComponents
        let common = zip(target, here).prefix { $0 == $1 }.count
        let parts = Array(repeating: "..", count: here.count - common) + target[common...]
        return parts.map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0 }.joined(
            separator: "/")
    }

    static func e(_ text: String) -> String { HTML.escape(text) }
}
