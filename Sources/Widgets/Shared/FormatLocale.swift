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
        switch language {
        case "de", "es", "it", "nl", "pt", "da", "id", "tr":
            (groupingSeparator, decimalSeparator) = (".", ",")
        case "fr", "sv", "nb", "fi", "cs", "pl", "ru", "uk":
            (groupingSeparator, decimalSeparator) = ("\u{202F}", ",")
        case "de_CH":
            (groupingSeparator, decimalSeparator) = ("’", ".")
        default:
            (groupingSeparator, decimalSeparator) = (",", ".")
        }
        uses12HourClock = ["en_US", "en_CA", "en_AU", "en_IN", "en_NZ", "en_PH"].contains(identifier.replacingOccurrences(of: "-", with: "_"))
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
