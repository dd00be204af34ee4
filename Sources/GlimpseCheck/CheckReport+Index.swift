import Foundation
import GlimpseDiff
import GlimpseFormat

extension CheckReport {
    /// What `index.mustache` presents.
    struct IndexModel: Encodable {
        var galleryPath: String
        var now: String
        var generator: String
        var frames: Int
        var chromium: String
        var verdict: String
        var fails: Bool
        var hasBaseline: Bool
        var new: Int
        var persisting: Int
        var resolvedCount: Int
        var byRule: [RuleRow]
        var byApp: [Row]
        var byVariant: [Row]
        var rules: [RuleSection]
        var hasResolved: Bool
        var resolved: [Resolved]
        /// Resolved findings past those listed, in `findings.json`.
        var moreResolved: Int?

        struct Row: Encodable {
            var name: String
            var findings: Int
            var errors: Int
            var accepted: Int
        }

        struct RuleRow: Encodable {
            var rule: String
            var findings: Int
            var errors: Int
            var accepted: Int
        }

        struct RuleSection: Encodable {
            var rule: String
            var count: Int
            var about: String
            var findings: [Item]
            var more: Int?
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

        struct Resolved: Encodable {
            var rule: String
            var key: String
            var frame: String
            var scheme: String
            var message: String
        }

        init(
            tally: Tally, resolved: [Findings.Finding]?, verdict: String, subject: Subject, out: URL
        ) {
            let (described, run, gallery) = (subject.described, subject.run, subject.gallery)
            galleryPath = described.path
            now = described.now
            generator = described.generator
            frames = run.frames
            chromium = run.chromium
            self.verdict = verdict
            fails = tally.failing > 0
            hasBaseline = resolved != nil
            new = tally.new
            persisting = tally.persisting
            resolvedCount = resolved?.count ?? 0
            byRule = tally.byRule.sorted { $0.key < $1.key }.map {
                RuleRow(
                    rule: $0.key.rawValue, findings: $0.value.findings, errors: $0.value.errors,
                    accepted: $0.value.accepted)
            }
            let rows = { (counts: [String: Tally.Counts]) in
                counts.sorted { $0.key < $1.key }.map {
                    Row(name: $0.key, findings: $0.value.findings, errors: $0.value.errors, accepted: $0.value.accepted)
                }
            }
            byApp = rows(tally.byApp)
            byVariant = rows(tally.byVariant)
            rules = Self.sections(tally, run: run, gallery: gallery, out: out)
            hasResolved = !(resolved ?? []).isEmpty
            self.resolved = (resolved ?? []).prefix(CheckReport.findingsShownPerRule).map {
                Resolved(
                    rule: $0.rule.rawValue, key: $0.widget.key, frame: $0.frame, scheme: $0.scheme, message: $0.message)
            }
            moreResolved = resolvedCount > self.resolved.count ? resolvedCount - self.resolved.count : nil
        }

        /// A section per rule with findings, in rule order: the findings it shows, each with its frame.
        static func sections(_ tally: Tally, run: CheckRun.Result, gallery: Gallery, out: URL) -> [RuleSection] {
            let sizes = Dictionary(
                gallery.manifest.widgets.map { (GalleryDiff.key(of: $0, in: gallery.manifest), $0.size) },
                uniquingKeysWith: { one, _ in one })
            let toGallery = Self.relative(from: out, to: gallery.url)
            return tally.byRule.keys.sorted().map { rule in
                let items = tally.shown(rule).map { finding -> Item in
                    let size = sizes[finding.widget.key]
                    let image = FrameImage.name(CheckReport.key(of: finding))
                    return Item(
                        severity: finding.severity.rawValue, status: finding.baseline?.rawValue,
                        accepted: finding.accepted, key: finding.widget.key,
                        link: toGallery + finding.page + "#" + finding.frame, frame: finding.frame,
                        scheme: finding.scheme, message: finding.message,
                        image: run.images[image] == nil ? nil : image, width: size?.width ?? 0,
                        height: size?.height ?? 0, x: finding.element.box.x, y: finding.element.box.y,
                        w: finding.element.box.width, h: finding.element.box.height)
                }
                let count = tally.byRule[rule]?.findings ?? 0
                return RuleSection(
                    rule: rule.rawValue, count: count, about: Self.about(rule), findings: items,
                    more: count > items.count ? count - items.count : nil)
            }
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
            }
        }
    }
}
