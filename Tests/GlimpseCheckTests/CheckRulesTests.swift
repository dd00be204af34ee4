import GlimpseFormat
import GlimpseShots
import Testing

@testable import GlimpseCheck

/// The rules on measurements and pixels made by hand: WCAG's figures, a text's colours read from the
/// pixels over a gradient, and frames that must not trigger a rule.
struct CheckRulesTests {
    static let key = FrameKey(
        widget: Findings.WidgetKey(
            key: "habits/today/systemSmall", app: "habits", scenario: "today", family: "systemSmall",
            device: "393x852", textSize: "Large"),
        page: "habits/today/systemSmall.html", anchor: "t-0900", scheme: "light")

    @Test func contrastIsWCAGs() {
        let grey = Colour(hex: "#767676")!
        let white = Colour(hex: "#FFFFFF")!
        #expect(grey.contrast(with: white) == 4.54)
        #expect(white.contrast(with: grey) == 4.54)
        #expect(Colour(hex: "#000000")!.contrast(with: white) == 21)
        #expect(Colour(hex: "#5AC8FA")!.contrast(with: white) == 1.9)
    }

    /// A 20 × 10 pt tile at @2x over a left-to-right gradient, with a text's strokes in #595959 and
    /// anti-aliased edges half way to the background.
    static func gradientTile() -> PixelProbe {
        let (width, height) = (40, 20)
        var behind = RGBAImage(width: width, height: height)
        var drawn = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 4
                let level = UInt8(255 - x * 2)
                for channel in 0..<3 {
                    behind.pixels[offset + channel] = level
                    drawn.pixels[offset + channel] = level
                }
                behind.pixels[offset + 3] = 255
                drawn.pixels[offset + 3] = 255
                let stroke = x % 6 == 2 && (4..<16).contains(y)
                let edge = (x % 6 == 1 || x % 6 == 3) && (4..<16).contains(y)
                for channel in 0..<3 where stroke || edge {
                    drawn.pixels[offset + channel] = stroke ? 0x59 : UInt8((Int(level) + 0x59) / 2)
                }
            }
        }
        return PixelProbe(drawn: drawn, withoutText: behind, scale: 2)
    }

    @Test func aTextsColoursComeFromItsCorePixelsNotItsEdges() throws {
        let colours = try #require(Self.gradientTile().textColours(in: [[0, 0, 20, 10]]))
        #expect(colours.text.hex == "#595959")
        // The gradient behind the strokes runs from #FB to #C9: its median is near the middle.
        #expect((0xDF...0xE5).contains(Int(colours.background.red)), "\(colours.background.hex)")
        #expect(colours.text.contrast(with: colours.background) > 4.5)
    }

    @Test func aTextInItsBackgroundsColourIsContrastOne() throws {
        let tile = Self.gradientTile()
        let invisible = PixelProbe(drawn: tile.withoutText, withoutText: tile.withoutText, scale: 2)
        let colours = try #require(invisible.textColours(in: [[0, 0, 20, 10]]))
        #expect(colours.text.contrast(with: colours.background) == 1)
    }

    /// A white tile with one text drawn in `colour` over `rect`, solid.
    static func tile(text colour: Colour, rect: [Int], size: (Int, Int) = (60, 60)) -> PixelProbe {
        var behind = RGBAImage(
            width: size.0 * 2, height: size.1 * 2, pixels: [UInt8](repeating: 255, count: size.0 * size.1 * 16))
        let clean = behind
        for y in rect[1] * 2..<(rect[1] + rect[3]) * 2 {
            for x in rect[0] * 2..<(rect[0] + rect[2]) * 2 where x % 3 != 0 {
                let offset = (y * behind.width + x) * 4
                behind.pixels[offset] = UInt8(colour.red)
                behind.pixels[offset + 1] = UInt8(colour.green)
                behind.pixels[offset + 2] = UInt8(colour.blue)
            }
        }
        return PixelProbe(drawn: behind, withoutText: clean, scale: 2)
    }

    static func text(_ text: String, box: [Double], size: Double, bold: Bool = false) -> Measurement.Text {
        Measurement.Text(
            kind: "text", text: text, whole: text, box: box, shown: nil, clamp: nil, rects: [box], size: size,
            bold: bold,
            redacted: false, store: false, bleed: false, cut: nil)
    }

    /// A kept background is a finding in each scheme that removes backgrounds, and nowhere else.
    @Test func aKeptBackgroundIsFoundWhereWidgetKitWouldRemoveIt() throws {
        var measurement = Self.measurement(texts: [])
        let probe = Self.tile(text: Colour(hex: "#000000")!, rect: [16, 16, 20, 20])
        func found(_ scheme: String, kept: Bool?) -> [Findings.Finding] {
            measurement.keptBackground = kept
            var key = Self.key
            key.scheme = scheme
            return Rules(frame: key, measurement: measurement, pixels: probe).findings([.keptBackground])
        }
        for scheme in ["tinted", "clear-light", "clear-dark", "tinted-26"] {
            let finding = try #require(found(scheme, kept: true).first)
            #expect(finding.rule == .keptBackground && finding.severity == .warning && finding.scheme == scheme)
            #expect(finding.message.contains("containerBackgroundRemovable(false)"))
            #expect(found(scheme, kept: false).isEmpty && found(scheme, kept: nil).isEmpty)
        }
        for scheme in ["light", "dark", "vibrant-light", "vibrant-dark"] { #expect(found(scheme, kept: true).isEmpty) }
    }

    static func measurement(
        texts: [Measurement.Text], graphics: [Measurement.Graphic] = [], label: String? = "A label"
    )
        -> Measurement
    {
        Measurement(label: label, width: 60, height: 60, texts: texts, graphics: graphics)
    }

    @Test func aLargeNumberAtThreePointOneIsNoFindingAndSmallTextInItsColourIs() throws {
        // #929292 on white is 3.11:1; solid strokes, so the measured colour is the colour drawn.
        let grey = Colour(hex: "#929292")!
        #expect(grey.contrast(with: Colour(hex: "#FFFFFF")!) == 3.11)
        let probe = Self.tile(text: grey, rect: [16, 16, 20, 20])
        let large = Rules(
            frame: Self.key, measurement: Self.measurement(texts: [Self.text("41", box: [16, 16, 20, 20], size: 34)]),
            pixels: probe)
        #expect(large.contrast().isEmpty)
        let small = Rules(
            frame: Self.key, measurement: Self.measurement(texts: [Self.text("41", box: [16, 16, 20, 20], size: 13)]),
            pixels: probe)
        let finding = try #require(small.contrast().first)
        #expect(finding.measured.required == 4.5 && finding.measured.foreground == "#929292")
        #expect(finding.rule == .contrast && finding.severity == .error)
    }

    @Test func smallTextIsUnderElevenPoints() {
        let probe = Self.tile(text: Colour(hex: "#000000")!, rect: [16, 16, 20, 10])
        let texts = [
            Self.text("Caption", box: [16, 16, 20, 10], size: 11), Self.text("Tiny", box: [16, 30, 20, 10], size: 9),
        ]
        let rules = Rules(frame: Self.key, measurement: Self.measurement(texts: texts), pixels: probe)
        #expect(rules.smallText().map(\.element.text) == ["Tiny"])
    }

    static func graphic(box: [Double], covers: Bool = false, bleed: Bool = false) -> Measurement.Graphic {
        Measurement.Graphic(
            role: "bar", box: box, visible: box, colour: [0, 0, 0, 1], decorative: false, covers: covers, bleed: bleed,
            cut: nil)
    }

    @Test func aFullBleedBackgroundIsNoMarginFindingAndTextInTheMarginIs() {
        let probe = Self.tile(text: Colour(hex: "#000000")!, rect: [4, 20, 20, 10])
        let measurement = Self.measurement(
            texts: [Self.text("Edge", box: [4, 20, 20, 10], size: 13)],
            graphics: [
                Self.graphic(box: [0, 0, 60, 60], covers: true), Self.graphic(box: [0, 50, 60, 10], bleed: true),
            ])
        let findings = Rules(frame: Self.key, measurement: measurement, pixels: probe).margin()
        #expect(findings.map(\.element.text) == ["Edge"])
        #expect(findings.first?.measured.overflow == 7)
    }

    @Test func voiceOverSaysEveryFigureDrawn() {
        let probe = Self.tile(text: Colour(hex: "#000000")!, rect: [16, 16, 20, 10])
        let texts = [
            Self.text("41 of 50", box: [16, 16, 20, 10], size: 13),
            Self.text("$1,234.50", box: [16, 30, 20, 10], size: 13),
        ]
        let said = Rules(
            frame: Self.key, measurement: Self.measurement(texts: texts, label: "41 of 50 days; 1,234.50 dollars"),
            pixels: probe)
        #expect(said.voiceover().isEmpty)
        let unsaid = Rules(
            frame: Self.key, measurement: Self.measurement(texts: texts, label: "41 days"), pixels: probe)
        #expect(unsaid.voiceover().flatMap { $0.measured.unsaid ?? [] } == ["50", "123450"])
        let none = Rules(frame: Self.key, measurement: Self.measurement(texts: texts, label: nil), pixels: probe)
        #expect(none.voiceover().map(\.element.role) == ["widget"])
    }

    /// A figure is a figure in any script: Arabic-Indic digits drawn are held to the label as Latin
    /// ones are, and ICU's bidi marks inside a figure do not split it.
    @Test func voiceOverFiguresAreFiguresInAnyScript() {
        #expect(Rules.figures(in: "\u{200F}٦٧٬٦٦٨٫١١ US$") == ["6766811"])
        #expect(Rules.figures(in: "منذ ٣ ساعات") == ["3"])
        #expect(Rules.figures(in: "３日前") == ["3"])
        let probe = Self.tile(text: Colour(hex: "#000000")!, rect: [16, 16, 20, 10])
        let texts = [Self.text("١ ي", box: [16, 16, 20, 10], size: 13)]
        let unsaid = Rules(frame: Self.key, measurement: Self.measurement(texts: texts, label: "أمس"), pixels: probe)
        #expect(unsaid.voiceover().flatMap { $0.measured.unsaid ?? [] } == ["1"])
        let said = Rules(
            frame: Self.key, measurement: Self.measurement(texts: texts, label: "منذ 1 يوم"), pixels: probe)
        #expect(said.voiceover().isEmpty)
    }

    @Test func blankIsAFrameThatDrawsInAnotherSchemeOnly() {
        var dark = Self.key
        dark.scheme = "dark"
        var tinted = Self.key
        tinted.scheme = "tinted"
        let tiles = [Self.key, dark, tinted].map { CheckRun.Tile(key: $0, markup: "", width: 60, height: 60) }
        let findings = CheckRun.blank([Self.key: 900, dark: 700, tinted: 3], tiles: tiles)
        #expect(findings.map(\.scheme) == ["tinted"])
        #expect(findings.first?.measured.drawnIn == ["dark", "light"])
        #expect(CheckRun.blank([Self.key: 900, dark: 700, tinted: 120], tiles: tiles).isEmpty)
    }
}
