import GlimpseFormat
import GlimpseShots

extension Gallery {
    /// `app/scenario/family`, then the screen class where it is not the gallery's own, the text
    /// size where it is not Large, and the language where it is not the gallery's own
    /// (`app/scenario/systemSmall@430x932@AX5@de_DE`): how a widget is matched across galleries. A
    /// manifest before version 3 holds its device's widgets at Large; before version 4, in its locale.
    package static func key(of widget: Manifest.Widget, in manifest: Manifest) -> String {
        "\(widget.app)/\(widget.scenario)/\(widget.family)\(variant(of: widget, in: manifest))"
    }

    /// `@430x932@AX5@de_DE`: the screen class where it is not the gallery's own, the text size where
    /// it is not Large, the locale and pseudolanguage where they are not the gallery's own
    /// (`@pseudo-double`); "" for a widget of the gallery's own class and language at Large.
    package static func variant(of widget: Manifest.Widget, in manifest: Manifest) -> String {
        var variant = ""
        if let device = widget.device, device != manifest.device.name { variant += "@\(device)" }
        if let size = widget.textSize, size != "Large" { variant += "@\(size)" }
        if let locale = widget.locale, locale != manifest.locale { variant += "@\(locale)" }
        if let pseudo = widget.pseudo, pseudo != manifest.pseudo { variant += "@pseudo-\(pseudo)" }
        return variant
    }

    /// A manifest's widgets by `key(of:in:)`.
    package static func keyed(_ manifest: Manifest) -> [String: Manifest.Widget] {
        Dictionary(manifest.widgets.map { (key(of: $0, in: manifest), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The gallery's files that change how every frame is drawn: its stylesheet and fonts.
    package static func isLook(_ path: String) -> Bool {
        path == "assets/glimpse.css" || path == "assets/fonts.css" || path.hasPrefix("assets/fonts/")
    }

    /// A widget's anchors in page order: each frame, each storyboard step, then the placeholder.
    package static func anchors(of widget: Manifest.Widget) -> [String] {
        widget.frames.map(\.anchor) + (widget.storyboard ?? []).map(\.anchor) + [FrameMarkup.placeholderAnchor]
    }

    /// A name from a manifest made safe as one path component: no slash, no NUL, never `.` or `..`.
    /// A widget's folder in a snapshot and a review: `app/scenario/family`, its variant after the
    /// family (`systemSmall@430x932@AX5`), so that no two widgets share one.
    package static func folder(app: String, scenario: String, family: String, variant: String) -> String {
        [app, scenario, family + variant].map(component).joined(separator: "/")
    }

    package static func component(_ name: String) -> String {
        let cleaned = String(name.map { $0 == "/" || $0 == "\\" || $0 == "\0" ? "_" : $0 })
        return cleaned.isEmpty || cleaned == "." || cleaned == ".." ? "_" + cleaned : cleaned
    }
}
