import AppGroupStore
import Foundation
import GlimpseCore

/// W8Trackr's rules (docs/widgets/w8trackr.md): which weights are plausible, and what the suite's
/// preferences come to. The weight and the way to the goal at a moment are `W8TrackrSummary.of`.
enum W8TrackrRules {
    /// Weights outside this range (in kg) are typing errors, not weights.
    static let saneKilograms = 1.0...700.0

    static func isPlausible(_ value: Double, in unit: W8TrackrUnit) -> Bool {
        value.isFinite && saneKilograms.contains(unit.convert(value, to: .kg))
    }

    /// The preferred unit and the goal the suite holds: pounds, and no goal, where it holds none
    /// or one that cannot be right, with a warning naming `file`.
    static func preferences(
        _ suite: UserDefaultsSuite, file: String
    ) -> (unit: W8TrackrUnit, goal: Double?, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var unit = W8TrackrUnit.lb
        if let text = suite.string(forKey: "preferredWeightUnit") {
            if let preferred = W8TrackrUnit(rawValue: text) {
                unit = preferred
            } else {
                let message = "preferredWeightUnit \"\(text.prefix(20))\" is not lb or kg; showing lb"
                diagnostics.append(Diagnostic(.warning, message, file: file))
            }
        } else {
            diagnostics.append(Diagnostic(.warning, "preferredWeightUnit is missing; showing lb", file: file))
        }
        var goal: Double?
        if let value = suite.double(forKey: "goalWeight") {
            if isPlausible(value, in: unit) {
                goal = value
            } else {
                let message = "goalWeight \(value) is not a plausible weight in \(unit.rawValue); no goal shown"
                diagnostics.append(Diagnostic(.warning, message, file: file))
            }
        }
        return (unit, goal, diagnostics)
    }
}
