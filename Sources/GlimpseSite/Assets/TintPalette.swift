import Foundation
import Widgets

/// The colours of the tinted scheme (iOS 18's accented rendering, `docs/TINT.md`): one hue, the
/// user's pick, in an accent group and a default group, over a background of the same hue.
///
/// The stylesheets write the standard palette's own colours in their tinted rules (`#8DB4FF`,
/// `rgba(141, 180, 255, a)`…), so that the default gallery is byte for byte what it was.
/// `--tint` derives a palette from another colour and `rewrite(_:)` swaps each of those literals
/// for its derived counterpart: the standard palette's lightness and relative saturation, role by
/// role, in the new hue; then lightened or darkened until every text pair meets WCAG AA.
package struct TintPalette: Sendable, Equatable {
    /// The colour asked for.
    package var tint: HexColor
    /// The accent group: the tint itself, lightened if it had to be.
    package var accent: HexColor
    /// What the widget sits on: the wallpaper showing through, once the background is removed.
    package var background: HexColor
    /// The default group's text.
    package var label: HexColor
    package var secondary: HexColor
    /// The gallery's tinted stage, the Home Screen around the widget.
    package var stage: HexColor
    /// What the derivation changed to reach AA, in words, for the build to say.
    package var adjustments: [String] = []

    /// Today's tint, as the stylesheets write it.
    package static let standard = TintPalette(
        tint: HexColor("#8DB4FF")!, accent: HexColor("#8DB4FF")!, background: HexColor("#26344A")!,
        label: HexColor("#E3ECFF")!,
        secondary: HexColor("#BCCBE6")!, stage: HexColor("#162235")!)

    /// WCAG AA for normal text. Every text of the tinted scheme is held to it, large or not.
    package static let minimumContrast = 4.5
    /// The accent's alphas that lie under text in the apps' tinted rules (a list's rows 0.16, a
    /// badge 0.2) or could (the track, 0.26).
    package static let alphasUnderText = [0.16, 0.2, 0.26]

    package var isStandard: Bool { self == .standard }

    init(
        tint: HexColor, accent: HexColor, background: HexColor, label: HexColor, secondary: HexColor, stage: HexColor,
        adjustments: [String] = []
    ) {
        self.tint = tint
        self.accent = accent
        self.background = background
        self.label = label
        self.secondary = secondary
        self.stage = stage
        self.adjustments = adjustments
    }

    /// The palette of `tint`: the standard one for the standard tint, else derived (see the type).
    package init(deriving tint: HexColor) {
        let standard = Self.standard
        guard tint != standard.tint else {
            self = standard
            return
        }
        let base = standard.tint.hsl
        let asked = tint.hsl
        // Each role keeps the standard palette's lightness, its hue offset and its saturation
        // relative to the tint's, so a grey tint gives greys and a pale one pale colours.
        func role(_ colour: HexColor) -> HexColor {
            let own = colour.hsl
            let saturation = base.saturation > 0 ? own.saturation * asked.saturation / base.saturation : own.saturation
            return HexColor(hue: asked.hue + own.hue - base.hue, saturation: saturation, lightness: own.lightness)
        }
        var palette = TintPalette(
            tint: tint, accent: tint, background: role(standard.background), label: role(standard.label),
            secondary: role(standard.secondary), stage: role(standard.stage))
        let derived = palette
        palette.meetContrast()
        palette.adjustments = [
            ("accent", derived.accent, palette.accent), ("background", derived.background, palette.background),
            ("label", derived.label, palette.label), ("secondary label", derived.secondary, palette.secondary),
        ].compactMap { name, before, after in
            guard before != after else { return nil }
            let (from, to) = (before.hsl.lightness, after.hsl.lightness)
            return
                "\(name) \(to > from ? "lightened" : "darkened") from \(before) (L \(Int((from * 100).rounded()))%) "
                + "to \(after) (L \(Int((to * 100).rounded()))%)"
        }
        self = palette
    }

    /// Every pair of text colour and the colour under it that the tinted scheme draws.
    package var textPairs: [(name: String, foreground: HexColor, background: HexColor)] {
        var pairs: [(String, HexColor, HexColor)] = [
            ("label on background", label, background),
            ("secondary on background", secondary, background),
            ("accent on background", accent, background),
            // A mark on an accent fill is knocked out of it: the background shows through.
            ("knocked-out text on accent", background, accent),
            ("label on stage", label, stage),
        ]
        for alpha in Self.alphasUnderText {
            pairs.append(("label on accent at \(alpha)", label, background.overlaid(with: accent, alpha: alpha)))
        }
        return pairs
    }

    /// The pairs under `minimumContrast`, with their ratios.
    package var contrastFailures: [(name: String, ratio: Double)] {
        textPairs.compactMap { pair in
            let ratio = pair.foreground.contrast(with: pair.background)
            return ratio < Self.minimumContrast ? (pair.name, ratio) : nil
        }
    }

    /// Lightness steps until every text pair meets AA: the accent lighter first (it is the tint's
    /// own lightness that most often fails), then the labels, then the background darker.
    mutating func meetContrast() {
        func step(_ colour: HexColor, by delta: Double) -> HexColor {
            let hsl = colour.hsl
            return HexColor(hue: hsl.hue, saturation: hsl.saturation, lightness: hsl.lightness + delta)
        }
        func passes(_ a: HexColor, _ b: HexColor) -> Bool { a.contrast(with: b) >= Self.minimumContrast }
        for _ in 0..<400 {
            if !passes(accent, background) || !passes(background, accent) {
                if accent.hsl.lightness < 0.995 {
                    accent = step(accent, by: 0.01)
                } else {
                    background = step(background, by: -0.01)
                }
            } else if !passes(secondary, background) {
                if secondary.hsl.lightness < 0.995 {
                    secondary = step(secondary, by: 0.01)
                } else {
                    background = step(background, by: -0.01)
                }
            } else if !textPairs.filter({ $0.foreground == label }).allSatisfy({ passes($0.foreground, $0.background) })
            {
                if label.hsl.lightness < 0.995 {
                    label = step(label, by: 0.01)
                } else {
                    background = step(background, by: -0.01)
                }
            } else {
                return
            }
        }
    }

    // MARK: The stylesheet

    /// The standard palette's literal colours → this palette's.
    var substitutions: [String: String] {
        let standard = Self.standard
        return [
            standard.accent.description: accent.description, standard.background.description: background.description,
            standard.label.description: label.description, standard.secondary.description: secondary.description,
            standard.stage.description: stage.description,
        ]
    }

    /// The standard tint's literals in a stylesheet: `#RRGGBB` (any case), and `rgba(141, 180, 255,`
    /// (any spacing) for the accent at an alpha.
    static let literalPattern = "#[0-9A-Fa-f]{6}(?![0-9A-Fa-f])|rgba\\(\\s*141\\s*,\\s*180\\s*,\\s*255\\s*,"

    /// `stylesheet` with the standard palette's colours swapped for this palette's, in one pass (a
    /// derived colour that happens to be another standard literal is not swapped again). The
    /// standard palette leaves it as it is.
    package func rewrite(_ stylesheet: String) -> String {
        guard !isStandard else { return stylesheet }
        return "/* --tint \(tint): the tinted scheme's colours derived from it (docs/TINT.md). */\n"
            + rewritingColours(stylesheet)
    }

    /// `stylesheet` with the standard palette's colours swapped for this palette's, in one pass.
    func rewritingColours(_ stylesheet: String) -> String {
        guard let literal = try? NSRegularExpression(pattern: Self.literalPattern) else { return stylesheet }
        let map = substitutions
        let text = stylesheet as NSString
        var output = ""
        var last = 0
        for match in literal.matches(in: stylesheet, range: NSRange(location: 0, length: text.length)) {
            output += text.substring(with: NSRange(location: last, length: match.range.location - last))
            let found = text.substring(with: match.range)
            if found.hasPrefix("#") {
                output += map[found.uppercased()] ?? found
            } else {
                output += "rgba(\(accent.rgbTriple),"
            }
            last = match.range.location + match.range.length
        }
        output += text.substring(from: last)
        return output
    }
}
