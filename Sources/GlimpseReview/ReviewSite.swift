import Foundation
import GlimpseCore
import GlimpseFormat
import GlimpseGallery
import GlimpseReports
import GlimpseTemplates

/// The review site `glimpse diff` writes into `--out`: a summary page of what changed, largest
/// first, and a page per changed widget (its frames before and after, with `--pixels` their images
/// side by side with the difference, an onion skin and a slider; its frames on the day's timeline;
/// its reload log), in the new gallery's look (its stylesheet and fonts, copied). Beside them:
/// `diff.json`, its schema and `junit.xml`. Static; it works from `file://`.
///
/// Every page renders through Mustache templates, as the gallery's do, so every text from either
/// gallery reaches a page escaped, the same way. They are glimpse's own (`Review/Templates/`, a
/// resource), not the gallery's `templates/`: a review is drawn wherever two galleries are.
package struct ReviewSite: Sendable {
    let templates: TemplateSet
    /// `review.css` and `review.js`, as they are.
    package let stylesheet: Data
    package let script: Data
    /// `review-live.js`: decisions, comments and keys, for `glimpse review`.
    package let liveScript: Data

    /// The review's templates, stylesheet and script, from glimpse's own resources.
    ///
    /// - Throws: `TemplateError` when they are not beside the binary, or do not compile.
    package init() throws {
        guard let folder = Bundle.module.url(forResource: "Templates", withExtension: nil) else {
            throw TemplateError.unreadable(
                file: "GlimpseReview/Templates", reason: "not in glimpse's resources; rebuild or reinstall glimpse"
            )
        }
        try self.init(folder: folder, displayDirectory: "GlimpseDiff/Review/Templates")
    }

    /// The templates of `folder`, and `review.css` and `review.js` beside them.
    init(folder: URL, displayDirectory: String, files: TemplateFiles = .disk) throws {
        templates = try TemplateSet(directory: folder, displayDirectory: displayDirectory, files: files)
        let stylesheet = folder.appendingPathComponent("review.css")
        let script = folder.appendingPathComponent("review.js")
        self.stylesheet = Data(try files.readText(stylesheet, "\(displayDirectory)/review.css").utf8)
        self.script = Data(try files.readText(script, "\(displayDirectory)/review.js").utf8)
        let live = folder.appendingPathComponent("review-live.js")
        liveScript = Data(try files.readText(live, "\(displayDirectory)/review-live.js").utf8)
    }

    /// Every file of the review, by its path in `out`.
    package func files(
        _ report: DiffReport, failOn: DiffFailOn, base: Gallery, new: Gallery, out: URL, schema: Data,
        decisions: DecisionStore? = nil
    ) throws -> [(path: String, data: Data)] {
        let context = ReviewContext(links: .folder(out), decisions: decisions)
        let manifests = CausePictures.manifestWidgets(base: base, new: new)
        var files: [(path: String, data: Data)] = [
            ("diff.json", try FormatJSON.encoder().encode(report)),
            ("diff.schema.json", schema),
            ("junit.xml", ReviewJUnit.xml(report, failOn: failOn)),
            (
                "index.html",
                try index(
                    report, context: context,
                    pictures: CausePictures.of(report, base: base, new: new, manifests: manifests, context: context),
                    manifests: manifests)
            ),
            ("assets/review.css", stylesheet),
            ("assets/review.js", script),
        ]
        let timelines = Timelines(base: base, new: new)
        let changed = Self.changed(report)
        for (index, widget) in changed.enumerated() {
            // The widget's pages before and after, read once for its page and its row's picture.
            var pages = CausePictures.PageCache()
            let pictures = manifests[widget.key].map { manifest in
                CausePictures.frames(
                    of: widget, size: manifest.size, report: report, base: base, new: new, context: context,
                    from: WidgetReviewPage.path(of: widget), pages: &pages)
            }
            let html = try widgetPage(
                widget, report: report, timelines: timelines, context: context, neighbours: changed, at: index,
                pictures: pictures ?? [:])
            files.append((WidgetReviewPage.path(of: widget), html))
            let picturePath = WidgetReviewPage.picturePath(of: widget)
            if let picture = CausePictures.row(
                of: widget, manifests[widget.key], report: report, base: base, new: new, context: context,
                at: picturePath, pages: &pages)
            {
                files.append((picturePath, try picturePage(picture)))
            }
        }
        for path in new.assets.keys.sorted() where Gallery.isLook(path) {
            files.append((path, try Gallery.read(new.url.appendingPathComponent(path))))
        }
        return files
    }

    /// The summary page.
    /// - Parameter manifests: each widget (`CausePictures.manifestWidgets`), whose size its row's picture is shown at.
    func index(
        _ report: DiffReport, context: ReviewContext, pictures: [String: [CausePictures.Picture]] = [:],
        manifests: [String: Manifest.Widget] = [:]
    ) throws -> Data {
        try page(
            title: "Review", root: "",
            body: ReviewIndexPage.model(
                report, live: context.live, showsDecisions: context.showsDecisions, pictures: pictures,
                manifests: manifests),
            name: "index",
            live: context.live)
    }

    /// The page of `changed[index]`, with links to the widgets before and after it.
    /// - Parameter pictures: each changed frame's schemes before and after, by anchor
    ///   (`CausePictures.frames`), shown where no pixels were compared.
    func widgetPage(
        _ widget: DiffReport.WidgetChange, report: DiffReport, timelines: Timelines, context: ReviewContext,
        neighbours changed: [DiffReport.WidgetChange], at index: Int, pictures: [String: [CausePictures.Pair]] = [:]
    ) throws -> Data {
        let neighbours = WidgetReviewPage.Neighbours(
            previous: index > 0 ? changed[index - 1] : nil, next: index + 1 < changed.count ? changed[index + 1] : nil)
        var model = WidgetReviewPage.model(
            widget, report: report, timeline: timelines.frames(of: widget), context: context, neighbours: neighbours)
        for section in model.sections.indices {
            for frame in model.sections[section].frames.indices where !model.sections[section].frames[frame].hasFigures
            {
                let pairs = pictures[model.sections[section].frames[frame].anchor] ?? []
                model.sections[section].frames[frame].pairs = pairs
                model.sections[section].frames[frame].hasPairs = !pairs.isEmpty
            }
        }
        return try page(title: widget.key, root: WidgetReviewPage.root, body: model, name: "widget", live: context.live)
    }

    /// A changed widget's first frame before and after, alone: what its row of the list shows.
    func picturePage(_ picture: CausePictures.Picture) throws -> Data {
        Data(try templates.render(picture, "picture").utf8)
    }

    /// A page of the review: `body` through its template, inside the layout with the gallery's
    /// stylesheets, then the review's.
    func page(title: String, root: String, body: some Encodable, name: String, live: Bool = false) throws -> Data {
        let layout = ReviewLayout(
            title: title, root: root, body: HTMLFragment(try templates.render(body, name)), live: live)
        return Data(try templates.render(layout, "layout").utf8)
    }

    /// The widgets that changed, largest change first: added and removed, then by how many frames,
    /// then by how many pixels.
    static func changed(_ report: DiffReport) -> [DiffReport.WidgetChange] {
        report.widgets.filter { $0.status != "unchanged" }.sorted {
            ($1.weight, $1.changedPixels, $0.key) < ($0.weight, $0.changedPixels, $1.key)
        }
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

    /// A count as the review writes it: `12,345`.
    static func count(_ value: Int) -> String {
        value.grouped
    }
}

/// What `templates/review/layout.mustache` presents.
struct ReviewLayout: Encodable {
    var title: String
    /// From the page to the review's root: `""`, `../../../`.
    var root: String
    var body: HTMLFragment
    /// Served by `glimpse review`: the decisions' script too.
    var live: Bool
}

/// What `templates/review/partials/diagnostics.mustache` presents: diagnostics only one gallery has.
struct ReviewDiagnostics: Encodable {
    struct Item: Encodable {
        /// `new` or `resolved`.
        var label: String
        var severity: String
        var file: String?
        var message: String
    }

    var id: String
    var heading: String
    var level: Int
    var items: [Item]

    /// `nil` when there is nothing to show.
    static func of(_ changes: DiffReport.DiagnosticChanges, heading: String, id: String, level: Int = 2) -> Self? {
        guard !changes.isEmpty else { return nil }
        let items = [("new", changes.new), ("resolved", changes.resolved)].flatMap { label, list in
            list.map { Item(label: label, severity: $0.severity, file: $0.file, message: $0.message) }
        }
        return ReviewDiagnostics(id: id, heading: heading, level: level, items: items)
    }
}
