import Foundation
import GlimpseFormat

extension CheckReport {
    /// What the report's page and `junit.xml` need of the findings, counted as they go by once,
    /// in order: counts by rule, app and variant, the widgets that fail, and the few findings the
    /// page shows per rule. Never the findings themselves.
    struct Tally {
        struct Counts {
            var findings = 0
            var errors = 0
            var accepted = 0

            mutating func count(_ finding: Findings.Finding) {
                findings += 1
                if finding.severity == .error { errors += 1 }
                if finding.accepted != nil { accepted += 1 }
            }
        }

        var byRule: [CheckRule: Counts] = [:]
        var byApp: [String: Counts] = [:]
        var byVariant: [String: Counts] = [:]
        var new = 0
        var persisting = 0
        var failing = 0
        /// The widgets with a finding that fails.
        var failingWidgets = Set<String>()
        /// Per rule, the first findings whose frame has an image, and the first without, each with
        /// its place in the order: as many as the page shows per rule.
        var withImage: [CheckRule: [(Int, Findings.Finding)]] = [:]
        var withoutImage: [CheckRule: [(Int, Findings.Finding)]] = [:]
        private var seen = 0

        /// Counts `finding`, the next in order; `fails` when it fails the check, `hasImage` when the
        /// run kept its frame's image.
        mutating func count(_ finding: Findings.Finding, fails: Bool, hasImage: Bool) {
            byRule[finding.rule, default: Counts()].count(finding)
            byApp[finding.widget.app, default: Counts()].count(finding)
            byVariant[Self.variant(of: finding.widget), default: Counts()].count(finding)
            if finding.baseline == .new { new += 1 }
            if finding.baseline == .persisting { persisting += 1 }
            if fails {
                failing += 1
                failingWidgets.insert(finding.widget.key)
            }
            let cap = CheckReport.findingsShownPerRule
            if hasImage, withImage[finding.rule, default: []].count < cap {
                withImage[finding.rule, default: []].append((seen, finding))
            } else if !hasImage, withoutImage[finding.rule, default: []].count < cap {
                withoutImage[finding.rule, default: []].append((seen, finding))
            }
            seen += 1
        }

        /// The findings the page shows for `rule`, in order: up to the cap, first those whose frame
        /// was kept as an image (the run keeps as many per rule), then the others.
        func shown(_ rule: CheckRule) -> [Findings.Finding] {
            let drawn = withImage[rule] ?? []
            let others = (withoutImage[rule] ?? []).prefix(CheckReport.findingsShownPerRule - drawn.count)
            return (drawn + others).sorted { $0.0 < $1.0 }.map(\.1)
        }

        /// A widget's variant as the counts name it: what its key adds to app/scenario/family.
        static func variant(of widget: Findings.WidgetKey) -> String {
            let variant = String(widget.key.dropFirst("\(widget.app)/\(widget.scenario)/\(widget.family)".count))
            return variant.isEmpty ? "default" : variant
        }
    }
}
