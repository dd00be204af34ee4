import Foundation
import GlimpseCore
import WidgetTimeline

/// One prompt or quote from `content/prompts/`, rendered once through cmark.
struct JustNowPrompt: Hashable, Sendable {
    /// The file name without `.md`; prompts rotate in this order.
    var id: String
    /// Inline HTML (emphasis kept, raw HTML dropped).
    var html: HTMLFragment
    var text: String
    var author: String?

    init(id: String, html: HTMLFragment, text: String, author: String? = nil) {
        self.id = id
        self.html = html
        self.text = text
        self.author = author
    }
}

/// Which prompt shows when: deterministic, and continuing across days.
///
/// The slot is ⌊wall-clock hours since local midnight ÷ interval⌋; the prompt is
/// (local day number × slots per day + slot) mod count, over prompts ordered by file name.
struct JustNowPromptRotation: Hashable, Sendable {
    static let defaultInterval: TimeInterval = 3 * 3600

    var prompts: [JustNowPrompt]
    var interval: TimeInterval

    init(prompts: [JustNowPrompt], interval: TimeInterval = Self.defaultInterval) {
        self.prompts = prompts.sorted { $0.id < $1.id }
        self.interval = interval
    }

    var slotsPerDay: Int {
        Int((86_400 / interval).rounded(.up))
    }

    /// The slot of the local day that `date` falls in, by wall-clock time, so that a 3-hour
    /// rotation changes at 03:00, 06:00 … on 23 h and 25 h days too.
    func slot(at date: Date, calendar: Calendar) -> Int {
        let time = calendar.dateComponents([.hour, .minute, .second], from: date)
        let seconds = Double((time.hour ?? 0) * 3600 + (time.minute ?? 0) * 60 + (time.second ?? 0))
        return min(slotsPerDay - 1, Int(seconds / interval))
    }

    /// The index into `prompts` at `date`; `nil` when there are none.
    func index(at date: Date, calendar: Calendar) -> Int? {
        guard !prompts.isEmpty else { return nil }
        let absolute = calendar.localDate(of: date).dayNumber * slotsPerDay + slot(at: date, calendar: calendar)
        let count = prompts.count
        return ((absolute % count) + count) % count
    }

    func prompt(at date: Date, calendar: Calendar) -> JustNowPrompt? {
        index(at: date, calendar: calendar).map { prompts[$0] }
    }

    /// The moments in `window` (start excluded) when the slot changes: every local midnight and
    /// every multiple of the interval after it.
    func boundaries(in window: DateInterval, calendar: Calendar) -> [Date] {
        var result: [Date] = []
        var day = calendar.startOfDay(for: window.start)
        while day < window.end {
            for k in 0..<slotsPerDay {
                let offset = Int(Double(k) * interval)
                guard
                    let date = calendar.date(
                        bySettingHour: offset / 3600, minute: offset % 3600 / 60, second: offset % 60, of: day,
                        matchingPolicy: .nextTime, repeatedTimePolicy: .first, direction: .forward)
                else { continue }
                if date > window.start, date < window.end, calendar.isDate(date, inSameDayAs: day) {
                    result.append(date)
                }
            }
            day = calendar.startOfNextDay(after: day)
        }
        return Array(Set(result)).sorted()
    }
}
