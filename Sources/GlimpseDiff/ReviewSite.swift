import Foundation
import GlimpseSite

/// The review site `glimpse diff` writes into `--out`: a page of what changed, largest first, in
/// the new gallery's look (its stylesheet and fonts, copied), with `diff.json`, its schema and
/// `junit.xml`. Static; it works from `file://`. Every text from either gallery is escaped.
public enum ReviewSite {
    public static func files(_ report: DiffReport, failOn: FailOn, new: Gallery, out: URL, schema: Data) throws -> [(path: String, data: Data)] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var files: [(path: String, data: Data)] = [
            ("diff.json", try encoder.encode(report)),
            ("diff.schema.json", schema),
            ("junit.xml", JUnitReport.xml(report, failOn: failOn)),
            ("index.html", Data(page(report, out: out).utf8)),
        ]
        for path in new.assets.keys.sorted() where path == "assets/glimpse.css" || path == "assets/fonts.css" || path.hasPrefix("assets/fonts/") {
            files.append((path, try Gallery.read(new.url.appendingPathComponent(path))))
        }
        return files
    }

    static func page(_ report: DiffReport, out: URL) -> String {
        let changed = report.widgets.filter { $0.status != "unchanged" }.sorted { ($1.weight, $0.key) < ($0.weight, $1.key) }
        let summary = report.summary
        var body = """
            <header class="page-head">
            <h1>What changed</h1>
            <p class="meta">\(e(report.base.path)) → \(e(report.new.path))</p>
            </header>
            <section aria-labelledby="summary-h">
            <h2 id="summary-h">Summary</h2>
            <p>\(summary.widgets) widgets: \(summary.changed) changed, \(summary.added) added, \(summary.removed) removed, \
            \(summary.unchanged) unchanged; \(summary.framesChanged) frames changed; \(report.assets.count) shared assets changed.</p>
            <div class="table-wrap" tabindex="0" role="region" aria-labelledby="summary-h">
            <table class="reloads"><thead><tr><th scope="col">App</th><th scope="col">Changed</th><th scope="col">Added</th>\
            <th scope="col">Removed</th><th scope="col">Unchanged</th></tr></thead><tbody>

            """
        for app in summary.apps {
            body += "<tr><td>\(e(app.app))</td><td>\(app.changed)</td><td>\(app.added)</td><td>\(app.removed)</td><td>\(app.unchanged)</td></tr>\n"
        }
        body += "</tbody></table></div>\n</section>\n"
        if !report.settings.isEmpty {
            body += "<section aria-labelledby=\"settings-h\"><h2 id=\"settings-h\">The galleries were built differently</h2><ul>\n"
            for setting in report.settings {
                body += "<li><code>\(e(setting.setting))</code>: \(e(setting.before)) → \(e(setting.after))</li>\n"
            }
            body += "</ul></section>\n"
        }
        if !report.assets.isEmpty {
            body += "<section aria-labelledby=\"assets-h\"><h2 id=\"assets-h\">Shared assets</h2><ul>\n"
            for asset in report.assets {
                body += "<li><code>\(e(asset.path))</code> \(e(asset.change)): every page links it, so it reaches all \(asset.reaches) widgets. "
                    + "Frame hashes do not see it; compare the pages.</li>\n"
            }
            body += "</ul></section>\n"
        }
        body += diagnostics(report.diagnostics, heading: "Build diagnostics", id: "build-diagnostics")
        body += "<section aria-labelledby=\"widgets-h\"><h2 id=\"widgets-h\">Widgets, largest change first</h2>\n"
        if changed.isEmpty { body += "<p class=\"hint\">No widget changed.</p>\n" }
        for (index, widget) in changed.enumerated() { body += section(widget, index: index, report: report, out: out) }
        body += "</section>\n"
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="Glimpse">
            <title>Review · Glimpse</title>
            <link rel="stylesheet" href="assets/fonts.css">
            <link rel="stylesheet" href="assets/glimpse.css">
            </head>
            <body>
            <main id="main" class="main">
            \(body)</main>
            </body>
            </html>

            """
    }

    static func section(_ widget: WidgetChange, index: Int, report: DiffReport, out: URL) -> String {
        let id = "w-\(index + 1)"
        var html = "<section class=\"frame\" aria-labelledby=\"\(id)-h\">\n<h3 id=\"\(id)-h\">\(e(widget.key)) <span class=\"pill state\">\(e(widget.status))</span></h3>\n"
        var links: [String] = []
        if let page = widget.basePage { links.append("<a href=\"\(e(relative(report.base.path, page, from: out)))\">base page</a>") }
        if let page = widget.newPage { links.append("<a href=\"\(e(relative(report.new.path, page, from: out)))\">new page</a>") }
        html += "<p class=\"meta\">\(links.joined(separator: " · "))</p>\n"
        for (title, frames) in [("Frames", widget.frames), ("Tap storyboard", widget.storyboard)] where !frames.isEmpty {
            html += "<div class=\"table-wrap\" tabindex=\"0\" role=\"region\" aria-label=\"\(title), \(e(widget.key))\"><table class=\"reloads\"><thead><tr>"
                + "<th scope=\"col\">\(title == "Frames" ? "Frame" : "Step")</th><th scope=\"col\">Change</th><th scope=\"col\">State</th><th scope=\"col\">Before</th><th scope=\"col\">After</th>"
                + "</tr></thead><tbody>\n"
            for frame in frames {
                let state = frame.stateText
                html += "<tr><td><code>\(e(frame.anchor))</code> \(e(frame.start))</td><td>\(e(frame.change))\(frame.htmlChanged ? " (HTML)" : "")</td>"
                    + "<td>\(e(state))</td><td><bdi>\(e((frame.textsBefore ?? []).joined(separator: " · ")))</bdi></td>"
                    + "<td><bdi>\(e((frame.textsAfter ?? []).joined(separator: " · ")))</bdi></td></tr>\n"
            }
            html += "</tbody></table></div>\n"
        }
        if !widget.reloads.isEmpty {
            html += "<p>Reload log: " + widget.reloads.map { "\(e($0.measure)) \($0.before) → \($0.after)" }.joined(separator: "; ") + "</p>\n"
        }
        html += diagnostics(widget.diagnostics, heading: "Diagnostics", id: "\(id)-d", level: 4)
        return html + "</section>\n"
    }

    static func diagnostics(_ changes: DiagnosticChanges, heading: String, id: String, level: Int = 2) -> String {
        guard !changes.isEmpty else { return "" }
        var html = "<section aria-labelledby=\"\(id)\"><h\(level) id=\"\(id)\">\(heading)</h\(level)><ul>\n"
        for (label, list) in [("new", changes.new), ("resolved", changes.resolved)] {
            for item in list {
                html += "<li>\(label): \(e(item.severity)) \(item.file.map { "<code>\(e($0))</code> " } ?? "")\(e(item.message))</li>\n"
            }
        }
        return html + "</ul></section>\n"
    }

    /// A link from the review folder to a page of a gallery, relative when they share a root.
    static func relative(_ gallery: String, _ page: String, from out: URL) -> String {
        let target = URL(fileURLWithPath: gallery).appendingPathComponent(page).standardizedFileURL.pathComponents
        let here = out.standardizedFileURL.pathComponents
        let common = zip(target, here).prefix { $0 == $1 }.count
        let parts = Array(repeating: "..", count: here.count - common) + target[common...]
        return parts.map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0 }.joined(separator: "/")
    }

    static func e(_ text: String) -> String { HTML.escape(text) }
}
