import Foundation
import GlimpseCore

/// What a view model must be: encoded for its template, and compared, so that a frame that
/// would draw what the frame before it drew is not drawn again.
public typealias TemplateModel = Encodable & Hashable & Sendable

/// What a widget shows in one frame, ready for its template.
public struct WidgetView: Sendable {
    /// The frame's `state`: a case of its app's `State`, as the manifest names it.
    public var state: String
    /// The template, such as `<app>/systemSmall`: the app's folder, then the family.
    public var template: String
    /// The view model the template presents: its text is escaped, its `HTMLFragment`s are not.
    public var model: any TemplateModel
    /// The full visible strings before CSS truncation, in reading order.
    public var texts: [String]
    /// Tap targets in reading order.
    public var links: [String]
    /// The link for a tap anywhere on the widget (WidgetKit's `widgetURL`), if any.
    public var widgetURL: String?
    /// What VoiceOver reads.
    public var accessibilityLabel: String
    /// CSS custom properties for the widget root, such as an app's accent colour. Values are validated.
    public var style: [(name: String, value: String)]
    /// True for WidgetKit's redacted placeholder.
    public var isPlaceholder: Bool
    /// A title shown under the widget, outside its box, as Control Center shows a control's.
    public var caption: String?

    public init(
        state: some WidgetState, template: String, model: any TemplateModel, texts: [String], links: [String],
        widgetURL: String? = nil, accessibilityLabel: String, style: [(name: String, value: String)] = [],
        isPlaceholder: Bool = false, caption: String? = nil
    ) {
        self.widgetURL = widgetURL
        self.caption = caption
        self.state = state.rawValue
        self.template = template
        self.model = model
        self.texts = texts
        self.links = links
        self.accessibilityLabel = accessibilityLabel
        self.style = style
        self.isPlaceholder = isPlaceholder
    }

    /// True when `other` draws exactly what this does: the same template, model and root
    /// element. Its HTML is then the same, so it need not be rendered to be compared.
    public func draws(sameAs other: WidgetView) -> Bool {
        state == other.state && template == other.template && texts == other.texts && links == other.links
            && widgetURL == other.widgetURL && accessibilityLabel == other.accessibilityLabel
            && isPlaceholder == other.isPlaceholder
            && caption == other.caption
            && style.elementsEqual(other.style, by: { $0.name == $1.name && $0.value == $1.value })
            && AnyHashable(model) == AnyHashable(other.model)
    }
}
