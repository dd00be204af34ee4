import Foundation

/// Where Glimpse's own templates (page layouts, the apps it ships) and content are, when
/// `--templates` and `--content` are not given: `templates/` and `content/` of the working
/// directory when it is a Glimpse tree (it has `templates/layout.mustache`: the repository, or a
/// copy of it), else those of the Glimpse checkout this command was built from. A widget team's
/// package runs from its own folder, whose `templates/` and `content/` are its app's
/// (`AppFolders`), and still finds Glimpse's.
enum GlimpseFolders {
    /// The package root of the source this command was compiled from.
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `name` (`templates`, `content`) as the default of its option.
    static func path(_ name: String) -> String {
        if FileManager.default.fileExists(atPath: "templates/layout.mustache") { return name }
        return checkout.appendingPathComponent(name).path
    }
}
