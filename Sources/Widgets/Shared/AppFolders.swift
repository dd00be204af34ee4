import Foundation

/// Where an app's own templates and content are, when they are not Glimpse's.
///
/// The apps Glimpse ships keep theirs in Glimpse's `templates/` and `content/` (`--templates`,
/// `--content`). An app in a widget team's own package keeps them in that package, in folders of
/// the same shape, and says where:
///
/// ```
/// templates/<id>/      one <family>.mustache per family, partials, style.css
/// content/copy/<id>/   one <key>.md per string the widget shows
/// content/scenarios/<id>/<scenario>/   scenario.yaml and the store
/// ```
///
/// ``package(_:)`` finds them beside the package's `Package.swift`, from the path of the file
/// that calls it, so that they are found whatever the working directory; `glimpse serve` watches
/// them.
public struct AppFolders: Hashable, Sendable {
    /// The folder holding `<id>/`, the app's templates.
    public var templates: URL
    /// The folder holding `copy/<id>/`, `scenarios/<id>/` and any other `<kind>/<id>/`.
    public var content: URL

    public init(templates: URL, content: URL) {
        self.templates = templates.standardizedFileURL
        self.content = content.standardizedFileURL
    }

    /// `templates/` and `content/` of the package whose source `file` is: the nearest folder above
    /// it holding a `Package.swift`. Leave `file` out: it is the calling file's path as it was
    /// compiled.
    public static func package(_ file: String = #filePath) -> AppFolders {
        let root = packageRoot(of: URL(fileURLWithPath: file))
        return AppFolders(
            templates: root.appendingPathComponent("templates"), content: root.appendingPathComponent("content"))
    }

    /// The nearest folder above `file` with a `Package.swift`; the file's own folder when none has.
    static func packageRoot(of file: URL) -> URL {
        let start = file.deletingLastPathComponent().standardizedFileURL
        var folder = start
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder = folder.deletingLastPathComponent()
        }
        return start
    }
}
