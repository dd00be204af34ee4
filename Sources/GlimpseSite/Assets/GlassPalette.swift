import Foundation
import WidgetTimeline
import Widgets

/// The colours of iOS 26's accented rendering, clear and tinted glass (docs/TINT.md, "iOS 26").
///
/// Apple's rule ("Optimizing your widget for accented rendering mode and Liquid Glass"): the
/// system "tints primary and accented content white", tints opaque images white, and "removes the
/// background and replaces it with a themed glass or tinted color effect". So a glass scheme is
/// iOS 18's tinted scheme with other colours: the same groups, the same template-image drawing,
/// but both groups white, over glass. Its rules are the tinted rules, their `.scheme-tinted`
/// renamed and their colours swapped (`rules(from:)`), so that no app writes them twice.
///
/// The glass is a material: it blurs and refracts whatever lies under it. Glimpse draws it as one
/// flat colour (the glass over the gallery's sample wallpaper), darkened until white text on it
/// meets WCAG AA, and a light edge. A reviewer should trust the layout and which views turn white,
/// not the exact lightness: over a bright photo the real glass is lighter, and white text fainter.
struct GlassPalette: Sendable, Equatable {
    var scheme: ColorScheme
    /// The colours, in the tinted palette's roles: accent and label white.
    var palette: TintPalette

    /// White: what both groups are tinted in iOS and macOS.
    static let white = HexColor("#FFFFFF")!

    /// The three glass schemes, the tinted one of `tint`'s hue.
    static func all(tint: TintPalette) -> [GlassPalette] {
        [
            GlassPalette(
                scheme: .clearLight, glass: HexColor("#8A94A6")!, stage: HexColor("#CBD9EC")!),
            GlassPalette(
                scheme: .clearDark, glass: HexColor("#3A3E50")!, stage: HexColor("#13141D")!),
            GlassPalette(scheme: .tinted26, glass: tintedGlass(tint.tint), stage: tint.stage),
        ]
    }

    /// The glass of `scheme`, from a first estimate darkened until every text pair meets AA
    /// (`TintPalette.meetContrast`): white on the glass, on a row of white at 0.16–0.26 over it,
    /// and the glass showing through a knocked-out mark on a white fill.
    init(scheme: ColorScheme, glass: HexColor, stage: HexColor) {
        var palette = TintPalette(
            tint: Self.white, accent: Self.white, background: glass, label: Self.white,
            secondary: Self.white, stage: HexColor("#000000")!)
        // The stage is the wallpaper around the widget, under the gallery's caption, not under
        // white text: it takes no part in the darkening. The secondary text is white at 0.72 on
        // the glass found, lightened if it must be.
        palette.meetContrast()
        palette.secondary = palette.background.overlaid(with: Self.white, alpha: 0.72)
        palette.meetContrast()
        palette.stage = stage
        self.scheme = scheme
        self.palette = palette
    }

    /// The tinted glass: the tint's hue and saturation at a middle lightness, before darkening.
    static func tintedGlass(_ tint: HexColor) -> HexColor {
        let hsl = tint.hsl
        return HexColor(hue: hsl.hue, saturation: min(hsl.saturation, 0.7), lightness: 0.42)
    }

    // MARK: The stylesheet

    /// This scheme's rules: every rule of `stylesheet` that draws the tinted scheme, for this one.
    func rules(from stylesheet: String) -> String {
        let tinted = Self.tintedRules(stylesheet).map {
            $0.replacingOccurrences(of: "scheme-tinted", with: "scheme-\(scheme.rawValue)")
        }
        return palette.rewritingColours(tinted.joined(separator: "\n"))
    }

    /// The rules of `stylesheet` whose selector names `.scheme-tinted`, as written, comments out.
    static func tintedRules(_ stylesheet: String) -> [String] {
        CSSRules.split(stylesheet).filter { $0.selector.contains(".scheme-tinted") }.map(\.text)
    }
}

/// A stylesheet's top-level rules, comments dropped: enough for the flat rules of Glimpse's own
/// stylesheets, which nest nothing but `@media` and never put a brace in a string.
enum CSSRules {
    struct Rule: Equatable {
        var selector: String
        var text: String
    }

    /// Each top-level rule, `selector { … }`; an at-rule's block is one rule whose selector starts with `@`.
    static func split(_ css: String) -> [Rule] {
        var rules: [Rule] = []
        var current = ""
        var depth = 0
        var index = css.startIndex
        while index < css.endIndex {
            if css[index...].hasPrefix("/*") {
                let end = css[index...].range(of: "*/")?.upperBound ?? css.endIndex
                index = end
                continue
            }
            let character = css[index]
            current.append(character)
            if character == "{" { depth += 1 }
            if character == "}" {
                depth = max(0, depth - 1)
                if depth == 0 {
                    let text = current.trimmingCharacters(in: .whitespacesAndNewlines)
                    let selector = text.prefix(while: { $0 != "{" }).trimmingCharacters(in: .whitespacesAndNewlines)
                    rules.append(Rule(selector: selector, text: text))
                    current = ""
                }
            }
            index = css.index(after: index)
        }
        return rules
    }
}
