import Foundation

extension ManifestV3 {
    /// A time as every format writes it, ISO 8601 with the zone's offset
    /// (`2026-11-22T09:00:00-05:00`); fractional seconds are accepted.
    ///
    /// The form every format writes is read by hand (a diff of a large gallery reads hundreds of
    /// thousands of them, and Foundation's parser was a fifth of its time); anything else, and any
    /// field out of range, goes to Foundation's `ISO8601FormatStyle`, so the answer is always its answer.
    package static func date(_ text: String) -> Date? {
        if let date = plainDate(Array(text.utf8)) { return date }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle()) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// `YYYY-MM-DDThh:mm:ss` and `Z` or `±hh:mm`, every field in range, from 1600 (before the
    /// Gregorian calendar's start Foundation counts in the Julian); nil otherwise.
    static func plainDate(_ bytes: [UInt8]) -> Date? {
        guard bytes.count == 20 || bytes.count == 25 else { return nil }
        func number(_ start: Int, _ length: Int) -> Int? {
            var value = 0
            for byte in bytes[start..<(start + length)] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        let separators: [(Int, UInt8)] = [(4, 0x2D), (7, 0x2D), (10, 0x54), (13, 0x3A), (16, 0x3A)]
        guard separators.allSatisfy({ bytes[$0.0] == $0.1 }),
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            year >= 1600, (1...12).contains(month), (1...daysIn(month, year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var offset = 0
        if bytes.count == 20 {
            guard bytes[19] == 0x5A else { return nil }
        } else {
            guard bytes[19] == 0x2B || bytes[19] == 0x2D, bytes[22] == 0x3A,
                let hours = number(20, 2), let minutes = number(23, 2), hours <= 14, minutes < 60
            else { return nil }
            offset = (hours * 3600 + minutes * 60) * (bytes[19] == 0x2D ? -1 : 1)
        }
        let seconds = daysFromCivil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`).
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
