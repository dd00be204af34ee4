import Foundation
import GlimpseFormat

extension CheckReport {
    /// What the report's page and `junit.xml` need of the findings, counted as they go by once,
    /// in order: counts by rule, app and variant, and the widgets that fail. Never the findings
    /// themselves.
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

        /// Counts `finding`, the next in order; `fails` when it fails the check.
        mutating func count(_ finding: Findings.Finding, fails: Bool) {
            byRule[finding.rule, default: Counts()].count(finding)
            byApp[finding.widget.app, default: Counts()].count(finding)
            byVariant[Self.variant(of: finding.widget), default: Counts()].count(finding)
            if finding.baseline == .new { new += 1 }
            if finding.baseline == .persisting { persisting += 1 }
            if fails {
                failing += 1
                failingWidgets.insert(finding.widget.key)
            }
        }

        /// A widget's variant as the counts name it: what its key adds to app/scenario/family.
        static func variant(of widget: Findings.WidgetKey) -> String {
            let variant = String(widget.key.dropFirst("\(widget.app)/\(widget.scenario)/\(widget.family)".count))
            return variant.isEmpty ? "default" : variant
        }
    }
}
