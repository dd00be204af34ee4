import GlimpseKit

/// What a Step Streak template presents, decided in Swift: the template only lays it out.
struct StepStreakViewModel: Encodable, Hashable, Sendable {
    var redacted: Bool
    /// `nil` in the no-data state, which shows `emptyHTML`.
    var streak: Streak?
    var emptyHTML: HTMLFragment
    /// Its copy key, `copy:stepstreak/no-data` or its short form: the template's `data-source`, by which
    /// `glimpse check` and `glimpse diff` name it.
    var emptySource: String

    struct Streak: Encodable, Hashable, Sendable {
        /// "6", formatted for the locale.
        var days: String
        /// "days in a row", from copy, in the count's plural form.
        var daysHTML: HTMLFragment
        /// "4,200 of 8,000 steps".
        var stepsHTML: HTMLFragment
        /// "3,800 to go by midnight", "Kept today", "Start a streak today".
        var statusHTML: HTMLFragment
        /// Its copy key (`copy:stepstreak/at-risk`), as `emptySource` is.
        var statusSource: String
        var kept: Bool
        var atRisk: Bool
        /// The bar's fill, a CSS percentage: "52.50%".
        var barWidth: String
    }
}
