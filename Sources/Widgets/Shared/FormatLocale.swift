import Foundation
import GlimpseCore

/// Numbers, money, percentages and times as an app in `identifier`'s locale shows them: CLDR's
/// patterns, through Foundation's ICU-backed format styles ("1.234,50 €", "٤٠٪", "9:30 AM").
/// What this draws is pinned by the toolchain's ICU and CLDR (`FormatLocale.icuVersion`), which
/// the manifest records, not by patterns written here. Copy is translated elsewhere (the copy book).
public struct FormatLocale: Hashable, Sendable {
    public let identifier: String
    public let locale: Locale

    public init(identifier: String) {
        self.identifier = identifier
        locale = Locale(identifier: identifier)
    }

    public static let enUS = FormatLocale(identifier: "en_US")

    /// The folders a translation of content is looked for in, most specific first: `de_AT`, then
    /// `de`; none for English, the content's own language.
    public var translationFolders: [String] {
        let written = identifier.replacingOccurrences(of: "-", with: "_")
        let language = String(written.prefix { $0 != "_" })
        return language == "en" ? [] : (written == language ? [language] : [written, language])
    }

    /// True when the locale's language is written right to left (Arabic, Hebrew, Persian, Urdu).
    public var isRightToLeft: Bool {
        Locale.Language(identifier: identifier).characterDirection == .rightToLeft
    }

    /// An integer with the locale's grouping and digits: "1,000" in en_US, "1.000" in de_DE, "١٬٠٠٠" in ar_SA.
    public func integer(_ value: Int) -> String {
        value.formatted(.number.locale(locale))
    }

    /// A percentage of a fraction, rounded down so 99.6 % is not shown as done: "40%", "40 %", "٤٠٪".
    public func percent(_ fraction: Double) -> String {
        let whole = (min(max(fraction, 0), 1) * 100).rounded(.down)
        return (whole / 100).formatted(.percent.precision(.fractionLength(0)).locale(locale))
    }

    /// A decimal with grouping and exactly `fractionDigits` digits, rounded half away from zero:
    /// "12,345.67" in en_US, "12.345,67" in de_DE. With `signed`, a gain gets "+".
    public func decimal(_ value: Decimal, fractionDigits: Int = 2, signed: Bool = false) -> String {
        let style = Decimal.FormatStyle(locale: locale)
            .precision(.fractionLength(fractionDigits))
            .rounded(rule: .toNearestOrAwayFromZero)
            .sign(strategy: signed ? .always(includingZero: false) : .automatic)
        return Self.unsignedZero(value, style.format)
    }

    /// Money in `currency` (an ISO 4217 code) with the currency's own digits: "$12,345.67" in
    /// en_US, "12.345,67 $" in de_DE. With `signed`, a gain gets "+": "+$1,234.56".
    public func money(
        _ value: Decimal, currency: String, signed: Bool = false, fractionDigits: Int? = nil
    ) -> String {
        var style = Decimal.FormatStyle.Currency(code: currency.uppercased(), locale: locale)
            .sign(strategy: signed ? .always(showZero: false) : .automatic)
        if let fractionDigits {
            style = style.precision(.fractionLength(fractionDigits)).rounded(rule: .toNearestOrAwayFromZero)
        }
        return Self.unsignedZero(value, style.format)
    }

    /// An amount of money in CLDR's compact form, `fractionDigits` after the point: "$125K",
    /// "$1.2M"; "125.000 $" and "1,2 Mio. $" in German, which abbreviates only millions.
    public func compactMoney(_ value: Decimal, currency: String, fractionDigits: Int) -> String {
        let style = Decimal.FormatStyle.Currency(code: currency.uppercased(), locale: locale)
            .notation(.compactName).precision(.fractionLength(fractionDigits))
            .rounded(rule: .toNearestOrAwayFromZero)
        return Self.unsignedZero(value, style.format)
    }

    /// A percentage given in percent units, `fractionDigits` decimals (two by default), with its
    /// sign: "+2.34%", "-0.50 %".
    public func signedPercent(_ percent: Decimal, fractionDigits: Int = 2) -> String {
        let style = Decimal.FormatStyle.Percent(locale: locale).scale(1)
            .precision(.fractionLength(fractionDigits))
            .rounded(rule: .toNearestOrAwayFromZero)
            .sign(strategy: .always(includingZero: false))
        return Self.unsignedZero(percent, style.format)
    }

    /// `format(value)`, or `format(0)` when the value rounds to zero, so nothing reads "-$0.00" or "+0.00".
    static func unsignedZero(_ value: Decimal, _ format: (Decimal) -> String) -> String {
        let text = format(value)
        let digits = text.compactMap(\.wholeNumberValue)
        return !digits.isEmpty && digits.allSatisfy({ $0 == 0 }) && value != 0 ? format(0) : text
    }
}

extension FormatLocale {
    /// A clock time in `calendar`'s zone: "9:30 AM", "09:30", "٩:٣٠ ص"; with seconds when `seconds`.
    /// Kept by `clocks`: a build formats the same few hundred times tens of thousands of times.
    public func clock(_ date: Date, calendar: Calendar, seconds: Bool = false) -> String {
        Self.clocks.value(ClockKey(locale: locale, calendar: calendar, date: date, seconds: seconds)) { key in
            Date.FormatStyle(
                date: .omitted, time: key.seconds ? .standard : .shortened, locale: key.locale,
                calendar: key.calendar, timeZone: key.calendar.timeZone
            ).format(key.date)
        }
    }

    struct ClockKey: Hashable, Sendable {
        var locale: Locale
        var calendar: Calendar
        var date: Date
        var seconds: Bool
    }

    static let clocks = Memo<ClockKey, String>()

    /// A day of a month: "Nov 18", "18. Nov.", "11月18日"; with the year when `year`.
    public func monthDay(_ date: Date, calendar: Calendar, year: Bool = false) -> String {
        let style = Date.FormatStyle(locale: locale, calendar: calendar, timeZone: calendar.timeZone)
            .month(.abbreviated).day()
        return (year ? style.year() : style).format(date)
    }

    /// A whole number of hours or days, the locale's narrow unit: "5h", "3d", "3時間", "٣س".
    public func age(hours: Int) -> String {
        let (value, unit): (Int, Duration.UnitsFormatStyle.Unit) =
            hours < 48 ? (max(hours, 1), .hours) : (hours / 24, .days)
        let seconds = Int64(value) * (unit == .hours ? 3_600 : 86_400)
        return Duration.seconds(seconds).formatted(.units(allowed: [unit], width: .narrow).locale(locale))
    }
}
