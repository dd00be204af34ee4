extension DiffReportV4 {
    /// What made a change, as far as the two galleries tell: a copy key in a language whose words
    /// changed, a scenario's store, a scenario added or removed, a template, a stylesheet's rule or
    /// another shared file, a build setting; `unattributed` when none of them fits, never a guess.
    /// One decision on a cause decides every widget change that has only that cause (`glimpse
    /// approve --cause`).
    package struct Cause: Codable, Sendable, Hashable {
        /// `copy:goal/done-today@en_US`, `store:goal/complete`, `scenario:goal/no-goal`,
        /// `template:goal/systemSmall`, `rule:assets/glimpse.css .og-total`,
        /// `asset:assets/fonts/Inter.woff2`, `setting:now`, `unattributed:goal`.
        package var id: String
        /// `copy`, `store`, `scenario`, `template` (a template whose source changed, for the frames
        /// drawn through it whose markup changed), `rule` (a stylesheet's rules of one selector),
        /// `asset` (any other shared file, or a stylesheet not told rule by rule), `setting` or
        /// `unattributed`.
        package var kind: String
        /// What changed: the copy's source (`copy:goal/done-today`), the scenario, the selector, the
        /// file, the setting, or the app whose changes nothing explains.
        package var subject: String
        /// The language a copy key changed in (`en_US`, `de_DE`, `en_US+double`).
        package var language: String?
        /// The words or the value before and after (the first seen, for a key drawn with figures);
        /// a rule's declarations.
        package var before: String?
        package var after: String?
        /// The changed widgets it is a cause of, by key.
        package var widgets: [String] = []
        /// The frames and storyboard steps of those widgets it changed.
        package var frames = 0
        /// For a shared file: the widgets of the new gallery it can draw differently (`AssetReach`),
        /// changed or not.
        package var reaches: Int?
        /// The SHA-256 of the cause and of each change it is a cause of, both sides: what a decision
        /// on the cause names, so that a cause whose widgets changed again is undecided again.
        package var digest: String?
        /// The decision on the cause itself, when one was made (`glimpse approve --cause`).
        package var decision: DecisionMark?

        package init(id: String, kind: String, subject: String) {
            self.id = id
            self.kind = kind
            self.subject = subject
        }
    }
}
