import Foundation

extension Calendar {
    /// The start of the local day after the one containing `date`.
    ///
    /// Right on 23 h and 25 h days, and where midnight itself is skipped by a transition
    /// (the day then starts at the first instant that exists).
    public func startOfNextDay(after date: Date) -> Date {
        if let interval = dateInterval(of: .day, for: date) {
            return interval.end
        }
        // Foundation found no interval: step past the transition by hours.
        var probe = date
        let today = component(.day, from: date)
        while component(.day, from: probe) == today {
            probe += 3600
        }
        return startOfDay(for: probe)
    }

    /// Every local midnight (start of day) strictly inside `interval`.
    public func midnights(in interval: DateInterval) -> [Date] {
        var result: [Date] = []
        var next = startOfNextDay(after: interval.start)
        while next < interval.end {
            result.append(next)
            next = startOfNextDay(after: next)
        }
        return result
    }

    /// The length of the local day containing `date`: 24 h, or 23 h/25 h on a transition day.
    public func lengthOfDay(containing date: Date) -> TimeInterval {
        let start = startOfDay(for: date)
        return startOfNextDay(after: date).timeIntervalSince(start)
    }

    /// The local calendar date of `date`.
    public func localDate(of date: Date) -> LocalDate {
        let parts = dateComponents([.year, .month, .day], from: date)
        return LocalDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// Noon of `day` in this calendar's zone: a moment on that local day whatever its length (a
    /// date stored without a time, placed on its day).
    public func noon(of day: LocalDate) -> Date? {
        date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))
    }
}
