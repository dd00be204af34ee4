import Foundation

/// `FormatLocale`'s money and percentages, each amount formatted once: for one preview's
/// families, which show the same entries, where most amounts recur from frame to frame.
/// One task's, not shared.
final class BitPalAmounts {
    private struct Money: Hashable {
        var value: Decimal
        var currency: String
        var signed: Bool
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

    func money(_ value: Decimal, currency: String, signed: Bool = false) -> String {
        let key = Money(value: value, currency: currency, signed: signed)
        if let known = money[key] { return known }
        let text = redaction.figure(locale.money(value, currency: currency, signed: signed))
        money[key] = text
        return text
    }

    func signedPercent(_ percent: Decimal) -> String {
        if let known = percents[percent] { return known }
        let text = redaction.figure(locale.signedPercent(percent))
        percents[percent] = text
        return text
    }
}
