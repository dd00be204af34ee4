import Foundation
import GlimpseKit

/// Water Intake's rules, as pure functions of the store, a date and a calendar.
enum WaterIntakeRules {
    /// The goals the widget draws: anything else is a corrupt file, not a bar of 10⁹ steps.
    static let goalRange = 1...1_000_000

    /// The count at `date`: the file's on the local day it was written, 0 from the next local
    /// midnight on (the app has not counted that day yet).
    static func count(_ file: WaterIntakeStoreFile, at date: Date, calendar: Calendar) -> Int {
        calendar.isDate(file.updatedAt, inSameDayAs: date) ? file.count : 0
    }

    /// The state a count shows.
    static func state(count: Int, goal: Int) -> WaterIntakeState {
        count >= goal ? .goalMet : .counting
    }

    /// Checks a file: an impossible goal or count is the no-data state, with a warning.
    static func validate(_ file: WaterIntakeStoreFile, file name: String) -> (WaterIntakeStoreFile?, [Diagnostic]) {
        if !goalRange.contains(file.goal) {
            return (nil, [Diagnostic(.warning, "goal: \(file.goal) is outside 1…1000000; showing no data", file: name)])
        }
        if file.count < 0 {
            return (nil, [Diagnostic(.warning, "count: \(file.count) is negative; showing no data", file: name)])
        }
        return (file, [])
    }
}
