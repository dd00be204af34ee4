import Foundation
import Testing
import Widgets

/// Numbers, money, times and plural forms as CLDR has them, through the toolchain's ICU. The
/// expected strings are CLDR's: a toolchain with another CLDR may change one, and then this test
/// says which (the manifest's `formats` records the version a gallery was built with).
struct FormatLocaleTests {
    let us = FormatLocale(identifier: "en_US")
    let german = FormatLocale(identifier: "de_DE")
    let arabic = FormatLocale(identifier: "ar_SA")

    var newYork: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/New_York")!
        return calendar
    }

    @Test func numbersFollowTheLocale() {
        #expect(us.integer(1000) == "1,000")
        #expect(german.integer(1_234_567) == "1.234.567")
        #expect(FormatLocale(identifier: "de_CH").integer(1_234_567) == "1’234’567")
        #expect(arabic.integer(1_234) == "١٬٢٣٤")
        #expect(us.integer(999) == "999")
        // Rounded down: 54.8 % is not yet 55 %, and 99.9 % is not done.
        #expect(us.percent(0.548) == "54%")
        #expect(us.percent(0.999) == "99%")
        #expect(german.percent(0.4) == "40\u{00A0}%")
        #expect(german.decimal(Decimal(string: "12345.675")!) == "12.345,68")
        #expect(us.decimal(Decimal(string: "-0.04")!, fractionDigits: 1, signed: true) == "0.0")
        #expect(us.decimal(Decimal(string: "1.25")!, fractionDigits: 1, signed: true) == "+1.3")
    }

    /// French: a narrow no-break space groups thousands, a no-break space sets off the percent sign
    /// and the currency, a comma marks the decimals, and the clock is 24 h.
    @Test func frenchGroupsWithANarrowSpace() {
        let french = FormatLocale(identifier: "fr_FR")
        #expect(french.integer(1_234_567) == "1\u{202F}234\u{202F}567")
        #expect(french.decimal(Decimal(string: "12345.675")!) == "12\u{202F}345,68")
        #expect(french.percent(0.4) == "40\u{00A0}%")
        let evening = Date(timeIntervalSince1970: 1_795_357_805 + 12 * 3600)  // 21:30:05 in New York
        #expect(french.clock(evening, calendar: newYork) == "21:30")
        #expect(french.money(Decimal(string: "12345.5")!, currency: "eur") == "12\u{202F}345,50\u{00A0}€")
    }

    @Test func moneyTakesTheCurrencysDigitsAndTheLocalesPlace() {
        #expect(us.money(Decimal(string: "12345.678")!, currency: "USD") == "$12,345.68")
        #expect(german.money(Decimal(string: "12345.5")!, currency: "eur") == "12.345,50\u{00A0}€")
        #expect(FormatLocale(identifier: "ja_JP").money(Decimal(1234.5), currency: "JPY") == "¥1,234")
        #expect(us.money(Decimal(string: "-52.10")!, currency: "USD", signed: true) == "-$52.10")
        #expect(us.money(Decimal(string: "52.10")!, currency: "USD", signed: true) == "+$52.10")
        // A loss too small to show has no sign: not "-$0.00".
        #expect(us.money(Decimal(string: "-0.001")!, currency: "USD", signed: true) == "$0.00")
        #expect(us.signedPercent(Decimal(string: "-11.1")!) == "-11.10%")
        #expect(german.signedPercent(Decimal(string: "2.345")!) == "+2,35\u{00A0}%")
    }

    @Test func clocksAndDaysFollowTheLocale() {
        let morning = Date(timeIntervalSince1970: 1_795_357_805)  // 2026-11-22 09:30:05 in New York
        #expect(us.clock(morning, calendar: newYork) == "9:30\u{202F}AM")
        #expect(us.clock(morning, calendar: newYork, seconds: true) == "9:30:05\u{202F}AM")
        #expect(german.clock(morning, calendar: newYork) == "9:30")
        #expect(FormatLocale(identifier: "en_GB").clock(morning, calendar: newYork) == "9:30")
        #expect(arabic.clock(morning, calendar: newYork) == "٩:٣٠\u{00A0}ص")
        #expect(us.monthDay(morning, calendar: newYork) == "Nov 22")
        #expect(us.monthDay(morning, calendar: newYork, year: true) == "Nov 22, 2026")
        #expect(german.monthDay(morning, calendar: newYork) == "22. Nov.")
        #expect(us.age(hours: 0) == "1h")
        #expect(us.age(hours: 47) == "47h")
        #expect(us.age(hours: 72) == "3d")
    }

    @Test func pluralCategoriesAreCLDRs() {
        #expect([0, 1, 2, 5].map(us.pluralCategory) == ["other", "one", "other", "other"])
        #expect([0, 1, 2, 3, 11, 100].map(arabic.pluralCategory) == ["zero", "one", "two", "few", "many", "other"])
        #expect([1, 2].map(FormatLocale(identifier: "ja_JP").pluralCategory) == ["other", "other"])
        #expect(FormatLocale(identifier: "ru_RU").pluralCategory(21) == "one")
    }

    @Test func theDirectionAndTheVersionsAreKnown() {
        #expect(arabic.isRightToLeft && FormatLocale(identifier: "he_IL").isRightToLeft)
        #expect(FormatLocale(identifier: "fa").isRightToLeft && FormatLocale(identifier: "ur_PK").isRightToLeft)
        #expect(!us.isRightToLeft && !german.isRightToLeft)
        #expect(FormatLocale.icuVersion.wholeMatch(of: /ICU [0-9]+(\.[0-9]+)*, CLDR [0-9]+(\.[0-9]+)*/) != nil)
    }
}
