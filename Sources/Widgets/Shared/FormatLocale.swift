import Foundation

/// Number formats per locale, from fixed patterns so output does not drift with
/// Foundation versions or the machine's locale. Copy stays English.
public struct FormatLocale: Hashable, Sendable {
    public var identifier: String
    public var groupingSeparator: String
    public var decimalSeparator: String
    /// True for a 12-hour clock with AM/PM.
    public var uses12HourClock: Bool

    public init(identifier: String) {
        self.identifier = identifier
        let language = identifier.split(whereSeparator: { $0 == "_" || $0 == "-" }).first.map(String.init) ?? identifier
        let normalized = identifier.replacingOccurrences(of: "-", with: "_")
        // Regions that differ from their language come first: Swiss German is not German.
        switch (normalized, language) {
        case ("de_CH", _), ("de_LI", _):
            (groupingSeparator, decimalSeparator) = ("’", ".")
        case (_, "de"), (_, "es"), (_, "it"), (_, "nl"), (_, "pt"), (_, "da"), (_, "id"), (_, "tr"):
            (groupingSeparator, decimalSeparator) = (".", ",")
        case (_, "fr"), (_, "sv"), (_, "nb"), (_, "fi"), (_, "cs"), (_, "pl"), (_, "ru"), (_, "uk"):
            (groupingSeparator, decimalSeparator) = ("\u{202F}", ",")
        default:
            (groupingSeparator, decimalSeparator) = (",", ".")
        }
        uses12HourClock =
            ["en_US", "en_CA", "en_AU", "en_IN", "en_NZ", "en_PH"].contains(normalized)
            || (language == "en" && !identifier.contains("GB") && !identifier.contains("IE"))
    }

    public static let enUS = FormatLocale(identifier: "en_US")

    /// An integer with grouping: "1,000" in en_US, "1.000" in de_DE.
    public func integer(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped += groupingSeparator }
            grouped.append(character)
        }
        return (value < 0 ? "−" : "") + grouped
    }

    /// A percentage with no decimals: "40%".
    public func percent(_ fraction: Double) -> String {
        let clamped = min(max(fraction, 0), 1)
        return "\(integer(Int((clamped * 100).rounded(.down))))%"
    }
}

extension FormatLocale {
    /// A decimal with grouping and exactly `fractionDigits` digits, rounded half-up:
    /// "12,345.67" in en_US, "12.345,67" in de_DE. Negative numbers take a minus sign (−).
    public func decimal(_ value: Decimal, fractionDigits: Int = 2) -> String {
        var input = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &input, fractionDigits, .plain)
        let negative = rounded < 0
        let text = "\(negative ? -rounded : rounded)"
        let parts = text.split(separator: ".", maxSplits: 1).map(String.init)
        var digits = parts[0]
        if digits.isEmpty { digits = "0" }
        var grouped = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped += groupingSeparator }
            grouped.append(character)
        }
        let fraction = (parts.count > 1 ? parts[1] : "").padding(toLength: fractionDigits, withPad: "0", startingAt: 0)
        return (negative ? "−" : "") + grouped + (fractionDigits > 0 ? decimalSeparator + fraction : "")
    }

    /// Money in `currency` (an ISO 4217 code): "$12,345.67" in en_US, "12.345,67 €" in de_DE.
    /// With `signed`, a gain gets "+" and a loss "−": "+$1,234.56".
    public func money(_ value: Decimal, currency: String, signed: Bool = false) -> String {
        let (symbol, digits) = Self.currencies[currency.uppercased()] ?? (currency.uppercased() + "\u{00A0}", 2)
        let magnitude = decimal(value < 0 ? -value : value, fractionDigits: digits)
        let sign = Self.sign(of: value, shown: magnitude, signed: signed)
        if decimalSeparator == "," {
            return sign + magnitude + "\u{00A0}" + symbol.trimmingCharacters(in: .whitespaces)
        }
        return sign + symbol + magnitude
    }

    /// A percentage given in percent units, two decimals, with its sign: "+2.34 %", "−0.50 %".
    public func signedPercent(_ percent: Decimal) -> String {
        let magnitude = decimal(percent < 0 ? -percent : percent)
        let sign = Self.sign(of: percent, shown: magnitude, signed: true)
        return sign + magnitude + "\u{00A0}%"
    }

    /// "−" for a loss, "+" for a gain when `signed`; none when the shown digits are all zero.
    static func sign(of value: Decimal, shown magnitude: String, signed: Bool) -> String {
        guard magnitude.contains(where: { ("1"..."9").contains($0) }) else { return "" }
        return value < 0 ? "−" : (signed && value > 0 ? "+" : "")
    }

    /// Symbols and minor-unit digits of common currencies; others show their code.
    static let currencies: [String: (symbol: String, digits: Int)] = [
        "USD": ("$", 2), "EUR": ("€", 2), "GBP": ("£", 2), "JPY": ("¥", 0), "CAD": ("CA$", 2), "AUD": ("A$", 2),
        "CHF": ("CHF\u{00A0}", 2), "INR": ("₹", 2), "KRW": ("₩", 0), "BRL": ("R$", 2),
    ]
}

extension FormatLocale {
    /// A clock time: "9:30 AM" or "09:30", with seconds when they are not zero.
    public func clock(hour: Int, minute: Int, second: Int = 0) -> String {
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let seconds = second != 0 ? ":\(pad(second))" : ""
        if uses12HourClock {
            let hour12 = hour % 12 == 0 ? 12 : hour % 12
            return "\(hour12):\(pad(minute))\(seconds) \(hour < 12 ? "AM" : "PM")"
        }
        return "\(pad(hour)):\(pad(minute))\(seconds)"
    }
}
