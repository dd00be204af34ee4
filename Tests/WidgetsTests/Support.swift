import Foundation

/// A Gregorian calendar in `zone`, as a build with `--time-zone zone` uses.
func calendar(_ zone: String = "America/New_York") -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: zone)!
    return calendar
}

/// An ISO 8601 date with its offset, such as `2026-11-22T09:00:00-05:00`.
func date(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }
