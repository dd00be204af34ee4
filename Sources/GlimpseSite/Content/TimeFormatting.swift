import Foundation
import GlimpseCore
import WidgetTimeline
import Widgets

/// Dates as the gallery writes them, from fixed patterns so bytes do not drift.
struct TimeFormatting: Sendable {
    let calendar: Calendar
    let locale: FormatLocale
    /// The zone's identifier, which with the locale's names this formatting in `texts`' keys: the
    /// calendar is always Gregorian, in `en_US_POSIX`, and only its zone differs.
    private let zone: String

    init(timeZone: TimeZone, locale: FormatLocale) {
        zone = timeZone.identifier
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        self.calendar = calendar
        self.locale = locale
    }

    private func parts(_ date: Date) -> DateComponents {
        calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    }

    /// ISO 8601 with the zone's offset: `2026-11-22T09:30:00-05:00`.
    func iso(_ date: Date) -> String {
        Self.texts.value(TextKey(zone: zone, locale: "", date: date, kind: .iso)) { _ in uncachedISO(date) }
    }

    private func uncachedISO(_ date: Date) -> String {
        let p = parts(date)
        let offset = calendar.timeZone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        let hours = abs(offset) / 3600
        let minutes = abs(offset) % 3600 / 60
        return
            "\(pad(p.year!, 4))-\(pad(p.month!))-\(pad(p.day!))"
            + "T\(pad(p.hour!)):\(pad(p.minute!)):\(pad(p.second!))\(sign)\(pad(hours)):\(pad(minutes))"
    }

    /// A clock time: "9:30 AM" or "09:30", with seconds when they are not zero.
    func clock(_ date: Date) -> String {
        Self.texts.value(TextKey(zone: zone, locale: locale.identifier, date: date, kind: .clock)) { _ in
            locale.clock(date, calendar: calendar, seconds: parts(date).second != 0)
        }
    }

    /// What a text is of a date, for `texts`.
    enum TextKind: Hashable, Sendable { case clock, deviceClock, dayNumber, iso }

    struct TextKey: Hashable, Sendable {
        var zone: String
        var locale: String
        var date: Date
        var kind: TextKind
    }

    /// Times already written, by their zone, locale and date: a build writes the same few
    /// hundred times in every frame list, frame and reload row, and ICU took 5 % of it.
    static let texts = Memo<TextKey, String>()

    /// The device's own clock, as the Lock Screen and the status bar show it: "9:41", "٩:٤١",
    /// the locale's short time without its AM or PM (ICU's skeleton without one pads the hour).
    func deviceClock(_ date: Date) -> String {
        Self.texts.value(TextKey(zone: zone, locale: locale.identifier, date: date, kind: .deviceClock)) { _ in
            uncachedDeviceClock(date)
        }
    }

    private func uncachedDeviceClock(_ date: Date) -> String {
        let time = Date.FormatStyle(
            date: .omitted, time: .shortened, locale: locale.locale, calendar: calendar, timeZone: calendar.timeZone
        ).attributed.format(date)
        let kept = time.runs.filter { $0.foundation.dateField != .amPM }.map { String(time[$0.range].characters) }
        return kept.joined().trimmingCharacters(in: .whitespaces)
    }

    /// The Lock Screen's date: "Sunday, November 22", "Sonntag, 22. November".
    func longDate(_ date: Date) -> String {
        style.weekday(.wide).month(.wide).day().format(date)
    }

    /// StandBy's calendar: ("SUN", "22"), ("SO.", "22").
    func weekdayAndDay(_ date: Date) -> (weekday: String, day: String) {
        (style.weekday(.abbreviated).format(date).uppercased(with: locale.locale), style.day().format(date))
    }

    /// The locale's date format style in the build's zone, no field chosen yet.
    private var style: Date.FormatStyle {
        Date.FormatStyle(locale: locale.locale, calendar: calendar, timeZone: calendar.timeZone)
    }

    /// A day and time for headers: "Sun Nov 22, 9:30 AM".
    func dayAndClock(_ date: Date) -> String {
        let p = calendar.dateComponents([.weekday, .month, .day], from: date)
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(weekdays[p.weekday! - 1]) \(months[p.month! - 1]) \(p.day!), \(clock(date))"
    }

    /// The anchor of a frame starting at `date`: `t-0930`, or `t-093005` with seconds.
    func anchor(_ date: Date) -> String {
        let p = parts(date)
        return "t-\(pad(p.hour!))\(pad(p.minute!))" + (p.second! != 0 ? pad(p.second!) : "")
    }

    /// "+1 day" when `date` is on a later local day than `reference`.
    func dayOffset(_ date: Date, from reference: Date) -> String? {
        let days = dayNumber(date) - dayNumber(reference)
        return days == 0 ? nil : (days == 1 ? "+1 day" : "+\(days) days")
    }

    /// The local day's number of `date`.
    private func dayNumber(_ date: Date) -> Int {
        Self.dayNumbers.value(TextKey(zone: zone, locale: "", date: date, kind: .dayNumber)) { _ in
            calendar.localDate(of: date).dayNumber
        }
    }

    static let dayNumbers = Memo<TextKey, Int>()

    private func pad(_ value: Int, _ width: Int = 2) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
