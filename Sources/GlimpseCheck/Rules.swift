import Foundation
import GlimpseFormat

/// The rules of `glimpse check` for one frame in one scheme: what its measurement and its pixels
/// say a design reviewer would flag. `blank` compares a frame's schemes, so it is `Rules.blank`.
struct Rules: Sendable {
    /// Where the frame is: its widget, page, anchor and scheme.
    var frame: FrameKey
    var measurement: Measurement
    /// The frame as drawn; nil when the run draws nothing, because none of its rules reads pixels
    /// (`CheckRule.readsPixels`), and the pixel rules then find nothing.
    var pixels: PixelProbe?
    /// The frame's app's copy with no translation into the gallery's locale (the manifest's
    /// `notLocalized`): none for an English gallery.
    var notLocalized: [UntranslatedCopy] = []

    /// WCAG 2.2 AA, 1.4.3: 4.5:1 for text, 3:1 for large text.
    static let textContrast = 4.5
    static let largeTextContrast = 3.0
    /// WCAG 2.2 AA, 1.4.11: 3:1 for what a graphic must show to be understood.
    static let graphicContrast = 3.0
    /// Large text, as WCAG defines it: 18 pt, or 14 pt bold.
    static let largeText = 18.0
    static let largeBoldText = 14.0
    /// Apple's smallest text (caption 2 at the default size; the HIG's minimum).
    static let smallestText = 11.0
    /// The HIG's tight content margin for widgets (16 pt is the default): docs/CHECK.md.
    static let tightMargin = 11.0
    /// How far past a box counts as past it (half a pixel at @2x, with rounding).
    static let tolerance = 0.5

    func findings(_ rules: Set<CheckRule>) -> [Findings.Finding] {
        var found: [Findings.Finding] = []
        if rules.contains(.truncated) { found += truncated() }
        if rules.contains(.clipped) { found += clipped() }
        if rules.contains(.contrast) { found += contrast() }
        if rules.contains(.graphicContrast) { found += graphicContrast() }
        if rules.contains(.smallText) { found += smallText() }
        if rules.contains(.margin) { found += margin() }
        if rules.contains(.voiceover) { found += voiceover() }
        if rules.contains(.notLocalized) { found += untranslated() }
        if rules.contains(.keptBackground) { found += keptBackground() }
        if rules.contains(.overlap) { found += overlap() }
        if rules.contains(.hitTarget) { found += hitTarget() }
        return found
    }

    /// Texts drawn and readable: not redacted, with something on screen.
    var drawnTexts: [Measurement.Text] {
        measurement.texts.filter { $0.kind == "text" && $0.redacted != true && !($0.rects ?? []).isEmpty }
    }

    func truncated() -> [Findings.Finding] {
        measurement.texts.filter { $0.kind == "cut" }.map { text in
            let whole = text.text.count
            let shown = text.shown ?? ""
            var measured = Findings.Measured()
            measured.shown = shown + "…"
            measured.shownCharacters = shown.count
            measured.characters = whole
            let whose = text.store == true ? "Store text" : "The app's own copy"
            let how = text.clamp == true ? "clamped" : "cut"
            return finding(
                .truncated, severity: text.store == true ? .warning : .error, text: text.text, source: text.source,
                box: text.box,
                message: "\(whose) is \(how) to “\(shown)…” (\(shown.count) of \(whole) characters)",
                measured: measured)
        }
    }

    func clipped() -> [Findings.Finding] {
        var found: [Findings.Finding] = []
        // A redacted placeholder's text is not drawn (WidgetKit's bars stand for it): nothing to cut.
        for text in measurement.texts where text.kind == "text" && text.bleed != true && text.redacted != true {
            guard let cut = text.cut else { continue }
            var measured = Findings.Measured()
            measured.overflow = overflow(of: text.box, past: cut.by)
            let whereCut =
                cut.widget
                ? "the widget's edge"
                : cut.down == true ? "a box shorter than its line" : "a box that shows no ellipsis"
            found.append(
                finding(
                    .clipped, text: text.text, source: text.source, box: text.box,
                    message: "“\(text.text)” is cut off by \(whereCut), with nothing to show it",
                    measured: measured))
        }
        for graphic in measurement.graphics where !graphic.bleed && !graphic.covers && graphic.colour[3] > 0 {
            guard let cut = graphic.cut else { continue }
            var measured = Findings.Measured()
            measured.overflow = overflow(of: graphic.box, past: cut.by)
            guard measured.overflow ?? 0 > Self.tolerance else { continue }
            found.append(
                finding(
                    .clipped, role: graphic.role, source: graphic.source, box: graphic.box,
                    message: cut.widget
                        ? "The \(graphic.role) reaches past the widget's edge and is cut off"
                        : "The \(graphic.role) is cut off by the box it sits in",
                    measured: measured))
        }
        return found
    }

    func contrast() -> [Findings.Finding] {
        drawnTexts.compactMap { text in
            guard let colours = pixels?.textColours(in: text.rects ?? []), !notDrawn(text, colours) else {
                return nil
            }
            let size = text.size ?? 0
            let large = size >= Self.largeText || (text.bold == true && size >= Self.largeBoldText)
            let required = large ? Self.largeTextContrast : Self.textContrast
            let ratio = colours.text.contrast(with: colours.background)
            guard ratio < required else { return nil }
            var measured = Findings.Measured()
            measured.ratio = ratio
            measured.required = required
            measured.foreground = colours.text.hex
            measured.background = colours.background.hex
            return finding(
                .contrast, text: text.text, source: text.source, box: text.box,
                message:
                    "“\(text.text)” is \(colours.text.hex) on \(colours.background.hex): "
                    + "\(Self.ratio(ratio)), under the \(Self.ratio(required)) \(large ? "large " : "")text needs",
                measured: measured)
        }
    }

    /// Whether a text leaves no ink where it was measured though its colour is not its background's:
    /// it is not drawn there (past an ellipsis, or pushed out of its box), which is a layout problem
    /// (`truncated`, `clipped`), never a contrast ratio of 1:1.
    func notDrawn(_ text: Measurement.Text, _ colours: (text: Colour, background: Colour)) -> Bool {
        guard colours.text == colours.background, let css = text.colour, css.count == 4, css[3] > 0 else {
            return false
        }
        let colour = Colour(red: css[0], green: css[1], blue: css[2]).over(colours.background, alpha: css[3])
        return colour.contrast(with: colours.background) >= Self.drawnContrast
    }

    /// A text colour this far from its background leaves ink wherever the text is drawn.
    static let drawnContrast = 1.5

    func graphicContrast() -> [Findings.Finding] {
        var seen = Set<String>()
        var found: [Findings.Finding] = []
        for graphic in measurement.graphics {
            // Translucent tracks and washes sit behind meaning; they do not carry it.
            guard !graphic.decorative, !graphic.covers, graphic.colour[3] >= 0.5, let visible = graphic.visible,
                visible[2] >= 2, visible[3] >= 2, let beside = pixels?.colourBeside(visible)
            else { continue }
            let drawn = Colour(red: graphic.colour[0], green: graphic.colour[1], blue: graphic.colour[2])
                .over(beside, alpha: graphic.colour[3])
            let ratio = drawn.contrast(with: beside)
            guard ratio < Self.graphicContrast, seen.insert(graphic.role + drawn.hex).inserted else { continue }
            var measured = Findings.Measured()
            measured.ratio = ratio
            measured.required = Self.graphicContrast
            measured.foreground = drawn.hex
            measured.background = beside.hex
            found.append(
                finding(
                    .graphicContrast, role: graphic.role, source: graphic.source, box: graphic.box,
                    message:
                        "The \(graphic.role) is \(drawn.hex) beside \(beside.hex): \(Self.ratio(ratio)), "
                        + "under the 3:1 a graphic that carries meaning needs",
                    measured: measured))
        }
        return found
    }

    func smallText() -> [Findings.Finding] {
        drawnTexts.compactMap { text in
            guard let size = text.size, size < Self.smallestText - 0.01 else { return nil }
            var measured = Findings.Measured()
            measured.fontSize = (size * 100).rounded() / 100
            measured.minimumFontSize = Self.smallestText
            return finding(
                .smallText, text: text.text, source: text.source, box: text.box,
                message: "“\(text.text)” is drawn at \(Self.points(size)), under the 11 pt floor for legible text",
                measured: measured)
        }
    }

    /// Content closer to the widget's edge than the tight margin, in the system families (the Lock
    /// Screen's accessories and controls have margins of their own).
    func margin() -> [Findings.Finding] {
        guard frame.family.hasPrefix("system") else { return [] }
        let inner = [
            Self.tightMargin, Self.tightMargin, measurement.width - 2 * Self.tightMargin,
            measurement.height - 2 * Self.tightMargin,
        ]
        var found: [Findings.Finding] = []
        for text in drawnTexts where text.bleed != true {
            let intrusion = (text.rects ?? []).map { Self.intrusion(of: $0, into: inner) }.max() ?? 0
            guard intrusion > Self.tolerance else { continue }
            found.append(
                marginFinding(text: text.text, role: nil, source: text.source, box: text.box, intrusion: intrusion))
        }
        for graphic in measurement.graphics where !graphic.bleed && !graphic.covers && graphic.colour[3] > 0 {
            guard let visible = graphic.visible else { continue }
            let intrusion = Self.intrusion(of: visible, into: inner)
            guard intrusion > Self.tolerance else { continue }
            found.append(
                marginFinding(
                    text: nil, role: graphic.role, source: graphic.source, box: graphic.box, intrusion: intrusion))
        }
        return found
    }

    private func marginFinding(
        text: String?, role: String?, source: String?, box: [Double], intrusion: Double
    ) -> Findings.Finding {
        var measured = Findings.Measured()
        measured.overflow = (intrusion * 10).rounded() / 10
        measured.margin = Self.tightMargin
        let what = text.map { "“\($0)”" } ?? "The \(role ?? "drawing")"
        return finding(
            .margin, text: text, role: role, source: source, box: box,
            message:
                "\(what) comes \(Self.points(intrusion)) into the widget's content margin "
                + "(16 pt by default, 11 pt at the tightest)",
            measured: measured)
    }

    /// How far `box` reaches past `into` on its furthest side, in points; 0 inside.
    static func intrusion(of box: [Double], into inner: [Double]) -> Double {
        guard box.count == 4, inner.count == 4 else { return 0 }
        return max(
            0, inner[0] - box[0], inner[1] - box[1], box[0] + box[2] - (inner[0] + inner[2]),
            box[1] + box[3] - (inner[1] + inner[3]))
    }

    func overflow(of box: [Double], past clip: [Double]) -> Double {
        (Self.intrusion(of: box, into: clip) * 10).rounded() / 10
    }

    func finding(
        _ rule: CheckRule, severity: Severity? = nil, text: String? = nil, role: String? = nil, source: String? = nil,
        box: [Double], message: String, measured: Findings.Measured
    ) -> Findings.Finding {
        Findings.Finding(
            rule: rule, severity: severity ?? rule.severity, widget: frame.widget, page: frame.page,
            frame: frame.anchor, scheme: frame.scheme,
            element: Findings.Element(text: text, role: role, source: source, box: box.box), message: message,
            measured: measured)
    }

    static func ratio(_ value: Double) -> String { String(format: "%.2f:1", value) }
    static func points(_ value: Double) -> String { String(format: "%.1f pt", value) }
}

/// A frame in one scheme: its widget, the page and anchor it is drawn at, the scheme.
struct FrameKey: Sendable, Hashable {
    var widget: Findings.WidgetKey
    var page: String
    var anchor: String
    var scheme: String
    var family: String { widget.family }

    static func == (lhs: FrameKey, rhs: FrameKey) -> Bool {
        lhs.widget.key == rhs.widget.key && lhs.anchor == rhs.anchor && lhs.scheme == rhs.scheme
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(widget.key)
        hasher.combine(anchor)
        hasher.combine(scheme)
    }
}
