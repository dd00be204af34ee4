import Foundation
import TestSupport
import Testing
import Widgets

@testable import GlimpseSite

struct TimeFormattingTests {
    func date(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    @Test func isoCarriesTheZonesOffset() {
        let kathmandu = TimeFormatting(timeZone: TimeZone(identifier: "Asia/Kathmandu")!, locale: .enUS)
        #expect(kathmandu.iso(date("2026-11-22T18:15:00Z")) == "2026-11-23T00:00:00+05:45")
        let newYork = TimeFormatting(timeZone: TimeZone(identifier: "America/New_York")!, locale: .enUS)
        #expect(newYork.iso(date("2026-03-08T07:00:00Z")) == "2026-03-08T03:00:00-04:00")
        #expect(newYork.iso(date("2026-03-08T06:59:59Z")) == "2026-03-08T01:59:59-05:00")
    }

    @Test func clockAndAnchors() {
        let newYork = TimeFormatting(timeZone: TimeZone(identifier: "America/New_York")!, locale: .enUS)
        #expect(newYork.clock(date("2026-11-22T14:30:00Z")) == "9:30\u{202F}AM")
        #expect(newYork.clock(date("2026-11-23T05:00:05Z")) == "12:00:05\u{202F}AM")
        #expect(newYork.anchor(date("2026-11-22T14:30:00Z")) == "t-0930")
        #expect(newYork.anchor(date("2026-11-22T14:30:05Z")) == "t-093005")
        let berlin = TimeFormatting(
            timeZone: TimeZone(identifier: "Europe/Berlin")!, locale: FormatLocale(identifier: "de_DE"))
        #expect(berlin.clock(date("2026-11-22T14:30:00Z")) == "15:30")
    }
}
