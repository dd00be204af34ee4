import Foundation

/// An sRGB colour, 0–255 a channel, and WCAG 2's contrast between two of them.
struct Colour: Sendable, Equatable {
    var red: Double
    var green: Double
    var blue: Double

    /// `#RRGGBB`.
    init?(hex: String) {
        let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        self.init(red: Double(value >> 16 & 0xFF), green: Double(value >> 8 & 0xFF), blue: Double(value & 0xFF))
    }

    init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    var hex: String {
        let channel = { (value: Double) in String(format: "%02X", Int(max(0, min(255, value.rounded())))) }
        return "#" + channel(red) + channel(green) + channel(blue)
    }

    /// WCAG 2's relative luminance.
    var luminance: Double {
        func linear(_ channel: Double) -> Double {
            let value = channel / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2's contrast ratio, 1 to 21, rounded to two places as the rule reports it.
    func contrast(with other: Colour) -> Double {
        let (one, two) = (luminance, other.luminance)
        let ratio = (max(one, two) + 0.05) / (min(one, two) + 0.05)
        return (ratio * 100).rounded() / 100
    }

    /// This colour at `alpha` over `background`.
    func over(_ background: Colour, alpha: Double) -> Colour {
        let a = max(0, min(1, alpha))
        return Colour(
            red: red * a + background.red * (1 - a), green: green * a + background.green * (1 - a),
            blue: blue * a + background.blue * (1 - a))
    }
}
