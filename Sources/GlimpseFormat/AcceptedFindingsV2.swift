import Foundation
import GlimpseCore

/// The accept file as this version of Glimpse reads it.
package typealias AcceptedFindings = AcceptedFindingsV2

/// `glimpse-accepted.json`, schema version 2: findings a team has looked at and accepts, each with
/// its reason, committed in the app's repository. Its JSON Schema is `Schemas/accepted.schema.json`
/// (`FormatSchema.accepted`).
///
/// An entry names the rule, the widget key (`*` stands for any run of characters, `/` included) and
/// either what drew the element (`source`: `store:habits[].title`), which holds for any store, any
/// language and a redacted build, or the element's text (or, for an element without text, its
/// role), exactly. It survives a rebuild and never silences a different problem. An accepted
/// finding is shown as accepted, never hidden.
///
/// Version 2 added `source`; a file of version 1 (text entries only) is read as it was.
package struct AcceptedFindingsV2: Codable, Sendable {
    package static let currentSchemaVersion = 2
    package static let readableSchemaVersions = 1...currentSchemaVersion
    /// Read from the working folder when `--accept` is not given and the file is there.
    package static let defaultFileName = "glimpse-accepted.json"
    /// Larger than any hand-kept list; a bigger file is refused, not read.
    package static let maximumBytes = Limits.acceptedFile.value

    package var schemaVersion = currentSchemaVersion
    package var accepted: [Acceptance]

    package init(accepted: [Acceptance]) {
        self.accepted = accepted
    }

    /// One accepted finding, or a family of them through the widget pattern.
    package struct Acceptance: Codable, Sendable, Equatable {
        package var rule: CheckRule
        /// A widget key (`habits/long-titles/systemSmall`), where `*` is any run of characters
        /// (`habits/*/systemSmall*`: every small widget of the app `habits`, in every variant).
        package var widget: String
        /// The element's whole text, or its role for an element without text: exactly. Either this
        /// or `source`.
        package var text: String?
        /// What drew the element, as its template's `data-source` says (`copy:goal/done-today`),
        /// where `*` is any run of characters (`copy:goal/since-*`: each of a family of copy keys).
        /// Either this or `text`.
        package var source: String?
        /// Why the team accepts it: "Habit titles are user data; truncation at Small is the design".
        package var reason: String

        package init(rule: CheckRule, widget: String, text: String? = nil, source: String? = nil, reason: String) {
            self.rule = rule
            self.widget = widget
            self.text = text
            self.source = source
            self.reason = reason
        }

        /// Whether this entry accepts `finding`: the same rule, the widget key matched by the pattern,
        /// and the source matched by its pattern, or the same text (or role).
        package func accepts(_ finding: FindingsV2.Finding) -> Bool {
            guard rule == finding.rule else { return false }
            if let source {
                guard let drawn = finding.element.source, Self.matches(pattern: Array(source), key: Array(drawn))
                else { return false }
            } else if text != (finding.element.text ?? finding.element.role ?? "") {
                return false
            }
            return Self.matches(pattern: Array(widget), key: Array(finding.widget.key))
        }

        /// `*` matches any run of characters, `/` included; everything else matches itself. Greedy,
        /// going back only to the last star: at most pattern × key steps, however many stars.
        package static func matches(pattern: [Character], key: [Character]) -> Bool {
            var (k, p) = (0, 0)
            var lastStar: (pattern: Int, key: Int)?
            while k < key.count {
                if p < pattern.count, pattern[p] == "*" {
                    lastStar = (p, k)
                    p += 1
                } else if p < pattern.count, pattern[p] == key[k] {
                    (k, p) = (k + 1, p + 1)
                } else if let star = lastStar {
                    lastStar = (star.pattern, star.key + 1)
                    (k, p) = (star.key + 1, star.pattern + 1)
                } else {
                    return false
                }
            }
            return pattern[p...].allSatisfy { $0 == "*" }
        }
    }

    /// The first entry that accepts `finding`, if any.
    package func acceptance(of finding: FindingsV2.Finding) -> Acceptance? {
        accepted.first { $0.accepts(finding) }
    }
}
