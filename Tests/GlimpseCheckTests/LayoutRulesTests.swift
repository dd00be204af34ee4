import GlimpseFormat
import GlimpseShots
import Testing

@testable import GlimpseCheck

/// `overlap`, `hit-target` and `not-scaling` on measurements made by hand, each with a control that
/// must not trigger it; and a text that is not drawn is no contrast finding.
struct LayoutRulesTests {
    static let key = CheckRulesTests.key
    static let blank = CheckRulesTests.tile(text: Colour(hex: "#000000")!, rect: [0, 0, 1, 1])

    static func text(_ text: String, ink: [[Double]], source: String? = nil, size: Double = 13) -> Measurement.Text {
        var measured = CheckRulesTests.text(text, box: ink[0], size: size)
        measured.ink = ink
        measured.source = source
        return measured
    }

    static func rules(
        texts: [Measurement.Text] = [], graphics: [Measurement.Graphic] = [], targets: [Measurement.Target] = []
    )
        -> Rules
    {
        var measurement = CheckRulesTests.measurement(texts: texts, graphics: graphics)
        measurement.targets = targets
        return Rules(frame: key, measurement: measurement, pixels: blank)
    }

    @Test func twoLinesPushedTogetherOverlapAndTwoLinesThatTouchDoNot() throws {
        let caption = Self.text("von 30 Tagen", ink: [[16, 80, 90, 12]], source: "copy:goal/days-caption")
        let pushed = Self.text("Heute noch offen", ink: [[16, 88, 110, 12]], source: "copy:goal/not-done-today")
        let found = Self.rules(texts: [caption, pushed]).overlap()
        let finding = try #require(found.first)
        #expect(found.count == 1 && finding.rule == .overlap && finding.severity == .error)
        #expect(finding.element.source == "copy:goal/days-caption")
        #expect(finding.measured.withSource == "copy:goal/not-done-today" && finding.measured.overflow == 4)
        // Ink that meets, or overlaps by under a point (glyphs side by side), is no overlap.
        let below = Self.text("Heute noch offen", ink: [[16, 91.5, 110, 12]])
        let beside = Self.text("12", ink: [[105.4, 80, 20, 12]])
        #expect(Self.rules(texts: [caption, below, beside]).overlap().isEmpty)
    }

    /// A sentence and its emphasis are set by one line breaker: their ink boxes may meet in the line
    /// gap ("ثم أرخِ" over "مرة أخرى") and they are never compared. Another sentence is.
    @Test func partsOfOneSentenceAreNeverAnOverlap() {
        var sentence = Self.text("أرخِ فكّك. أنزل كتفيك. ثم أرخِ .", ink: [[20, 40, 200, 22], [150, 59, 8, 20]])
        var emphasis = Self.text("مرة أخرى", ink: [[160, 59, 60, 20]])
        (sentence.paragraph, emphasis.paragraph) = (3, 3)
        #expect(Self.rules(texts: [sentence, emphasis]).overlap().isEmpty)
        emphasis.paragraph = 4
        #expect(Self.rules(texts: [sentence, emphasis]).overlap().count == 1)
    }

    @Test func aTextAcrossABarsEdgeOverlapsAndALabelInsideARingDoesNot() throws {
        var bar = CheckRulesTests.graphic(box: [16, 96, 120, 6])
        bar.source = "role:progress-bar"
        let status = Self.text("Heute noch offen", ink: [[16, 92, 110, 12]])
        let finding = try #require(Self.rules(texts: [status], graphics: [bar]).overlap().first)
        #expect(finding.message.contains("draws over the progress bar"))
        let ring = CheckRulesTests.graphic(box: [4, 4, 52, 52])
        let number = Self.text("12", ink: [[20, 22, 20, 16]])
        #expect(Self.rules(texts: [number], graphics: [ring]).overlap().isEmpty)
        // Decoration and the background are never collided with.
        var art = CheckRulesTests.graphic(box: [16, 96, 120, 6])
        art.decorative = true
        #expect(
            Self.rules(texts: [status], graphics: [art, CheckRulesTests.graphic(box: [0, 0, 60, 60], covers: true)])
                .overlap().isEmpty)
    }

    static func target(_ box: [Double], whole: Bool = false) -> Measurement.Target {
        Measurement.Target(role: "role:button", source: "role:button", box: box, whole: whole)
    }

    @Test func aTwentyPointButtonIsFoundAndAFortyFourPointOneIsNot() throws {
        // Alone, a 20 pt button has WCAG's room around it: under Apple's 44 pt, a warning.
        let alone = try #require(Self.rules(targets: [Self.target([10, 10, 20, 20])]).hitTarget().first)
        #expect(alone.rule == .hitTarget && alone.severity == .warning && alone.measured.minimumTarget == 44)
        // Beside another, its 24 pt circle reaches it: an error.
        let crowded = Self.rules(targets: [Self.target([10, 10, 20, 20]), Self.target([32, 10, 20, 20])]).hitTarget()
        #expect(crowded.map(\.severity) == [.error, .error])
        #expect(crowded.first?.message.contains("WCAG 2.5.8") == true)
        // Two targets that overlap cannot be told apart, whatever their size.
        let overlapping = Self.rules(targets: [Self.target([0, 0, 60, 50]), Self.target([0, 40, 60, 50])]).hitTarget()
        #expect(overlapping.map(\.severity) == [.error, .error])
        // Controls: 44 × 44 pt, rows 44 pt tall that touch, and the widget's own tap.
        #expect(Self.rules(targets: [Self.target([8, 8, 44, 44])]).hitTarget().isEmpty)
        #expect(Self.rules(targets: [Self.target([0, 0, 60, 44]), Self.target([0, 44, 60, 44])]).hitTarget().isEmpty)
        #expect(Self.rules(targets: [Self.target([0, 0, 60, 60], whole: true)]).hitTarget().isEmpty)
    }

    static func frame(_ textSize: String) -> FrameKey {
        var key = Self.key
        key.widget.textSize = textSize
        key.widget.key = "habits/today/systemSmall@\(textSize)"
        return key
    }

    @Test func aTextPinnedToAPixelSizeIsNotScalingAndAScaledOneIsNot() throws {
        let span = CheckRun.Scaling.Span(smallest: "xSmall", largest: "AX5")
        var pairs: [String: CheckRun.Scaling.Pair] = [:]
        let pinned = CheckRun.Scaling.Text(
            identity: "format:goal/count", text: "12", source: "format:goal/count", size: 40, box: [0, 0, 40, 40])
        let small = CheckRun.Scaling.Text(
            identity: "copy:goal/days-caption", text: "of 30 days", source: "copy:goal/days-caption", size: 12,
            box: [0, 0, 40, 12])
        var large = small
        large.size = 44
        span.record([pinned, small], of: Self.frame("xSmall"), drawnAt: "xSmall", into: &pairs)
        span.record([pinned, large], of: Self.frame("AX5"), drawnAt: "AX5", into: &pairs)
        let found = CheckRun.Scaling.findings(pairs, span: span)
        #expect(found.map(\.element.source) == ["format:goal/count"])
        #expect(found.first?.widget.textSize == "AX5" && found.first?.measured.textSizes == ["xSmall", "AX5"])
        // A widget capped at the smallest size draws it there at both: nothing to scale.
        var capped: [String: CheckRun.Scaling.Pair] = [:]
        span.record([pinned], of: Self.frame("xSmall"), drawnAt: "xSmall", into: &capped)
        span.record([pinned], of: Self.frame("AX5"), drawnAt: "xSmall", into: &capped)
        #expect(CheckRun.Scaling.findings(capped, span: span).isEmpty)
    }

    /// A text pushed out of its box leaves no ink where it is measured: a layout problem, never a
    /// contrast of 1:1; a text drawn in its background's colour is one.
    @Test func aTextThatIsNotDrawnIsNoContrastFinding() throws {
        let white = CheckRulesTests.tile(text: Colour(hex: "#FFFFFF")!, rect: [16, 16, 20, 10])
        var gone = CheckRulesTests.text("Goal", box: [16, 16, 20, 10], size: 13)
        gone.colour = [0, 0, 0, 1]
        #expect(
            Rules(frame: Self.key, measurement: CheckRulesTests.measurement(texts: [gone]), pixels: white).contrast()
                .isEmpty)
        var invisible = gone
        invisible.colour = [255, 255, 255, 1]
        let finding = try #require(
            Rules(frame: Self.key, measurement: CheckRulesTests.measurement(texts: [invisible]), pixels: white)
                .contrast().first)
        #expect(finding.measured.ratio == 1)
    }
}
