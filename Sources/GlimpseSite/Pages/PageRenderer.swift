import GlimpseCore
import GlimpseTemplates
import Widgets

/// Renders the page models through their templates, inside the layout with the sidebar.
struct PageRenderer: Sendable {
    let templates: TemplateSet
    let navigation: Navigation
    /// Built with `--redact`.
    var redacted = false

    /// The templates a widget's page and thumbnails render with, besides the app's own.
    static let widgetPageTemplates = ["layout", "pages/detail", "pages/context", "partials/nav", "partials/thumbnail"]
    /// The templates of a widget's page around its frames, and of the unit's context page: what
    /// `renderPages` renders again.
    static let detailPageTemplates = ["layout", "pages/detail", "pages/context", "partials/nav"]

    func detail(_ widget: RenderedWidget, variants: VariantLinks, shipped: ShippedWidget? = nil) throws -> String {
        let body = try templates.render(
            DetailPage.model(widget, variants: variants, shipped: shipped), "pages/detail")
        let preview = widget.preview
        let variant = variants.variant == variants.primary ? "" : " · \(variants.variant.label)"
        return try layout(
            title: "\(widget.app.displayName) · \(widget.scenario.title) · \(preview.family.displayName)\(variant)",
            root: "../../",
            body: body, currentApp: widget.app.id, script: true)
    }

    /// The unit's "in context" page, `<app>/<scenario>/context.html`.
    func context(_ model: ContextModel, app: String) throws -> String {
        let body = try templates.render(model, "pages/context")
        return try layout(
            title: "\(model.appName) · \(model.scenarioTitle) · In context", root: "../../", body: body,
            currentApp: app, script: false)
    }

    func app(_ model: AppPageModel, id: String) throws -> String {
        let body = try templates.render(model, "pages/app")
        return try layout(title: model.name, root: "../", body: body, currentApp: id, script: false)
    }

    /// The app's "Spec and shipped" page, `<app>/shipped.html`.
    func shipped(_ model: ShippedPageModel, id: String) throws -> String {
        let body = try templates.render(model, "pages/shipped")
        return try layout(
            title: "\(model.appName) · Spec and shipped", root: "../", body: body, currentApp: id, script: false)
    }

    func index(_ model: IndexModel) throws -> String {
        let body = try templates.render(model, "pages/index")
        return try layout(title: "Gallery", root: "", body: body, currentApp: nil, script: false)
    }

    func layout(title: String, root: String, body: String, currentApp: String?, script: Bool) throws -> String {
        let model = LayoutModel(
            title: title, root: root, body: HTMLFragment(body),
            navigation: navigation.html(root: root, currentApp: currentApp), script: script, redacted: redacted)
        return try templates.render(model, "layout")
    }
}
