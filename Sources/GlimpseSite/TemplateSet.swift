import Foundation
import Mustache

/// The Mustache templates under `templates/`, compiled once. Names are paths without the
/// extension: `layout`, `pages/detail`, `onegoal/systemSmall`.
struct TemplateSet: Sendable {
    let library: MustacheLibrary
    let names: Set<String>

    /// Reads and compiles every `.mustache` file under `directory`.
    ///
    /// - Throws: `SiteError.unreadable` or `SiteError.invalidTemplate`, naming the file.
    init(directory: URL, displayDirectory: String, fileIO: FileIO) throws {
        var templates: [String: MustacheTemplate] = [:]
        func walk(_ folder: URL, prefix: String) throws {
            for file in try fileIO.listFiles(folder) where file.hasSuffix(".mustache") {
                let name = prefix + String(file.dropLast(".mustache".count))
                let display = "\(displayDirectory)/\(name).mustache"
                let text = try fileIO.readText(folder.appendingPathComponent(file), display)
                do {
                    templates[name] = try MustacheTemplate(string: text)
                } catch {
                    throw SiteError.invalidTemplate(file: display, reason: "\(error)")
                }
            }
            for child in try fileIO.listFolders(folder) where child != "assets" {
                try walk(folder.appendingPathComponent(child), prefix: prefix + child + "/")
            }
        }
        try walk(directory, prefix: "")
        library = MustacheLibrary(templates: templates)
        names = Set(templates.keys)
    }

    /// Renders `object` with the named template.
    ///
    /// - Throws: `SiteError.missingTemplate` when there is no such template.
    /// `withoutLinks` adds a top-level `withoutLinks` key, which widget templates read to drop
    /// their inner links: a thumbnail is a picture, and a placeholder's sample rows lead nowhere.
    func render(_ object: Any, _ name: String, withoutLinks: Bool = false) throws -> String {
        var context = Self.context(of: object)
        if withoutLinks, var values = context as? [String: Any] {
            values["withoutLinks"] = true
            context = values
        }
        guard names.contains(name), let output = library.render(context, withTemplate: name) else {
            throw SiteError.missingTemplate(name: name)
        }
        return output
    }

    /// `object` as dictionaries and arrays, read by reflection once. Mustache would otherwise
    /// reflect on every `{{key}}` it looks up: that was three quarters of a build.
    ///
    /// Stored properties become keys; a `nil` optional is left out, so the lookup climbs the
    /// context stack exactly as it did through `Mirror`.
    static func context(of object: Any) -> Any {
        convert(object) ?? (nil as Any?) as Any
    }

    /// `nil` for a `nil` optional. Text, numbers and flags are the leaves, returned before any
    /// `Mirror` is made: most values are leaves, and a `Mirror` is the costly part. Text loses
    /// the control characters HTML forbids (a store's NUL bytes among them).
    private static func convert(_ object: Any) -> Any? {
        switch object {
        case let text as String: return HTML.replacingControlCharacters(text)
        case is Int, is Bool, is Double: return object
        default: break
        }
        let mirror = Mirror(reflecting: object)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.flatMap { convert($0.value) }
        case .collection, .set:
            return mirror.children.map { convert($0.value) ?? (nil as Any?) as Any }
        case .struct, .class:
            var values: [String: Any] = [:]
            for child in mirror.children {
                guard let label = child.label, let value = convert(child.value) else { continue }
                values[label] = value
            }
            return values
        default:
            return object
        }
    }
}
