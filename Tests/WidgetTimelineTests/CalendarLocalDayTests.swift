import Foundation
import TestSupport
import Testing
import WidgetTimeline

struct CalendarLocalDayTests {
    func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    func date(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    @Test(arguments: [
        ("America/New_York", "2026-03-08T12:00:00-04:00", 23.0),
        ("America/New_York", "2026-11-01T12:00:00-05:00", 25.0),
        ("America/New_York", "2026-11-22T12:00:00-05:00", 24.0),
        ("Asia/Kathmandu", "2026-11-22T12:00:00+05:45", 24.0),
        ("Australia/Lord_Howe", "2026-10-04T12:00:00+11:00", 23.5),
    ])
    func dayLengths(zone: String, at: String, hours: Double) {
        #expect(calendar(zone).lengthOfDay(containing: date(at)) == hours * 3600)
    }

    @Test func nextMidnightOnTheSpringForwardDay() {
        let newYork = calendar("America/New_York")
        #expect(newYork.startOfNextDay(after: date("2026-03-07T20:00:00-05:00")) == date("2026-03-08T00:00:00-05:00"))
        #expect(newYork.startOfNextDay(after: date("2026-03-08T00:00:00-05:00")) == date("2026-03-09T00:00:00-04:00"))
    }

    @Test func nextMidnightOnTheFallBackDay() {
        let newYork = calendar("America/New_York")
        // 01:30 happens twice on 2026-11-01; both belong to the same local day.
        #expect(newYork.startOfNextDay(after: date("2026-11-01T01:30:00-04:00")) == date("2026-11-02T00:00:00-05:00"))
        #expect(newYork.startOfNextDay(after: date("2026-11-01T01:30:00-05:00")) == date("2026-11-02T00:00:00-05:00"))
    }

    @Test func kathmanduMidnightIsAtQuarterPastSixUTC() {
        let kathmandu = calendar("Asia/Kathmandu")
        #expect(kathmandu.startOfNextDay(after: date("2026-11-22T20:00:00+05:45")) == date("2026-11-22T18:15:00Z"))
    }

    @Test func indiaHalfHourOffset() {
        let kolkata = calendar("Asia/Kolkata")
        #expect(kolkata.startOfNextDay(after: date("2026-11-22T10:00:00Z")) == date("2026-11-22T18:30:00Z"))
    }

    @Test func midnightsInAWindow() {
        let newYork = calendar("America/New_York")
        let window = DateInterval(start: date("2026-10-31T12:00:00-04:00"), duration: 3 * 86_400)
        #expect(
            newYork.midnights(in: window) == [
                date("2026-11-01T00:00:00-04:00"), date("2026-11-02T00:00:00-05:00"), date("2026-11-03T00:00:00-05:00"),
            ])
    }

    @Test func localDateParsesOnlyRealDates() {
        #expect(LocalDate(iso: "2026-11-22") == LocalDate(year: 2026, month: 11, day: 22))
        #expect(LocalDate(iso: "2028-02-29") != nil)
        for bad in ["2026-02-29", "2026-13-01", "2026-1-01", "22/11/2026", "", "2026-11-22T00:00", "２０２６-11-22"] {
            #expect(LocalDate(iso: bad) == nil, "\(bad)")
        }
        #expect(LocalDate(year: 1970, month: 1, day: 1).dayNumber == 0)
        #expect(
            LocalDate(year: 2026, month: 11, day: 22).dayNumber - LocalDate(year: 2026, month: 11, day: 21).dayNumber
                == 1)
        #expect(
            LocalDate(year: 2027, month: 1, day: 1).dayNumber - LocalDate(year: 2026, month: 12, day: 31).dayNumber == 1
        )
        #expect(LocalDate(year: 2026, month: 3, day: 7).description == "2026-03-07")
    }
}
