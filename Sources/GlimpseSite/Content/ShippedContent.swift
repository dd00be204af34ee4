import Foundation
import Widgets

/// Each app's `content/shipped/<app>.yaml`: what the shipped app does beside its spec.
enum ShippedContent {
    /// The file of `app` under `content`, as the build records and names it.
    static func url(app: String, content: URL) -> URL {
        content.appendingPathComponent(ShippedWidget.path(app: app))
    }

    /// Every app's file that is there, by app id; an app without one has none.
    ///
    /// - Throws: `SiteError.invalidContent` naming a file that does not decode.
    static func load(apps: [any GalleryApp], options: BuildOptions, fileIO: FileIO) throws -> [String: ShippedWidget] {
        var shipped: [String: ShippedWidget] = [:]
        for app in apps {
            let file = url(app: app.id, content: options.inputs.folders(of: app).content)
            guard FileManager.default.fileExists(atPath: file.path) else { continue }
            let display = "content/\(ShippedWidget.path(app: app.id))"
            let text = try fileIO.readText(file, display, limit: BoundedYAML.maximumBytes)
            do {
                shipped[app.id] = try ShippedWidget.decode(text)
            } catch let refused as BoundedYAML.Refused {
                throw SiteError.invalidContent(file: display, reason: refused.reason)
            } catch let invalid as BoundedYAML.Invalid {
                throw SiteError.invalidContent(file: display, reason: invalid.description)
            } catch {
                throw SiteError.invalidContent(file: display, reason: "\(error)")
            }
        }
        return shipped
    }
}
