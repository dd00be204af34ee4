import Foundation
import WidgetTimeline

/// How long ago the last meditation ended, in the unit the widget shows.
enum JustNowTimeSince: Hashable, Sendable {
    /// No session at all: "No recent sessions".
    case none
    /// Under a minute.
    case justNow
    /// Under an hour, whatever the day.
    case minutes(Int)
    /// An hour or more, on the same local day.
    case hours(Int)
    /// The previous local day.
    case yesterday
    /// 2 to 6 local calendar days.
    case days(Int)
    /// 7 calendar days or more, in whole weeks.
    case weeks(Int)

    /// By elapsed time first, then by the local calendar (docs/widgets/justnow.md#states).
    init(lastEnded last: Date?, now: Date, calendar: Calendar) {
        guard let last else {
            self = .none
            return
        }
        let elapsed = max(0, now.timeIntervalSince(last))
        if elapsed < 60 {
            self = .justNow
        } else if elapsed < 3600 {
            self = .minutes(Int(elapsed / 60))
        } else {
            let days = calendar.localDate(of: now).dayNumber - calendar.localDate(of: last).dayNumber
            switch days {
            case ...0: self = .hours(Int(elapsed / 3600))
            case 1: self = .yesterday
            case 2...6: self = .days(days)
            default: self = .weeks(days / 7)
            }
        }
    }

    /// The frame's state.
    var state: JustNowState {
        switch self {
        case .none: .noHistory
        case .justNow: .justNow
        case .minutes: .minutesAgo
        case .hours: .hoursAgo
        case .yesterday: .yesterday
        case .days: .daysAgo
        case .weeks: .weeksAgo
        }
    }

    /// The copy keys for the full, compact and spoken forms, and the count they take.
    var copyKeys: (full: String, compact: String, spoken: String, count: Int?) {
        switch self {
        case .none: ("since-none", "compact-none", "spoken-none", nil)
        case .justNow: ("since-just-now", "compact-just-now", "spoken-just-now", nil)
        case .minutes(let n): ("since-minutes", "compact-minutes", n == 1 ? "spoken-minute" : "spoken-minutes", n)
        case .hours(let n): ("since-hours", "compact-hours", n == 1 ? "spoken-hour" : "spoken-hours", n)
        case .yesterday: ("since-yesterday", "compact-yesterday", "spoken-yesterday", nil)
        case .days(let n): ("since-days", "compact-days", "spoken-days", n)
        case .weeks(let n): ("since-weeks", "compact-weeks", n == 1 ? "spoken-week" : "spoken-weeks", n)
        }
    }
}
