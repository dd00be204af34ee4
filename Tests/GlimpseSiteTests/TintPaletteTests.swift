import Foundation
import GlimpseRegistry
import TestSupport
import Testing
import Widgets

@testable import GlimpseSite

/// `--tint`: the default leaves the stylesheet byte for byte as it is; any other hue gives a tinted
/// scheme whose every text meets WCAG AA, measured here on the stylesheet the build writes.
struct TintPaletteTests {
    static let assets = GalleryAssets(
        templatesDirectory: repositoryRoot.appendingPathComponent("templates"), fileIO: .diskAccess)

    /// Hues across the wheel, and the hard cases: too dark, too light, grey, pure primaries.
    static let hues = [
        "#FF6B9D", "#1A237E", "#FFD60A", "#30D158", "#FF3B30", "#0000FF", "#00FF00", "#5E5CE6", "#808080",
        "#000000", "#FFFFFF", "#8B4513", "#00FFFF", "#FF9500",
    ]

    @Test func theDefaultTintLeavesTheStylesheetAsItIs() throws {
        let today = try Self.assets.stylesheet(apps: GalleryApps.all)
        for spelling in ["#8DB4FF", "#8db4ff"] {
            let palette = TintPalette(deriving: try #require(HexColor(spelling)))
            #expect(palette.isStandard)
            #expect(palette.adjustments.isEmpty)
            #expect(try Self.assets.stylesheet(apps: GalleryApps.all, tint: palette) == today)
        }
    }

    @Test func theDefaultGalleryIsByteForByteTheSameWithTheDefaultTintNamed() async throws {
        var named = sampleOptions()
        named.axes.tint = TintPalette(deriving: HexColor("#8DB4FF")!)
        let plain = try await sampleGallery().files
        let renamed = try await GalleryBuilder(options: named).build().files
        #expect(plain.count > 100)
        #expect(plain.map(\.path) == renamed.map(\.path))
        #expect(zip(plain, renamed).filter { $0.data != $1.data }.map(\.0.path) == [])
    }

    /// Every tinted text pair, read back from the rewritten stylesheet (not from the palette), at 4.5:1.
    @Test(arguments: hues) func everyTintedTextMeetsAA(hex: String) throws {
        let palette = TintPalette(deriving: try #require(HexColor(hex)))
        let css = String(decoding: try Self.assets.stylesheet(apps: GalleryApps.all, tint: palette), as: UTF8.self)
        let scheme = try #require(Self.rule(".scheme-tinted", in: css))
        let background = try Self.colour("--w-bg", in: scheme)
        let label = try Self.colour("--w-label", in: scheme)
        let secondary = try Self.colour("--w-secondary", in: scheme)
        let accent = try Self.colour("--w-accent", in: scheme)
        #expect(try Self.value("--icon-on", in: scheme) == "var(--w-bg)")
        let stage = try Self.colour("background", in: try #require(Self.rule(".stage-tinted", in: css)))
        let stageText = try Self.colour("color", in: try #require(Self.rule(".stage-tinted", in: css)))
        var pairs: [(String, HexColor, HexColor)] = [
            ("label", label, background), ("secondary", secondary, background), ("accent", accent, background),
            ("stage caption", stageText, stage),
        ]
        // Every app's tinted rules: text set on the accent is knocked out of it (the background shows
        // through) or a colour of its own that must read on the accent; every translucent fill light
        // enough to carry text is the accent at an alpha, and the label must read on it.
        var onAccent = 0
        var translucent = 0
        for (selector, body) in Self.rules(in: css) where selector.contains("scheme-tinted") {
            for declaration in body.components(separatedBy: ";") {
                let parts = declaration.components(separatedBy: ":")
                guard parts.count == 2 else { continue }
                let (property, value) = (
                    parts[0].trimmingCharacters(in: .whitespacesAndNewlines),
                    parts[1].trimmingCharacters(in: .whitespaces)
                )
                if property.hasSuffix("on-accent") {
                    onAccent += 1
                    let colour =
                        value == "var(--w-bg)" ? background : try #require(HexColor(value), "\(property): \(value)")
                    pairs.append((property, colour, accent))
                }
                if value.hasPrefix("rgba(") {
                    let (rgb, alpha) = try Self.rgba(property, in: body)
                    #expect(rgb == accent, "\(selector): \(property) is the accent at an alpha")
                    if alpha <= 0.26 {
                        translucent += 1
                        pairs.append(
                            (
                                "label on \(property) (\(alpha))", label,
                                Self.composite(rgb, alpha: alpha, over: background)
                            ))
                    }
                }
            }
        }
        #expect(onAccent >= 1 && translucent >= 5, "\(onAccent) on-accent colours, \(translucent) translucent fills")
        for (name, foreground, under) in pairs {
            let ratio = Self.contrast(foreground, under)
            #expect(ratio >= 4.5, "\(hex): \(name) \(foreground) on \(under) is \(String(format: "%.2f", ratio)):1")
        }
        #expect(palette.contrastFailures.isEmpty)
    }

    @Test func aDarkTintIsLightenedAndSaysSo() throws {
        let palette = TintPalette(deriving: HexColor("#1A237E")!)
        #expect(palette.accent != palette.tint)
        #expect(palette.accent.hsl.lightness > palette.tint.hsl.lightness)
        #expect(
            palette.adjustments.contains { $0.hasPrefix("accent lightened from #1A237E") }, "\(palette.adjustments)")
        #expect(TintPalette(deriving: HexColor("#FF6B9D")!).adjustments.isEmpty)
    }

    /// The derivation keeps each role's lightness and hue offset: a tint one step from the default
    /// gives the default palette, give or take rounding.
    @Test func aTintNextToTheDefaultDerivesTheDefaultPalette() {
        let near = TintPalette(deriving: HexColor("#8DB4FE")!)
        let standard = TintPalette.standard
        for (derived, expected) in [
            (near.background, standard.background), (near.label, standard.label), (near.secondary, standard.secondary),
            (near.stage, standard.stage),
        ] {
            #expect(
                abs(derived.red - expected.red) <= 2 && abs(derived.green - expected.green) <= 2
                    && abs(derived.blue - expected.blue) <= 2,
                "\(derived) for \(expected)")
        }
    }

    /// The tint follows the stylesheets only where they write the standard palette's colours: every
    /// such literal sits in a tinted rule, and a tinted rule writes no other colour (or it would
    /// stay blue under another tint).
    @Test func tintedRulesWriteOnlyThePalettesColours() throws {
        let css = String(decoding: try Self.assets.stylesheet(apps: GalleryApps.all), as: UTF8.self)
        let palette = Set(TintPalette.standard.substitutions.keys)
        let literal = try NSRegularExpression(pattern: "#[0-9A-Fa-f]{3,8}\\b|rgba?\\([^)]*\\)")
        var checked = 0
        for (selector, text) in Self.rules(in: css) {
            let body = text as NSString
            let tinted = selector.contains("tinted")
            checked += tinted ? 1 : 0
            for match in literal.matches(in: text, range: NSRange(location: 0, length: body.length)) {
                let colour = body.substring(with: match.range)
                let isPalette =
                    palette.contains(colour.uppercased())
                    || colour.replacingOccurrences(of: " ", with: "").hasPrefix("rgba(141,180,255,")
                let rule = selector.trimmingCharacters(in: .whitespacesAndNewlines)
                if tinted {
                    #expect(isPalette, "\(rule): \(colour) does not follow --tint")
                } else {
                    #expect(!isPalette, "\(rule): \(colour) is the tint's outside a tinted rule")
                }
            }
        }
        #expect(checked >= 8)
    }

    @Test func aRewriteIsOnePass() {
        // A derived colour equal to another standard literal is not swapped again.
        var palette = TintPalette.standard
        palette.tint = HexColor("#000001")!
        palette.accent = HexColor("#26344A")!
        palette.background = HexColor("#123456")!
        let css = ".scheme-tinted { --w-accent: #8DB4FF; --w-bg: #26344a; --w-track: rgba(141,180,255,0.26); }"
        #expect(
            palette.rewrite(css).hasSuffix(
                ".scheme-tinted { --w-accent: #26344A; --w-bg: #123456; --w-track: rgba(38, 52, 74,0.26); }"))
    }

    // MARK: Reading the stylesheet back

    /// (selector, declarations) of every rule, comments dropped; a rule inside `@media` too.
    static func rules(in css: String) -> [(selector: String, body: String)] {
        let uncommented = css.replacingOccurrences(of: "/\\*[\\s\\S]*?\\*/", with: "", options: .regularExpression)
        return uncommented.components(separatedBy: "}").compactMap { chunk in
            let parts = chunk.components(separatedBy: "{")
            guard parts.count >= 2 else { return nil }
            return (parts[parts.count - 2], parts[parts.count - 1])
        }
    }

    static func rule(_ selector: String, in css: String) -> String? {
        rules(in: css).first { rule in
            rule.selector.components(separatedBy: ",").contains {
                $0.trimmingCharacters(in: .whitespacesAndNewlines) == selector
            }
        }?.body
    }

    static func value(_ property: String, in body: String) throws -> String {
        let declaration = try #require(
            body.components(separatedBy: ";").first {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix(property + ":")
            })
        return declaration.components(separatedBy: ":")[1].trimmingCharacters(in: .whitespaces)
    }

    static func colour(_ property: String, in body: String) throws -> HexColor {
        try #require(HexColor(try value(property, in: body)), "\(property)")
    }

    static func rgba(_ property: String, in body: String) throws -> (HexColor, Double) {
        let text = try value(property, in: body)
        let numbers = text.dropFirst("rgba(".count).dropLast().components(separatedBy: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        try #require(numbers.count == 4, "\(property): \(text)")
        return (HexColor(red: Int(numbers[0])!, green: Int(numbers[1])!, blue: Int(numbers[2])!), Double(numbers[3])!)
    }

    static func composite(_ top: HexColor, alpha: Double, over under: HexColor) -> HexColor {
        func mix(_ a: Int, _ b: Int) -> Int { Int((Double(a) * (1 - alpha) + Double(b) * alpha).rounded()) }
        return HexColor(
            red: mix(under.red, top.red), green: mix(under.green, top.green), blue: mix(under.blue, top.blue))
    }

    /// WCAG 2, written out again here rather than borrowed from the code under test.
    static func contrast(_ a: HexColor, _ b: HexColor) -> Double {
        func luminance(_ c: HexColor) -> Double {
            func channel(_ v: Int) -> Double {
                let s = Double(v) / 255
                return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * channel(c.red) + 0.7152 * channel(c.green) + 0.0722 * channel(c.blue)
        }
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }
}
