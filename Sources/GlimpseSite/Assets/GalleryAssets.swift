import Foundation
import GlimpseCore
import WidgetTimeline
import Widgets

/// The files every gallery carries besides its pages: the stylesheet, joined from its parts; the
/// static assets under `templates/assets/`; Inter, when the system has it; and the manifest's
/// schema, naming the build's apps.
struct GalleryAssets {
    /// The shared part of the stylesheet, under `templates/`.
    static let stylesheetBase = "gallery.css"
    /// Each app's part, in its template folder: `templates/<app>/style.css`.
    static let stylesheetPart = "style.css"
    static let stylesheetPath = "assets/glimpse.css"

    let templatesDirectory: URL
    let fileIO: FileIO

    /// The stylesheet's parts, in the order they are joined: the shared part, then each app's, in
    /// the order the apps were added. An app without a stylesheet has no part.
    func stylesheetParts(apps: [any GalleryApp]) throws -> [URL] {
        let base = templatesDirectory.appendingPathComponent(Self.stylesheetBase)
        let parts = try apps.compactMap { app -> URL? in
            let folder = templateFolder(of: app)
            return try fileIO.listFiles(folder).contains(Self.stylesheetPart)
                ? folder.appendingPathComponent(Self.stylesheetPart) : nil
        }
        return [base] + parts
    }

    /// `assets/glimpse.css`: the parts, a blank line between each, in the tint's colours; the
    /// Dynamic Type rules after the gallery's own part. With a glass scheme among `appearances`,
    /// `glass.css` and each glass scheme's rules, derived from the tinted ones (`GlassPalette`), follow.
    func stylesheet(
        apps: [any GalleryApp], tint: TintPalette = .standard, appearances: [Appearance] = Appearance.standard
    ) throws -> Data {
        var texts = try stylesheetParts(apps: apps).map { url in
            try fileIO.readText(url, display(url)).trimmingTrailingNewlines
        }
        texts.insert(Self.dynamicTypeRules, at: min(1, texts.count))
        let glass = GlassPalette.all(tint: tint).filter { palette in
            appearances.contains { $0.schemes.contains(palette.scheme) }
        }
        guard !glass.isEmpty else { return Data(tint.rewrite(texts.joined(separator: "\n\n") + "\n").utf8) }
        let base = texts.joined(separator: "\n\n")
        let url = templatesDirectory.appendingPathComponent(Self.glassPart)
        texts.append(try fileIO.readText(url, display(url)).trimmingTrailingNewlines)
        let derived = glass.map { palette in
            "/* \(palette.scheme.displayName): the tinted rules in its colours (Sources/GlimpseSite/Assets/"
                + "GlassPalette.swift). */\n" + palette.rules(from: base)
        }
        return Data(
            (tint.rewrite(texts.joined(separator: "\n\n")) + "\n\n" + derived.joined(separator: "\n\n") + "\n").utf8)
    }

    /// iOS 26's glass schemes' own rules, under `templates/`: joined only when one is built.
    static let glassPart = "glass.css"

    /// Each Dynamic Type size but Large as a class on a widget's root, setting every text style's
    /// scale (`TextStyle.scale(at:)`) as a ratio of points: `.dt-ax5 { --dt-body: calc(53 / 17); … }`.
    /// The apps' stylesheets write a scaled size as `calc(15px * var(--dt-subheadline, 1))`, so that
    /// Large, with no class, draws exactly as a fixed size would.
    static let dynamicTypeRules: String = {
        var css =
            "/* ---------- Dynamic Type: each text style's scale at each size "
            + "(Sources/WidgetTimeline/DynamicType.swift) ---------- */"
        for size in TextSize.allCases where size != .large {
            let ratios = TextStyle.allCases.map {
                "\($0.cssVariable): calc(\($0.points(at: size)) / \($0.points(at: .large)))"
            }
            css += "\n.dt-\(size.slug) { \(ratios.joined(separator: "; ")); }"
        }
        return css
    }()

    /// The part `app` adds to the stylesheet, if any, as a unit's input.
    func stylesheetInputs(app: any GalleryApp) -> Set<BuildInput> {
        let base = templatesDirectory.appendingPathComponent(Self.stylesheetBase).standardizedFileURL.path
        let part = templateFolder(of: app).appendingPathComponent(Self.stylesheetPart).standardizedFileURL.path
        let glass = templatesDirectory.appendingPathComponent(Self.glassPart).standardizedFileURL.path
        return [BuildInput(.stylesheet, base), BuildInput(.stylesheet, part), BuildInput(.stylesheet, glass)]
    }

    /// Every file of `templates/assets/`, as it is: `assets/<name>` → bytes.
    func staticAssets() throws -> [(path: String, data: Data)] {
        let folder = templatesDirectory.appendingPathComponent("assets")
        return try fileIO.listFiles(folder).map { name in
            ("assets/\(name)", try fileIO.readData(folder.appendingPathComponent(name), "templates/assets/\(name)"))
        }
    }

    /// `manifest.schema.json`, its `app` enum naming `apps`.
    func manifestSchema(apps: [any GalleryApp]) throws -> Data {
        try ManifestSchema.generate(apps: apps.map(\.id))
    }

    /// Inter from Debian's `fonts-inter`, so pages look alike on every machine with no network.
    static func fonts(from directory: URL?) -> (files: [String: Data], diagnostic: Diagnostic?) {
        let weights = [("Regular", 400), ("Medium", 500), ("SemiBold", 600), ("Bold", 700)]
        var files: [String: Data] = [:]
        var faces: [String] = []
        if let directory {
            for (name, weight) in weights {
                let url = directory.appendingPathComponent("Inter-\(name).otf")
                guard let data = try? Data(contentsOf: url) else { continue }
                files["assets/fonts/Inter-\(name).otf"] = data
                faces.append(
                    "@font-face{font-family:\"Inter\";font-style:normal;font-weight:\(weight);font-display:swap;"
                        + "src:url(\"fonts/Inter-\(name).otf\") format(\"opentype\")}"
                )
            }
        }
        files["assets/fonts.css"] = Data((faces.joined(separator: "\n") + "\n").utf8)
        if faces.count == weights.count { return (files, nil) }
        return (
            files,
            Diagnostic(
                .warning,
                "Inter was not found in \(directory?.path ?? "(no folder)"); pages fall back to the system font "
                    + "stack (install fonts-inter)"
            )
        )
    }

    /// `templates/<app>/`: Glimpse's, or the app's own (`AppFolders`).
    func templateFolder(of app: any GalleryApp) -> URL {
        (app.folders?.templates ?? templatesDirectory).appendingPathComponent(app.id)
    }

    /// As messages name `url`: `templates/…`, under Glimpse's templates or, for an app's part
    /// (`<app>/style.css`), its own.
    private func display(_ url: URL) -> String {
        if url.lastPathComponent == Self.stylesheetPart {
            return "templates/\(url.deletingLastPathComponent().lastPathComponent)/\(Self.stylesheetPart)"
        }
        let root = templatesDirectory.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        return path.hasPrefix(root + "/") ? "templates/" + path.dropFirst(root.count + 1) : path
    }
}

extension String {
    var trimmingTrailingNewlines: String {
        var text = Substring(self)
        while text.last == "\n" || text.last == "\r" { text = text.dropLast() }
        return String(text)
    }
}
