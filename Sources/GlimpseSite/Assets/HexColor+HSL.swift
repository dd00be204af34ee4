import Foundation
import Widgets

/// What deriving a tinted palette needs of a colour: HSL both ways, and compositing a translucent
/// colour over it, as the browser does.
extension HexColor {
    /// Hue in degrees [0, 360), saturation and lightness in [0, 1].
    var hsl: (hue: Double, saturation: Double, lightness: Double) {
        let r = Double(red) / 255
        let g = Double(green) / 255
        let b = Double(blue) / 255
        let high = max(r, g, b)
        let low = min(r, g, b)
        let lightness = (high + low) / 2
        guard high > low else { return (0, 0, lightness) }
        let delta = high - low
        let saturation = lightness > 0.5 ? delta / (2 - high - low) : delta / (high + low)
        let hue: Double
        switch high {
        case r: hue = (g - b) / delta + (g < b ? 6 : 0)
        case g: hue = (b - r) / delta + 2
        default: hue = (r - g) / delta + 4
        }
        return (hue * 60, saturation, lightness)
    }

    /// The colour of `hue` (degrees, any value), `saturation` and `lightness` (each clamped to [0, 1]).
    init(hue: Double, saturation: Double, lightness: Double) {
        let h = ((hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)) / 360
        let s = min(max(saturation, 0), 1)
        let l = min(max(lightness, 0), 1)
        let q = l < 0.5 ? l * (1 + s) : l + s - l * s
        let p = 2 * l - q
        func channel(_ offset: Double) -> Int {
            var t = h + offset
            if t < 0 { t += 1 }
            if t > 1 { t -= 1 }
            let value: Double
            if t < 1.0 / 6 {
                value = p + (q - p) * 6 * t
            } else if t < 1.0 / 2 {
                value = q
            } else if t < 2.0 / 3 {
                value = p + (q - p) * (2.0 / 3 - t) * 6
            } else {
                value = p
            }
            return Int(min(max((value * 255).rounded(), 0), 255))
        }
        self.init(red: channel(1.0 / 3), green: channel(0), blue: channel(-1.0 / 3))
    }

    /// `top` at `alpha` over this colour: what `rgba(top, alpha)` on it looks like.
    func overlaid(with top: HexColor, alpha: Double) -> HexColor {
        func mix(_ under: Int, _ over: Int) -> Int {
            Int((Double(under) * (1 - alpha) + Double(over) * alpha).rounded())
        }
        return HexColor(red: mix(red, top.red), green: mix(green, top.green), blue: mix(blue, top.blue))
    }

    /// `r, g, b`, as `rgba(…)` takes it.
    var rgbTriple: String { "\(red), \(green), \(blue)" }
}
