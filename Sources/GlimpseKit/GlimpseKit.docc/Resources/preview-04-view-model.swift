import GlimpseKit

/// What a Water Intake template presents: everything decided here, the template only lays it out.
/// Every `String` reaches the template escaped; copy rendered from Markdown is an `HTMLFragment`.
struct WaterIntakeViewModel: Encodable, Hashable, Sendable {
    var redacted: Bool
    var title: String
    /// `nil` in the no-data state, which shows `emptyHTML`.
    var progress: Progress?
    var emptyHTML: HTMLFragment

    struct Progress: Encodable, Hashable, Sendable {
        /// "3", formatted for the locale.
        var count: String
        /// "of 8 today", from copy.
        var captionHTML: HTMLFragment
        /// "5 to go", or "Goal met".
        var statusHTML: HTMLFragment
        /// Its copy key, `copy:waterintake/to-go` or `copy:waterintake/goal-met`: the template's `data-source`,
        /// by which `glimpse check` and `glimpse diff` name it.
        var statusSource: String
        var met: Bool
        /// The bar's fill, a CSS percentage: "37.50%".
        var barWidth: String
    }
}
