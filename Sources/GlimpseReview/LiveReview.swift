import Foundation
import GlimpseCore
import GlimpseFormat
import GlimpseGallery
import GlimpseReports

/// A review served with decisions (`glimpse review`): the diff of two galleries, the decisions on
/// it, and each page rendered from them when it is asked for. A decision or a comment is written
/// into the decisions folder, under its lock and with every other writer's decisions read again,
/// before it is shown.
package struct LiveReview: Sendable {
    package internal(set) var report: DiffReport
    package internal(set) var store: DecisionStore
    package let failOn: DiffFailOn
    /// Who writes the decisions, as another writer waiting on the lock is told.
    let writer: DecisionStore.Writer
    let site: ReviewSite
    let timelines: Timelines
    /// The changed widgets in the summary's order, as indices of `report.widgets` (a decision
    /// moves no widget), and each one's page by its place in that order.
    let order: [Int]
    let pages: [String: Int]
    /// A few changes of each cause, before and after, read once.
    let pictures: [String: [CausePictures.Picture]]
    /// The galleries and their widgets (sizes, frames), for each widget page's and row's pictures.
    let base: Gallery
    let new: Gallery
    let manifests: [String: Manifest.Widget]

    /// `report` with `store`'s decisions on it.
    package init(
        report: DiffReport, base: Gallery, new: Gallery, store: DecisionStore, failOn: DiffFailOn,
        writer: DecisionStore.Writer = DecisionStore.Writer(holder: "glimpse review")
    ) throws {
        var report = report
        report.apply(store.approvals, store.notes, file: store.path, reviewFile: store.path)
        self.report = report
        self.store = store
        self.failOn = failOn
        self.writer = writer
        site = try ReviewSite()
        timelines = Timelines(base: base, new: new)
        let positions = Dictionary(report.widgets.indices.map { (report.widgets[$0].key, $0) }) { a, _ in a }
        let changed = ReviewSite.changed(report)
        order = changed.compactMap { positions[$0.key] }
        pages = Dictionary(changed.enumerated().map { (WidgetReviewPage.path(of: $1), $0) }) { a, _ in a }
        let manifests = CausePictures.manifestWidgets(base: base, new: new)
        pictures = CausePictures.of(
            report, base: base, new: new, manifests: manifests, context: ReviewContext(links: .served))
        self.base = base
        self.new = new
        self.manifests = manifests
    }

    /// The file at `path` of the review (`index.html`, a widget's page, `diff.json`, `junit.xml`,
    /// the review's script and stylesheet), as it is now; nil for a path the review does not make.
    package func file(_ path: String) throws -> Data? {
        let context = ReviewContext(links: .served, live: true, decisions: store)
        switch path {
        case "index.html": return try site.index(report, context: context, pictures: pictures, manifests: manifests)
        case "diff.json": return try FormatJSON.encoder().encode(report)
        case "junit.xml": return ReviewJUnit.xml(report, failOn: failOn)
        case "assets/review.css": return site.stylesheet
        case "assets/review.js": return site.script
        case "assets/review-live.js": return site.liveScript
        default:
            if path.hasPrefix("pictures/") { return try picturePage(path) }
            guard let index = pages[path] else { return nil }
            let changed = order.map { report.widgets[$0] }
            var pages = CausePictures.PageCache()
            let pictures = manifests[changed[index].key].map { manifest in
                CausePictures.frames(
                    of: changed[index], size: manifest.size, report: report, base: base, new: new, context: context,
                    from: path,
                    pages: &pages)
            }
            return try site.widgetPage(
                changed[index], report: report, timelines: timelines, context: context, neighbours: changed, at: index,
                pictures: pictures ?? [:])
        }
    }

    /// The page of a changed widget's first frame before and after, which its row of the list
    /// shows (`WidgetReviewPage.picturePath`); nil for another path.
    func picturePage(_ path: String) throws -> Data? {
        guard let index = pages["widgets/" + path.dropFirst("pictures/".count)] else { return nil }
        let widget = report.widgets[order[index]]
        let context = ReviewContext(links: .served, live: true, decisions: store)
        var pages = CausePictures.PageCache()
        return try CausePictures.row(
            of: widget, manifests[widget.key], report: report, base: base, new: new, context: context, at: path,
            pages: &pages
        ).map { try site.picturePage($0) }
    }

    /// A decision from a page: on a widget (or shared file), or on one of its frames.
    package struct DecisionRequest: Decodable, Sendable {
        package var key: String
        /// `approve`, `request-changes` or `clear`.
        package var verdict: String
        package var frame: String?
        package var scheme: String?
        package var note: String?

        package init(key: String, verdict: String, frame: String?, scheme: String?, note: String?) {
            self.key = key
            self.verdict = verdict
            self.frame = frame
            self.scheme = scheme
            self.note = note
        }
    }

    /// A comment from a page, on a widget, pinned to a frame and a scheme when they are given.
    package struct CommentRequest: Decodable, Sendable {
        package var key: String
        package var frame: String?
        package var scheme: String?
        package var text: String

        package init(key: String, frame: String?, scheme: String?, text: String) {
            self.key = key
            self.frame = frame
            self.scheme = scheme
            self.text = text
        }
    }

    /// What a page is told after a decision or a comment: the change's state now, and the counts.
    package struct Outcome: Encodable, Sendable {
        package var key: String
        package var decision: String
        package var said: String?
        /// Each frame decided on alone: `approved` or `changes-requested`.
        package var frames: [String: String]
        /// For a cause: each widget change it is a cause of, by key, with its decision as it is now
        /// (`state` and `said`), so that the list shows what one decision decided.
        package var widgets: [String: WidgetState] = [:]
        package var counts: Counts
        /// The file written, who decided and when.
        package var file: String
        package var by: String
        package var at: String
    }

    package struct WidgetState: Encodable, Sendable {
        package var decision: String
        package var said: String?
    }

    package struct Counts: Encodable, Sendable {
        package var undecided: Int
        package var approved: Int
        package var requested: Int
    }

    /// The longest note or comment, in characters.
    package static let maximumText = Limits.reviewNote.value
}

/// A request the review refuses: what is wrong with it, for a 400.
package struct ReviewRequestError: Error, CustomStringConvertible {
    package var description: String

    package init(_ description: String) { self.description = description }
}
