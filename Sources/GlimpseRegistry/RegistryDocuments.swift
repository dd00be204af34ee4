import Foundation
import WidgetTimeline
import Widgets

/// The files of the repository that list the apps, generated from the registry
/// (`Sources/GlimpseRegistry/Registry.swift`) so that adding an app edits none of them by hand: the
/// tables of apps and of scenario events in `docs/APPS-AND-STORES.md`, and the list of apps `make fuzz` runs; and each
/// app's "Spec and shipped" section of its doc, from `content/shipped/<app>.yaml`.
/// `glimpse registry --write` regenerates them; a test fails when one is stale.
package struct RegistryDocuments: Sendable {
    /// The repository's root.
    package var root: URL
    /// In the order they were added.
    package var apps: [any GalleryApp]

    package init(root: URL, apps: [any GalleryApp]) {
        self.root = root
        self.apps = apps
    }

    /// The doc with the tables of apps and of scenario events.
    package static let tables = "docs/APPS-AND-STORES.md"
    /// The fuzz target's list of apps: it links the widget core alone, not the command line.
    package static let fuzzApps = "Tests/Fuzz/Sources/fuzz-store/Apps.swift"
    /// Every file generated from the registry, whole or in part.
    package static let generated = [tables, fuzzApps]

    /// Each generated file's path and its bytes as the registry has them.
    ///
    /// - Throws: `RegistryError` when the tables' doc cannot be read or has lost a generated section's markers.
    package func expected() throws -> [(path: String, data: Data)] {
        let url = root.appendingPathComponent(Self.tables)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw RegistryError(file: Self.tables, reason: "cannot be read")
        }
        var doc = String(decoding: data, as: UTF8.self)
        doc = try Self.replacingSection("apps", in: doc, with: appTable(), file: Self.tables)
        doc = try Self.replacingSection("events", in: doc, with: eventTable(), file: Self.tables)
        return [(Self.tables, Data(doc.utf8)), (Self.fuzzApps, Data(fuzzAppList().utf8))] + (try shippedDocs())
    }

    /// The generated files whose bytes on disk differ from the registry's.
    package func stale() throws -> [String] {
        try expected().filter {
            FileManager.default.contents(atPath: root.appendingPathComponent($0.path).path) != $0.data
        }.map(\.path)
    }

    /// Writes every generated file that differs; returns their paths.
    package func write() throws -> [String] {
        let stale = try stale()
        for (path, data) in try expected() where stale.contains(path) {
            try data.write(to: root.appendingPathComponent(path), options: .atomic)
        }
        return stale
    }

    /// The name of an app's folder under `Sources/Widgets/`: its type's name without `App`.
    package static func folder(of app: any GalleryApp) -> String {
        let type = typeName(of: app)
        return type.hasSuffix("App") ? String(type.dropLast(3)) : type
    }

    /// The name of an app's type: `<Folder>App`.
    static func typeName(of app: any GalleryApp) -> String {
        String(describing: Swift.type(of: app))
    }

    /// `Tests/Fuzz/Sources/fuzz-store/Apps.swift`: every app with its default settings.
    func fuzzAppList() -> String {
        """
        // Generated from the app registry (Sources/GlimpseRegistry/Registry.swift) by `make registry`;
        // do not edit. Every app with its default settings, in the order they were added: the fuzz
        // target links the widget core alone, without the command line that configures them.
        import Widgets

        let registeredApps: [any GalleryApp] = [
        \(apps.map { "    \(Self.typeName(of: $0))()," }.joined(separator: "\n"))
        ]

        """
    }

    /// The table of apps, in gallery order; its links are relative to `docs/`.
    func appTable() -> String {
        var lines = ["| `--app` | widget | App Group container (also found as) | families |", "|---|---|---|---|"]
        for app in apps.sorted(by: { $0.id < $1.id }) {
            let families = app.families.map(\.rawValue).joined(separator: ", ")
            let aliases = app.containerAliases.map { "`\($0)`" }.joined(separator: ", ")
            lines.append(
                "| `\(app.id)` | \(app.displayName) ([docs/widgets/\(app.id).md](widgets/\(app.id).md)) | "
                    + "`\(app.containerIdentifier)`\(aliases.isEmpty ? "" : " (\(aliases))") | \(families) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// The table of the event types a scenario may script, in gallery order.
    func eventTable() -> String {
        var lines = ["| app | `type` | other keys |", "|---|---|---|"]
        for app in apps.sorted(by: { $0.id < $1.id }) {
            for event in app.eventTypes {
                lines.append("| \(app.id) | `\(event.name)` |" + (event.keys.isEmpty ? "" : " \(event.keys)") + " |")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `text` with the lines between `<!-- generated: name … -->` and `<!-- end: name -->`
    /// replaced by `section`.
    static func replacingSection(
        _ name: String, in text: String, with section: String, file: String
    ) throws -> String {
        guard let start = text.range(of: "<!-- generated: \(name) "),
            let startEnd = text[start.upperBound...].range(of: "-->\n"),
            let end = text[startEnd.upperBound...].range(of: "<!-- end: \(name) -->")
        else {
            throw RegistryError(file: file, reason: "the generated section \"\(name)\" has lost its markers")
        }
        return String(text[..<startEnd.upperBound]) + section + "\n" + String(text[end.lowerBound...])
    }
}

/// A file generated from the registry that cannot be regenerated.
package struct RegistryError: Error, CustomStringConvertible {
    package var file: String
    package var reason: String

    package var description: String { "\(file): \(reason)" }
}
