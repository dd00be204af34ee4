import GlimpseCore
import GlimpseTemplates
import WidgetTimeline
import Widgets

/// The gallery's structure around an app's template: a widget's root element in one scheme, and
/// the stages the schemes stand on. Built in Swift rather than in templates: its classes and
/// `data-` attributes are what the stylesheet, the browser tests and the manifest agree on, and it
/// is repeated for every frame in every scheme, where a template's lookups cost more than the
/// widget inside.
enum WidgetHTML {
    /// One widget in one scheme: the root element with its data attributes around `inner`.
    static func root(
        _ view: WidgetView, inner: String, app: String, family: WidgetFamily, size: WidgetSize, scheme: ColorScheme,
        thumbnail: Bool, textSize: TextSize = .large, languageAttributes: String = "", keepsBackground: Bool = false
    ) -> String {
        let style =
            (["width:\(size.width)px", "height:\(size.height)px"] + view.style.map { "\($0.name):\($0.value)" }).joined(
                separator: ";")
        let link = thumbnail ? nil : view.widgetURL
        let label = HTML.escape(view.accessibilityLabel)
        var html =
            "<div class=\"widget w-\(family.rawValue) app-\(HTML.escape(app)) "
            + "scheme-\(scheme.rawValue)\(textSize == .large ? "" : " dt-\(textSize.slug)")"
            + "\(view.isPlaceholder ? " is-redacted" : "")\"\(languageAttributes) "
        if thumbnail {
            html += "data-thumb=\"\(family.rawValue)\" data-scheme=\"\(scheme.rawValue)\""
        } else {
            html +=
                "data-app=\"\(HTML.escape(app))\" data-family=\"\(family.rawValue)\" "
                + "data-state=\"\(HTML.escape(view.state))\" data-scheme=\"\(scheme.rawValue)\""
            if link == nil { html += " role=\"group\" aria-label=\"\(label)\"" }
        }
        // containerBackgroundRemovable(false): kept where WidgetKit removes backgrounds.
        if keepsBackground { html += " data-background=\"kept\"" }
        html += " style=\"\(HTML.escape(style))\">"
        if let link {
            html += "<a class=\"widget-link\" href=\"\(HTML.escape(link))\" aria-label=\"\(label)\">\(inner)</a></div>"
        } else {
            html += "\(inner)</div>"
        }
        if !thumbnail, let caption = view.caption {
            html += "<p class=\"widget-caption\" aria-hidden=\"true\">\(HTML.escape(caption))</p>"
        }
        return html
    }

    /// The stages a frame's schemes stand on, side by side.
    static func stages(_ schemes: [SchemeRender]) -> HTMLFragment {
        var html = "<div class=\"schemes\">\n"
        for render in schemes {
            html +=
                "<figure class=\"stage stage-\(render.scheme)\">\n<div class=\"stage-canvas\">\(render.widget)</div>\n"
            html += "<figcaption>\(HTML.escape(render.name))</figcaption>\n</figure>\n"
        }
        return HTMLFragment(html + "</div>\n")
    }
}
