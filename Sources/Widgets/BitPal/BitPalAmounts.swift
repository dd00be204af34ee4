import Foundation

/// `FormatLocale`'s money and percentages, each amount formatted once: for one preview's
/// families, which show the same entries, where most amounts recur from frame to frame.
/// One task's, not shared.
final class BitPalAmounts {
    private struct Money: Hashable {
        var value: Decimal
        var currency: String
        var signed: Bool
        var fractionDigits: Int?
        var compact: Bool
    }

    let locale: FormatLocale
    /// Amounts are the store's: placeholders under --redact.
    let redaction: Redaction
    private var money: [Money: String] = [:]
    private var percents: [Decimal: String] = [:]

    init(locale: FormatLocale, redaction: Redaction = .off) {
        self.locale = locale
        self.redaction = redaction
    }

    /// `value` in `currency`: with the currency's own fraction digits, or `fractionDigits`.
    func money(_ value: Decimal, currency: String, signed: Bool = false, fractionDigits: Int? = nil) -> String {
        let key = Money(
            value: value, currency: currency, signed: signed, fractionDigits: fractionDigits, compact: false)
        if let known = money[key] { return known }
        let text = redaction.figure(
            locale.money(value, currency: currency, signed: signed, fractionDigits: fractionDigits))
        money[key] = text
        return text
    }

    /// `value` in `currency`, CLDR's compact form: "$125K", "$1.2M".
    func compactMoney(_ value: Decimal, currency: String, fractionDigits: Int) -> String {
        let key = Money(value: value, currency: currency, signed: false, fractionDigits: fractionDigits, compact: true)
        if let known = money[key] { return known }
        let text = redaction.figure(locale.compactMoney(value, currency: currency, fractionDigits: fractionDigits))
        money[key] = text
        return text
    }

    /// A percentage to one decimal, as the shipped widget writes it: "+25.0%".
    func signedPercent(_ percent: Decimal) -> String {
        if let known = percents[percent] { return known }
        let text = redaction.figure(locale.signedPercent(percent, fractionDigits: 1))
        percents[percent] = text
        return text
    }
}
