import Foundation

/// ISO 8601 durations as scenarios write event times: `PT2H30M`, `PT2H0M7S`, `P1DT2H`.
public enum ISODuration {
    /// Seconds, or `nil` when the text is not a duration of days, hours, minutes and seconds.
    public static func seconds(_ text: String) -> TimeInterval? {
        var rest = Substring(text.uppercased())
        guard rest.hasPrefix("P") else { return nil }
        rest = rest.dropFirst()
        var total: TimeInterval = 0
        var inTime = false
        var number = ""
        var sawUnit = false
        for character in rest {
            if character == "T" {
                guard !inTime, number.isEmpty else { return nil }
                inTime = true
            } else if character.isNumber || character == "." {
                number.append(character)
            } else {
                guard let value = Double(number), value.isFinite else { return nil }
                number = ""
                sawUnit = true
                switch (character, inTime) {
                case ("W", false): total += value * 7 * 86_400
                case ("D", false): total += value * 86_400
                case ("H", true): total += value * 3_600
                case ("M", true): total += value * 60
                case ("S", true): total += value
                default: return nil
                }
            }
        }
        return number.isEmpty && sawUnit ? total : nil
    }
}
