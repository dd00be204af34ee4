import Foundation
import GlimpseFormat
import GlimpseGallery

extension CheckReport {
    /// What `index.mustache` presents: the verdict, then the problems (each with its frame, its
    /// extent and its grid), then the counts.
    struct IndexModel: Encodable {
        var galleryPath: String
        var now: String
        var generator: String
        /// "636,387 frame images".
        var frames: String
        var chromium: String
        var verdict: String
        var fails: Bool
        var hasBaseline: Bool
        var new: Int
        var persisting: Int
        var resolvedCount: Int
        /// "12 problems: 3 errors, 5 warnings, 4 accepted; from 42,135 findings".
        var headline: String
        var errors: [ProblemCard]
        var warnings: [ProblemCard]
        var accepted: [ProblemCard]
        var byRule: [RuleRow]
        var byApp: [Row]
        var byVariant: [Row]
        var stale: [Stale]
        var hasResolved: Bool
        var resolved: [Resolved]
        /// Resolved findings past those listed, in `findings.json`.
        var moreResolved: Int?
        /// The way from the report to the gallery, with a trailing slash.
        var toGallery: String
        /// Each widget key's size in points.
        var sizes: [String: ManifestV3.Size]
        /// Every problem's card, in the order of `findings.json`'s problems.
        var problems: [ProblemCard]
        /// Stored, not computed: templates read what `Encodable` encodes.
        var hasErrors = false
        var hasWarnings = false
        var hasAccepted = false
        var hasStale = false
        /// The way from the page to the report's folder.
        var root = ""

        struct Row: Encodable {
            var name: String
            @Grouped var findings: Int
            @Grouped var errors: Int
            @Grouped var accepted: Int
        }

        struct RuleRow: Encodable {
            var rule: String
            @Grouped var problems: Int
            @Grouped var findings: Int
            @Grouped var errors: Int
            @Grouped var accepted: Int
        }

        struct Item: Encodable {
            var severity: String
            var status: String?
            var accepted: String?
            var key: String
            var link: String
            var frame: String
            var scheme: String
            var message: String
            var image: String?
            var width: Int
            var height: Int
            var x: Double
            var y: Double
            var w: Double
            var h: Double
        }

        struct Stale: Encodable {
            var rule: String
            var widget: String
            var element: String
            var reason: String
        }

        struct Resolved: Encodable {
            var rule: String
            var key: String
            var frame: String
            var scheme: String
            var message: String
        }

        init(
            tally: Tally, problems list: [Findings.Problem], summary: Findings.Summary, resolved: [Findings.Finding]?,
            stale: [AcceptedFindings.Acceptance], verdict: String, subject: Subject, out: URL
        ) {
            let (described, run, gallery) = (subject.described, subject.run, subject.gallery)
            galleryPath = described.path
            now = described.now
            generator = described.generator
            frames = ProblemExtent.count(run.frames, "frame image")
            chromium = run.chromium
            self.verdict = verdict
            fails = tally.failing > 0
            hasBaseline = resolved != nil
            new = tally.new
            persisting = tally.persisting
            resolvedCount = resolved?.count ?? 0
            toGallery = Self.relative(from: out, to: gallery.url)
            sizes = Dictionary(
                gallery.manifest.widgets.map { (Gallery.key(of: $0, in: gallery.manifest), $0.size) },
                uniquingKeysWith: { one, _ in one })
            headline = Self.headline(list, findings: summary.findings)
            let axes = ProblemTally.Axes(gallery.manifest)
            (problems, errors, warnings, accepted) = ([], [], [], [])
            (byRule, byApp, byVariant) = Self.counts(tally, problems: list)
            self.stale = stale.map {
                Stale(
                    rule: $0.rule.rawValue, widget: $0.widget,
                    element: $0.source.map { "source \($0)" } ?? "text “\($0.text ?? "")”", reason: $0.reason)
            }
            hasResolved = !(resolved ?? []).isEmpty
            self.resolved = (resolved ?? []).prefix(CheckReport.findingsListedPerProblem).map {
                Resolved(
                    rule: $0.rule.rawValue, key: $0.widget.key, frame: $0.frame, scheme: $0.scheme, message: $0.message)
            }
            moreResolved = resolvedCount > self.resolved.count ? resolvedCount - self.resolved.count : nil
            for problem in list {
                let card = card(problem, axes: axes)
                problems.append(card)
                switch ProblemTally.standing(problem) {
                case 0: errors.append(card)
                case 1: warnings.append(card)
                default: accepted.append(card)
                }
            }
            (hasErrors, hasWarnings, hasAccepted, hasStale) = (
                !errors.isEmpty, !warnings.isEmpty, !accepted.isEmpty, !self.stale.isEmpty
            )
        }

        /// The counts by rule (with its problems), by app and by variant.
        static func counts(_ tally: Tally, problems: [Findings.Problem]) -> ([RuleRow], [Row], [Row]) {
            let perRule = Dictionary(grouping: problems, by: \.rule).mapValues(\.count)
            let byRule = tally.byRule.sorted { $0.key < $1.key }.map {
                RuleRow(
                    rule: $0.key.rawValue, problems: perRule[$0.key] ?? 0, findings: $0.value.findings,
                    errors: $0.value.errors, accepted: $0.value.accepted)
            }
            let rows = { (counts: [String: Tally.Counts]) in
                counts.sorted { $0.key < $1.key }.map {
                    Row(name: $0.key, findings: $0.value.findings, errors: $0.value.errors, accepted: $0.value.accepted)
                }
            }
            return (byRule, rows(tally.byApp), rows(tally.byVariant))
        }

        /// "12 problems: 3 errors, 5 warnings, 4 accepted; from 42,135 findings".
        static func headline(_ problems: [Findings.Problem], findings: Int) -> String {
            let standings = problems.map(ProblemTally.standing)
            let counts = [
                ProblemExtent.count(standings.filter { $0 == 0 }.count, "error"),
                ProblemExtent.count(standings.filter { $0 == 1 }.count, "warning"),
                "\(standings.filter { $0 == 2 }.count) accepted",
            ]
            return ProblemExtent.count(problems.count, "problem") + ": " + counts.joined(separator: ", ")
                + "; from " + ProblemExtent.count(findings, "finding")
        }

        /// A finding as a problem's page lists it.
        func item(_ finding: Findings.Finding) -> Item {
            let size = sizes[finding.widget.key]
            return Item(
                severity: finding.severity.rawValue, status: finding.baseline?.rawValue, accepted: finding.accepted,
                key: finding.widget.key, link: toGallery + finding.page + "#" + finding.frame, frame: finding.frame,
                scheme: finding.scheme, message: finding.message, image: nil, width: size?.width ?? 0,
                height: size?.height ?? 0, x: finding.element.box.x, y: finding.element.box.y,
                w: finding.element.box.width, h: finding.element.box.height)
        }

        /// A relative link from the report's folder to the gallery's, with a trailing slash.
        static func relative(from out: URL, to gallery: URL) -> String {
            let from = out.standardizedFileURL.pathComponents
            let to = gallery.standardizedFileURL.pathComponents
            var common = 0
            while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
            let path = Array(repeating: "..", count: from.count - common) + to[common...]
            return path.isEmpty ? "" : path.joined(separator: "/") + "/"
        }

        static func about(_ rule: CheckRule) -> String {
            switch rule {
            case .truncated:
                "Text that ends in an ellipsis or is clamped. An error for the app's own copy; "
                    + "a warning for store text."
            case .clipped: "Something drawn past the widget's edge, or cut off with no ellipsis or clamp to show it."
            case .contrast:
                "Text against the pixels behind it, in its drawn colour: WCAG AA, 4.5:1, or 3:1 for large text."
            case .graphicContrast:
                "Rings, bars, glyphs and fills that carry meaning, against what is beside them: 3:1 (WCAG 1.4.11)."
            case .smallText: "Text under 11 pt after Dynamic Type."
            case .margin: "Content inside the widget's content margin: 16 pt by default, 11 pt at the tightest."
            case .blank: "A frame that draws nothing in one scheme while it does in another."
            case .voiceover: "A widget without an accessibility label, or one that leaves out a figure it shows."
            case .notLocalized: "The app's copy shown in English for want of a translation into the gallery's locale."
            case .keptBackground:
                "A background the app marks not removable, where the tinted or clear Home Screen removes backgrounds."
            case .overlap: "One text's ink drawn over another's, or across the edge of a graphic that carries meaning."
            case .hitTarget:
                "A tap smaller than 24 × 24 pt with no room around it, or two that overlap (errors); under 44 × 44 pt "
                    + "(a warning)."
            case .notScaling: "Text that keeps its size from the smallest text size to the largest."
            }
        }
    }
}
