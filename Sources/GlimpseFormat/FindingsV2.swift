import Foundation

/// The findings as this version of Glimpse writes them.
package typealias Findings = FindingsV2

/// `findings.json`, schema version 2: what `glimpse check` found wrong in a gallery, the way a design
/// reviewer would flag it, each finding under its problem (one cause, seen in many frames). Its JSON
/// Schema is `Schemas/findings.schema.json` (`FormatSchema.findings`).
///
/// Version 2 reads version 1 too (a baseline from an earlier check): version 2 only added fields,
/// `problems`, `staleAccepted`, each finding's `problem` and its element's `source`, and three rules.
package struct FindingsV2: Codable, Sendable {
    package static let currentSchemaVersion = 2
    /// The versions `check --baseline` and `diff` read: this one and the one before.
    package static let readableSchemaVersions = 1...currentSchemaVersion

    package var schemaVersion = currentSchemaVersion
    /// The gallery that was checked.
    package var gallery: Gallery
    /// The rules that ran, in `CheckRule` order.
    package var rules: [CheckRule]
    package var summary: Summary
    /// Every finding, accepted ones too (each says so): sorted by widget key, frame, scheme, rule.
    package var findings: [Finding]
    /// With a baseline: its findings that this gallery no longer has. Absent without one.
    package var resolved: [Finding]?
    /// Each cause, once, with where it is seen: errors first, then by reach. Absent before version 2.
    package var problems: [Problem]?
    /// The accept file's entries that accepted nothing: stale, as approvals are. Absent when none is.
    package var staleAccepted: [AcceptedFindingsV2.Acceptance]?

    package init(
        gallery: Gallery, rules: [CheckRule], findings: [Finding], resolved: [Finding]? = nil,
        problems: [Problem] = []
    ) {
        self.gallery = gallery
        self.rules = rules
        self.findings = findings
        self.resolved = resolved
        self.problems = problems
        self.summary = Summary(findings: findings, resolved: resolved)
        summary.count(problems: problems)
    }

    /// The gallery checked: where it was, and what its manifest says of it.
    package struct Gallery: Codable, Sendable {
        package var path: String
        package var generator: String
        package var now: String
        package var widgets: Int

        package init(path: String, generator: String, now: String, widgets: Int) {
            self.path = path
            self.generator = generator
            self.now = now
            self.widgets = widgets
        }
    }
}

/// A rule of `glimpse check`, by the id a finding, `--rule` and an accept file name it with.
package enum CheckRule: String, Codable, CaseIterable, Sendable, Comparable {
    /// Text ends in an ellipsis or is line-clamped.
    case truncated
    /// Something drawn outside the widget's box, or cut off without an ellipsis or clamp.
    case clipped
    /// Text under WCAG AA against the colours drawn behind it.
    case contrast
    /// A ring, bar, glyph or accent fill that carries meaning, under 3:1 against what is beside it.
    case graphicContrast = "graphic-contrast"
    /// Text under 11 pt after Dynamic Type.
    case smallText = "small-text"
    /// Content inside the widget's content margins.
    case margin
    /// A frame that draws nothing in one scheme while it does in another.
    case blank
    /// A frame without an accessibility label, or one that leaves out a figure the widget shows.
    case voiceover
    /// The app's copy shown in English for want of a translation into the gallery's locale.
    case notLocalized = "not-localized"
    /// A background the app marks not removable, in a scheme where WidgetKit removes backgrounds.
    case keptBackground = "kept-background"
    /// One text's ink over another's, or over a graphic that carries meaning.
    case overlap
    /// A tappable element under the minimum hit region, or two targets that touch.
    case hitTarget = "hit-target"
    /// Text that keeps its size from the smallest text size to the largest.
    case notScaling = "not-scaling"

    /// How bad a finding of the rule is, where the rule alone decides it (`truncated` depends on
    /// whose text was cut: see `Finding.severity`).
    package var severity: Severity {
        switch self {
        case .truncated, .clipped, .contrast, .smallText, .blank, .overlap, .notScaling: .error
        case .graphicContrast, .margin, .voiceover, .notLocalized, .keptBackground, .hitTarget: .warning
        }
    }

    /// Whether the rule reads the frame as drawn (its pixels), not only as laid out: a check of
    /// none of these measures its frames without drawing them.
    package var readsPixels: Bool {
        switch self {
        case .contrast, .graphicContrast, .blank: true
        default: false
        }
    }

    package static func < (lhs: CheckRule, rhs: CheckRule) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// `error` fails a check (under `--fail-on`); `warning` is reported.
package enum Severity: String, Codable, CaseIterable, Sendable {
    case error
    case warning
}

extension FindingsV2 {
    /// A `findings.json` of a version this Glimpse reads, each finding under its problem (a file of
    /// version 1 names none: each is given its own here, as version 2 would have).
    ///
    /// - Throws: `UnreadableVersion` for a version it does not read; `DecodingError` for what is
    ///   not findings.
    package static func read(_ data: Data) throws -> FindingsV2 {
        let header = try JSONDecoder().decode(FormatHeader.self, from: data)
        guard readableSchemaVersions.contains(header.schemaVersion) else {
            throw UnreadableVersion(version: header.schemaVersion)
        }
        var read = try JSONDecoder().decode(FindingsV2.self, from: data)
        for index in read.findings.indices where read.findings[index].problem == nil {
            read.findings[index].problem = read.findings[index].problemID
        }
        return read
    }

    /// A `findings.json` of a schema version this Glimpse does not read.
    package struct UnreadableVersion: Error, CustomStringConvertible {
        package var version: Int

        package var description: String {
            "schemaVersion \(version); this glimpse reads findings of versions "
                + "\(readableSchemaVersions.lowerBound) to \(readableSchemaVersions.upperBound)"
        }
    }
}
