import Foundation
import GlimpseFormat

/// What `Resources/measure.js` measured of one cell of a sheet: a widget root and what it draws,
/// in points from the widget's top left corner. Boxes are `[x, y, width, height]`.
struct Measurement: Decodable, Sendable {
    /// The widget root's `aria-label`: what VoiceOver reads for the widget.
    var label: String?
    var width: Double
    var height: Double
    var texts: [Text]
    var graphics: [Graphic]
    /// The root says its background is not removable (`data-background="kept"`).
    var keptBackground: Bool? = nil
    /// What a tap lands on inside the widget: links, buttons, switches.
    var targets: [Target]? = nil

    /// An element with text of its own (`kind == "text"`), or one that cuts its text off with an
    /// ellipsis or a line clamp (`kind == "cut"`).
    struct Text: Decodable, Sendable {
        var kind: String
        /// The element's own text (`text`), or all of it (`cut`).
        var text: String
        /// All of the element's text, its children's too (`text` only).
        var whole: String?
        var box: [Double]
        /// `cut`: the part drawn before the ellipsis, and whether a line clamp cut it.
        var shown: String?
        var clamp: Bool?
        /// `text`: where its glyphs are drawn (emoji left out), each line clipped to what is shown.
        var rects: [[Double]]?
        var size: Double?
        var bold: Bool?
        /// Transparent by design: WidgetKit's redacted placeholder.
        var redacted: Bool?
        /// Marked `data-store` by its template, or its source is a store field: text from the app's
        /// store, not the app's own copy.
        var store: Bool?
        /// What drew it, as its template's `data-source` says (`copy:goal/done-today`).
        var source: String?
        /// Marked `data-full-bleed` (or inside such a box): meant to reach the widget's edges.
        var bleed: Bool?
        /// Cut off by a box that gives no sign of it (no ellipsis, no clamp).
        var cut: Cut?
        /// `text`: where its glyphs put ink, line by line (accents and descenders included), cut to
        /// what its clips leave.
        var ink: [[Double]]?
        /// `text`: the widget's number for the box its lines are set in; an inline element (an
        /// `<em>`) shares its sentence's.
        var paragraph: Int?
        /// `text`: its CSS colour, 0–255 each and its alpha.
        var colour: [Double]?
    }

    /// Something a tap lands on: a link, a button or a switch, as its clips leave it.
    struct Target: Decodable, Sendable {
        /// What it is: its `role:` source, else its class.
        var role: String
        var source: String?
        var box: [Double]
        /// As large as the widget: the widget's own tap.
        var whole: Bool
    }

    /// A drawing: an SVG shape with a stroke or fill, or a box with a fill or an outline and no text.
    struct Graphic: Decodable, Sendable {
        /// Its class (`og-ring-fill`), or what it is.
        var role: String
        /// What it is, as its template's `data-source` says (`role:progress-ring`).
        var source: String?
        var box: [Double]
        /// What of it is shown; nil when nothing is.
        var visible: [Double]?
        /// Its colour, 0–255 each, and its alpha after every opacity above it.
        var colour: [Double]
        /// Inside `role="presentation"` or `role="none"`: decoration, not meaning.
        var decorative: Bool
        /// As large as the widget: its background.
        var covers: Bool
        var bleed: Bool
        var cut: Cut?
    }

    struct Cut: Decodable, Sendable {
        /// The box that cuts it, and whether that box is the widget's own.
        var by: [Double]
        var widget: Bool
        /// Cut at its top or bottom (a box shorter than its line), not across.
        var down: Bool? = nil
    }
}

extension Array where Element == Double {
    /// `[x, y, width, height]` as a finding's box, rounded to a tenth of a point: first to Chromium's
    /// layout unit (1/64), since an SVG shape's box is measured in single precision from the contact
    /// sheet's corner, and 19.45 pt drawn at one place on a sheet came back as 19.4499 and at
    /// another as 19.4501; rounded to tenths alone, one run said 19.4 and another 19.5.
    var box: Findings.Box {
        let value = { (index: Int) in index < count ? ((self[index] * 64).rounded() / 64 * 10).rounded() / 10 : 0 }
        return Findings.Box(x: value(0), y: value(1), width: value(2), height: value(3))
    }
}
