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
            _ findings: Findings, shown: [Int], failing: Set<Int>, verdict: String, run: CheckRun.Result,
            gallery: Gallery, out: URL
        ) {
            let all = findings.findings
            galleryPath = findings.gallery.path
            now = findings.gallery.now
            generator = findings.gallery.generator
            frames = run.frames
            chromium = run.chromium
            self.verdict = verdict
            fails = !failing.isEmpty
            hasBaseline = findings.resolved != nil
            new = all.filter { $0.baseline == .new }.count
            persisting = all.filter { $0.baseline == .persisting }.count
            resolvedCount = findings.resolved?.count ?? 0
            let counts = { (group: [Findings.Finding]) in
                (group.count, group.filter { $0.severity == .error }.count, group.filter { $0.accepted != nil }.count)
            }
            byRule = Dictionary(grouping: all, by: \.rule).sorted { $0.key < $1.key }.map {
                let (count, errors, accepted) = counts($0.value)
                return RuleRow(rule: $0.key.rawValue, findings: count, errors: errors, accepted: accepted)
            }
            let rows = { (key: (Findings.Finding) -> String) in
                Dictionary(grouping: all, by: key).sorted { $0.key < $1.key }.map {
                    let (count, errors, accepted) = counts($0.value)
                    return Row(name: $0.key, findings: count, errors: errors, accepted: accepted)
                }
            }
            byApp = rows { $0.widget.app }
            byVariant = rows { finding in
                let variant = String(
                    finding.widget.key.dropFirst(
                        "\(finding.widget.app)/\(finding.widget.scenario)/\(finding.widget.family)".count))
                return variant.isEmpty ? "default" : variant
            }
            rules = Self.sections(all, shown: Set(shown), run: run, gallery: gallery, out: out)
            hasResolved = !(findings.resolved ?? []).isEmpty
            resolved = (findings.resolved ?? []).map {
                Resolved(
                    rule: $0.rule.rawValue, key: $0.widget.key, frame: $0.frame, scheme: $0.scheme, message: $0.message)
            }
        }

        /// A section per rule with findings, in rule order: each finding shown with its frame.
        static func sections(
            _ all: [Findings.Finding], shown: Set<Int>, run: CheckRun.Result, gallery: Gallery, out: URL
        ) -> [RuleSection] {
            let sizes = Dictionary(
                gallery.manifest.widgets.map { (GalleryDiff.key(of: $0, in: gallery.manifest), $0.size) },
                uniquingKeysWith: { one, _ in one })
            let toGallery = Self.relative(from: out, to: gallery.url)
            return Dictionary(grouping: all.indices, by: { all[$0].rule }).sorted { $0.key < $1.key }.map {
                rule, indices in
                let items = indices.filter { shown.contains($0) }.map { index -> Item in
                    let finding = all[index]
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
                return RuleSection(
                    rule: rule.rawValue, count: indices.count, about: Self.about(rule), findings: items,
                    more: indices.count > items.count ? indices.count - items.count : nil)
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
            }
        }
    }
}
