import GlimpseFormat

/// The review's first page, `index.html`: how much changed, how the galleries were built and
/// compared, and every changed widget, largest change first.
enum ReviewIndexPage {
    /// What `templates/review/index.mustache` presents. Pure: a report in, a model out.
    struct Model: Encodable {
        var basePath: String
        var newPath: String
        var summary: DiffReport.Summary
        /// "1 shared asset changed".
        var assetsChanged: String
        var visual: Count?
        var pixels: Pixels?
        var comparedPixels: Bool
        var apps: [App]
        var hasSettings: Bool
        var settings: [DiffReport.SettingChange]
        var hasAssets: Bool
        var assets: [Asset]
        var diagnostics: ReviewDiagnostics?
        /// New and resolved findings, when both galleries were checked.
        var findings: Findings?
        /// What made the changes, most widgets first: one decision each.
        var hasCauses: Bool
        var causes: [Cause]
        var hasWidgets: Bool
        var widgets: [Widget]
        /// What the list can be narrowed to: the apps, variants and rules of its widgets.
        var filters: Filters
        /// Served by `glimpse review`: each row gets its buttons, and the page its keys.
        var live: Bool
        /// A column of decisions: they were read, or are made here.
        var showsDecisions: Bool
    }

    struct Filters: Encodable {
        var apps: [String]
        var variants: [Option]
        var rules: [String]
        var hasRules: Bool
    }

    struct Option: Encodable {
        var value: String
        var label: String
    }

    struct Count: Encodable {
        var count: Int
    }

    /// A shared asset that changed.
    struct Asset: Encodable {
        var path: String
        var change: String
        var sameRules: Bool
        var reaches: Int
        /// With `--pixels`: what it reached, and so what was drawn for it.
        var drawn: String?
    }

    /// How `--pixels` compared.
    struct Pixels: Encodable {
        var imagesChanged: Int
        var imagesCompared: Int
        var framesCompared: Int
        var threshold: Double
        var scale: Int
        var chromium: String
        var fonts: String
    }

    /// One row of the summary table.
    struct App: Encodable {
        var app: String
        var changed: Int
        var added: Int
        var removed: Int
        var unchanged: Int
        var visual: Count?
    }

    /// One row of the list of causes.
    struct Cause: Encodable {
        /// `cause:<id>`, what a decision names.
        var key: String
        var id: String
        var kind: String
        /// "“Done today” → “Done for today”", the setting's values, a rule's declarations that
        /// differ; nil for a file or nothing known.
        var words: String?
        /// "33 widgets, 33 frames", or "reaches 84 widgets" for a shared file.
        var reach: String
        var decision: String?
        var state: String
        /// False for `unattributed`, which is decided change by change.
        var decidable: Bool
        /// A few of its changes before and after (`CausePictures`).
        var pictures: [CausePictures.Picture] = []
        var hasPictures = false
    }

    static func cause(_ cause: DiffReport.Cause) -> Cause {
        let count = { (n: Int, noun: String) in "\(n) \(noun)\(n == 1 ? "" : "s")" }
        var reach = "\(count(cause.widgets.count, "widget")), \(count(cause.frames, "frame"))"
        if let reaches = cause.reaches { reach += "; reaches \(count(reaches, "widget"))" }
        return Cause(
            key: DiffReport.causeKey(cause.id), id: cause.id, kind: cause.kind,
            words: cause.words, reach: reach,
            decision: cause.decision.map(\.said), state: ReviewContext.state(of: cause.decision),
            decidable: cause.kind != "unattributed")
    }

    /// One row of the list of changed widgets.
    struct Widget: Encodable {
        var href: String
        var key: String
        var status: String
        var looksDifferent: Bool
        var headline: String
        /// "approved by jane" or "changes requested by max", with the note; nil when undecided.
        var decision: String?
        var approved: Bool
        /// `undecided`, `approved` or `changes-requested`, its app, its variant ("" for the gallery's
        /// own) and the rules of its new findings, space-separated: what the filters read.
        var state: String
        var app: String
        var variant: String
        var rules: String
        /// Named apart from the page's `pixels`, which a missing value would fall back to.
        var pixelColumns: WidgetPixels?
        /// Its first changed frame before and after, a page of its own the row loads when shown.
        var picture: RowPicture?
    }

    /// Where a row's picture is (`WidgetReviewPage.picturePath`), and the size it is shown at: the
    /// two frames within `CausePictures.row`, an arrow between them.
    struct RowPicture: Encodable {
        var src: String
        var width: Int
        var height: Int

        init(src: String, size: Manifest.Size) {
            self.src = src
            let shown = CausePictures.row.shown(width: size.width, height: size.height)
            width = 2 * max(shown.width, Self.missingWidth) + Self.arrowWidth
            height = shown.height
        }

        /// The arrow and the gaps either side of it; "not before" where a side is missing.
        static let arrowWidth = 28
        static let missingWidth = 64
    }

    /// A changed widget's pixels, with `--pixels`: how many, and its first difference image.
    struct WidgetPixels: Encodable {
        var changed: String
        var thumbnail: Thumbnail?
    }

    struct Thumbnail: Encodable {
        var src: String
        var scheme: String
    }

    struct Findings: Encodable {
        var new: [DiffReport.FindingRef]
        var resolved: [DiffReport.FindingRef]
        var newCount: Int
        var resolvedCount: Int
        /// The causes that came and went: one line each, however many findings they have.
        var newProblems: [DiffReport.ProblemRef]
        var resolvedProblems: [DiffReport.ProblemRef]
        var newProblemCount: Int
        var resolvedProblemCount: Int
        var hasFindings: Bool
    }

    static func model(
        _ report: DiffReport, live: Bool = false, showsDecisions: Bool = false,
        pictures: [String: [CausePictures.Picture]] = [:], manifests: [String: Manifest.Widget] = [:]
    ) -> Model {
        let compared = report.pixels != nil
        let assets = report.assets.count
        let widgets = ReviewSite.changed(report)
        var rules: [String: Set<String>] = [:]
        for finding in report.findings?.new ?? [] { rules[finding.widget, default: []].insert(finding.rule.rawValue) }
        return Model(
            basePath: report.base.path, newPath: report.new.path, summary: report.summary,
            assetsChanged: "\(assets) shared asset\(assets == 1 ? "" : "s") changed",
            visual: report.summary.visual.map(Count.init), pixels: report.pixels.map(pixels), comparedPixels: compared,
            apps: report.summary.apps.map {
                App(
                    app: $0.app, changed: $0.changed, added: $0.added, removed: $0.removed, unchanged: $0.unchanged,
                    visual: $0.visual.map(Count.init))
            },
            hasSettings: !report.settings.isEmpty, settings: report.settings, hasAssets: !report.assets.isEmpty,
            assets: report.assets.map { asset($0, compared: compared) },
            diagnostics: ReviewDiagnostics.of(
                report.diagnostics, heading: "Build diagnostics", id: "build-diagnostics"),
            findings: report.findings.map {
                Findings(
                    new: $0.new, resolved: $0.resolved, newCount: $0.new.count, resolvedCount: $0.resolved.count,
                    newProblems: $0.problems?.new ?? [], resolvedProblems: $0.problems?.resolved ?? [],
                    newProblemCount: $0.problems?.new.count ?? 0,
                    resolvedProblemCount: $0.problems?.resolved.count ?? 0,
                    hasFindings: !$0.new.isEmpty || !$0.resolved.isEmpty)
            },
            hasCauses: !report.causes.isEmpty,
            causes: report.causes.map { cause in
                var row = Self.cause(cause)
                row.pictures = pictures[cause.id] ?? []
                row.hasPictures = !row.pictures.isEmpty
                return row
            },
            hasWidgets: !widgets.isEmpty,
            widgets: widgets.map { change in
                var row = widget(change, compared: compared, rules: rules[change.key] ?? [])
                row.picture = manifests[change.key].map {
                    RowPicture(src: WidgetReviewPage.picturePath(of: change), size: $0.size)
                }
                return row
            },
            filters: filters(widgets, rules: rules), live: live,
            showsDecisions: showsDecisions || report.approvals != nil || live)
    }

    static func filters(_ widgets: [DiffReport.WidgetChange], rules: [String: Set<String>]) -> Filters {
        let variants = Set(widgets.map(\.variant)).sorted().map {
            Option(value: $0, label: $0.isEmpty ? "the gallery's own" : String($0.dropFirst()))
        }
        let all = widgets.reduce(into: Set<String>()) { $0.formUnion(rules[$1.key] ?? []) }.sorted()
        return Filters(
            apps: Set(widgets.map(\.app)).sorted(), variants: variants, rules: all, hasRules: !all.isEmpty)
    }

    /// A changed asset as the page lists it: with `--pixels`, the widgets it reached (`reaches`
    /// counts them then), as what was drawn again for it.
    static func asset(_ change: DiffReport.AssetChange, compared: Bool) -> Asset {
        let widgets = "\(change.reaches) widget\(change.reaches == 1 ? "" : "s")"
        let drawn =
            change.reaches == 0
            ? "but it reaches no frame as frames are drawn here (with the stylesheets alone, a changed rule reaching "
                + "only the frames with every class it names), so none was drawn again for it."
            : "and it reaches frames of \(widgets): those frames were drawn again and compared, and no other for it."
        // Without --pixels, a stylesheet told rule by rule says which widgets its rules name.
        let named = change.rules.flatMap { rules -> String? in
            guard !compared, rules.allSatisfy({ $0.widgets != nil }) else { return nil }
            let count = Set(rules.flatMap { $0.widgets ?? [] }).count
            return "but its changed rules name the classes of frames of \(count) widget\(count == 1 ? "" : "s") "
                + "(each rule's cause below shows a few). Frame hashes do not see it; compare with --pixels."
        }
        return Asset(
            path: change.path, change: change.change, sameRules: change.sameRules == true, reaches: change.reaches,
            drawn: compared ? drawn : named)
    }

    static func pixels(_ run: DiffReport.PixelRun) -> Pixels {
        Pixels(
            imagesChanged: run.imagesChanged, imagesCompared: run.imagesCompared, framesCompared: run.framesCompared,
            threshold: run.threshold, scale: run.scale, chromium: run.chromium,
            fonts: run.fonts.joined(separator: ", "))
    }

    static func widget(_ widget: DiffReport.WidgetChange, compared: Bool, rules: Set<String> = []) -> Widget {
        Widget(
            href: WidgetReviewPage.path(of: widget), key: widget.key, status: widget.status,
            looksDifferent: widget.visual == true, headline: widget.headline,
            decision: widget.decision.map(\.said), approved: widget.decision?.isApproved == true,
            state: widget.decisionState, app: widget.app, variant: widget.variant,
            rules: rules.sorted().joined(separator: " "),
            pixelColumns: compared
                ? WidgetPixels(changed: ReviewSite.count(widget.changedPixels), thumbnail: thumbnail(widget)) : nil)
    }

    /// The first difference image of a widget, small, for the list.
    static func thumbnail(_ widget: DiffReport.WidgetChange) -> Thumbnail? {
        let frames = widget.frames + widget.storyboard + [widget.placeholder].compactMap { $0 }
        let first = frames.lazy.compactMap(\.pixels).compactMap { $0.first { $0.diff != nil } }.first
        guard let first, let diff = first.diff else { return nil }
        return Thumbnail(src: diff, scheme: first.scheme)
    }
}
