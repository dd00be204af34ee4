import Foundation
import GlimpseTemplates

/// The pages serve draws of its own, through Mustache like every page: its templates are a
/// resource (`Templates/`), not the gallery's `templates/`, which may be the very thing that is broken.
enum ServeTemplates {
    /// Compiled once.
    private static let templates = Result { try load() }

    /// `model` through the template `name`.
    ///
    /// - Throws: `TemplateError` when glimpse was installed without its resources.
    static func render(_ model: some Encodable, _ name: String) throws -> String {
        try templates.get().render(model, name)
    }

    private static func load() throws -> TemplateSet {
        guard let folder = Bundle.module.url(forResource: "Templates", withExtension: nil) else {
            throw TemplateError.unreadable(
                file: "GlimpseServe/Templates", reason: "not in glimpse's resources; rebuild or reinstall glimpse")
        }
        return try TemplateSet(directory: folder, displayDirectory: "GlimpseServe/Templates", files: .disk)
    }
}

/// What `Templates/failure.mustache` presents: the build's error, before any build has succeeded.
struct FailurePage: Encodable {
    var message: String
}
