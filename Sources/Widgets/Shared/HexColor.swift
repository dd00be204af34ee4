import Foundation

/// A colour written `#RGB` or `#RRGGBB`, as apps store them.
public struct HexColor: Hashable, Sendable, CustomStringConvertible {
    public var red: Int
    public var green: Int
    public var blue: Int

    public init(red: Int, green: Int, blue: Int) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses `#RGB` or `#RRGGBB`; returns `nil` for anything else.
    public init?(_ text: String) {
        guard text.hasPrefix("#") else { return nil }
        let digits = Array(text.dropFirst())
        guard digits.count == 3 || digits.count == 6, digits.allSatisfy(\.isHexDigit), digits.allSatisfy(\.isASCII)
        else { return nil }
        let expanded = digits.count == 3 ? digits.flatMap { [$0, $0] } : digits
        let values = stride(from: 0, to: 6, by: 2).map { Int(String(expanded[$0...$0 + 1]), radix: 16)! }
        self.init(red: values[0], green: values[1], blue: values[2])
    }

    /// `#RRGGBB`, upper case.
    public var description: String {
        "#"
            + [red, green, blue].map { value in
                let hex = String(value, radix: 16, uppercase: true)
                return hex.count == 1 ? "0" + hex : hex
            }.joined()
    }

    /// WCAG relative luminance.
    public var luminance: Double {
        func channel(_ value: Int) -> Double {
            let c = Double(value) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
    }

    /// WCAG contrast ratio with another colour, 1…21.
    public func contrast(with other: HexColor) -> Double {
        let (a, b) = (luminance, other.luminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Black or white, whichever reads better on this colour.
    public var readableLabel: HexColor {
        let black = HexColor(red: 0, green: 0, blue: 0)
        let white = HexColor(red: 255, green: 255, blue: 255)
        return contrast(with: black) >= contrast(with: white) ? black : white
    }
}
