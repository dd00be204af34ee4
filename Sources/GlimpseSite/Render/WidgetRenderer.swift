import Foundation
import GlimpseCore
import GlimpseDigest
import GlimpseFormat
import GlimpseTemplates
import WidgetTimeline
import Widgets

/// Renders a widget's simulated day: each frame through its app's template, once, then in each
/// of its family's schemes; the placeholder and the storyboard the same way; and thumbnails.
struct WidgetRenderer: Sendable {
    let templates: TemplateSet
    /// The Dynamic Type size the widgets draw at (after their app's cap): a `dt-` class on each root but Large's.
    var textSize: TextSize = .large
    /// The families their app caps lower (`TextSizeCap.families`): they draw at their cap.
    var familyCaps: [WidgetFamily: TextSize] = [:]
    /// What the page's file name adds for a variant other than the build's primary: ".ax5".
    var pageSuffix = ""
    /// The widgets' language on each root (`Language.rootAttributes`): `lang`, and `dir="rtl"` for
    /// Arabic or Hebrew; nothing for English.
    var languageAttributes = ""
    /// The Home Screen appearances drawn (`--appearance`): which schemes each frame has.
    var appearances = Appearance.standard
    /// The app's background is not removable (`GalleryApp.containerBackgroundRemovable`).
    var keepsBackground = false

    /// The widget of `preview`, its frames merged where they draw the same.
    func render(
        _ preview: WidgetPreview, app: any GalleryApp, scenario: Scenario, now: Date, formatting: TimeFormatting,
        variant: Variant = Variant(device: .standard, textSize: .large)
    ) throws -> RenderedWidget {
        let family = preview.family
        var rendered: [RenderedFrame] = []
        var anchors: [String: Int] = [:]
        var lastCombined = ""
        for frame in preview.frames {
            // Consecutive frames with identical HTML are one frame. A frame whose view equals the
            // last one's would render the same HTML; a third of all frames do.
            if let last = rendered.last, frame.view.draws(sameAs: last.frame.view) {
                rendered[rendered.count - 1].frame.end = frame.end
                continue
            }
            let schemes = try schemeRenders(frame.view, app: app.id, family: family, size: preview.size)
            let combined = schemes.map(\.widget).joined(separator: "\n")
            if !rendered.isEmpty, lastCombined == combined {
                rendered[rendered.count - 1].frame.end = frame.end
                continue
            }
            lastCombined = combined
            var anchor = formatting.anchor(frame.start)
            anchors[anchor, default: 0] += 1
            if anchors[anchor]! > 1 { anchor += "-\(anchors[anchor]!)" }
            var sources = schemes.first.map { FrameSources.scan($0.widget) } ?? [:]
            // What VoiceOver says is copy too, in no element's text: `diff` names the key that changed it.
            if !frame.view.accessibilityLabel.isEmpty {
                sources[Manifest.Frame.voiceOverSource] = frame.view.accessibilityLabel
            }
            rendered.append(
                RenderedFrame(
                    frame: frame, schemes: schemes, hash: SHA256.hex(of: combined), anchor: anchor,
                    sources: sources.isEmpty ? nil : sources))
        }
        let placeholder = try schemeRenders(preview.placeholder, app: app.id, family: family, size: preview.size)
        let storyboard = try preview.storyboard.map { step in
            (step, try schemeRenders(step.view, app: app.id, family: family, size: preview.size))
        }
        return RenderedWidget(
            app: app, scenario: scenario, preview: preview, frames: rendered, placeholderSchemes: placeholder,
            storyboard: storyboard,
            page: "\(app.id)/\(scenario.name)/\(family.rawValue)\(pageSuffix).html", now: now, formatting: formatting,
            diagnostics: preview.diagnostics, variant: variant, drawnTextSize: textSize(for: family))
    }

    /// A widget in each of its family's schemes. The app's template does not see the scheme, so it
    /// renders once; only the root element differs.
    func schemeRenders(_ view: WidgetView, app: String, family: WidgetFamily, size: WidgetSize) throws -> [SchemeRender]
    {
        let inner = try innerHTML(view, thumbnail: false)
        return family.schemes(appearances).map { scheme in
            SchemeRender(
                scheme: scheme.rawValue, name: scheme.displayName,
                widget: WidgetHTML.root(
                    view, inner: inner, app: app, family: family, size: size, scheme: scheme, thumbnail: false,
                    textSize: textSize(for: family), languageAttributes: languageAttributes,
                    keepsBackground: keepsBackground))
        }
    }

    /// The size `family` draws at: the app's, or the family's own cap below it.
    func textSize(for family: WidgetFamily) -> TextSize {
        guard let cap = familyCaps[family], cap < textSize else { return textSize }
        return cap
    }

    /// The app's template for `view`: the widget's content, without its root element.
    func innerHTML(_ view: WidgetView, thumbnail: Bool) throws -> String {
        try templates.render(view.model, view.template, withoutLinks: thumbnail || view.isPlaceholder)
    }

    struct ThumbnailModel: Encodable {
        var width: Int
        var height: Int
        var scale: String
        var scheme: String
        var widget: HTMLFragment
    }

    /// Scaled-down renders of the first frame, light and dark (vibrant for accessories), marked `data-thumb`.
    func thumbnails(_ widget: RenderedWidget) throws -> HTMLFragment {
        guard let frame = widget.frames.first?.frame else { return .empty }
        let family = widget.preview.family
        let scale = family.isHomeScreen ? 0.5 : 0.75
        let size = widget.preview.size
        let schemes: [ColorScheme] = family.isAccessory ? [.vibrantLight, .vibrantDark] : [.light, .dark]
        let inner = try innerHTML(frame.view, thumbnail: true)
        return HTMLFragment(
            try schemes.map { scheme in
                let html = WidgetHTML.root(
                    frame.view, inner: inner, app: widget.app.id, family: family, size: size, scheme: scheme,
                    thumbnail: true, textSize: textSize(for: family), languageAttributes: languageAttributes,
                    keepsBackground: keepsBackground)
                let model = ThumbnailModel(
                    width: Int((Double(size.width) * scale).rounded(.up)),
                    height: Int((Double(size.height) * scale).rounded(.up)),
                    scale: String(scale), scheme: scheme.rawValue, widget: HTMLFragment(html))
                return try templates.render(model, "partials/thumbnail").trimmedOfWhitespace
            }.joined(separator: "\n"))
    }

    /// Every template a widget's frames, placeholder and storyboard were drawn with.
    static func templateNames(_ widget: RenderedWidget) -> Set<String> {
        var names: Set<String> = [widget.preview.placeholder.template]
        for frame in widget.frames { names.insert(frame.frame.view.template) }
        for (step, _) in widget.storyboard { names.insert(step.view.template) }
        return names
    }
}

extension String {
    /// Without leading and trailing whitespace and newlines. Foundation's
    /// `trimmingCharacters(in:)` bridges through NSString on Linux: a tenth of a build.
    var trimmedOfWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}
