import Foundation
import GlimpseCore
import Mustache

/// The Mustache templates under `templates/`, compiled once. Names are paths without the
/// extension: `layout`, `pages/detail`, `<app>/systemSmall`.
struct TemplateSet: Sendable {
    let library: MustacheLibrary
    let names: Set<String>
    /// Name → the file it was read from.
    let files: [String: URL]
    /// Name → the partials it names (`{{> icons/check}}`).
    let partials: [String: Set<String>]

    /// Reads and compiles every `.mustache` file under `directory`.
    ///
    /// - Throws: `SiteError.unreadable` or `SiteError.invalidTemplate`, naming the file.
    init(directory: URL, displayDirectory: String, fileIO: FileIO) throws {
        var templates: [String: MustacheTemplate] = [:]
        var files: [String: URL] = [:]
        var partials: [String: Set<String>] = [:]
        func walk(_ folder: URL, prefix: String) throws {
            for file in try fileIO.listFiles(folder) where file.hasSuffix(".mustache") {
                let name = prefix + String(file.dropLast(".mustache".count))
                let display = "\(displayDirectory)/\(name).mustache"
                let url = folder.appendingPathComponent(file)
                let text = try fileIO.readText(url, display)
                files[name] = url.standardizedFileURL
                partials[name] = Self.partialNames(in: text)
                do {
                    // Control characters go once, here, as they do from store text and copy:
                    // markup is then placed as it is, unscanned (`TemplateEncoder`).
                    templates[name] = try MustacheTemplate(string: Self.pragma + HTML.replacingControlCharacters(text))
                } catch {
                    throw SiteError.invalidTemplate(file: display, reason: Self.describe(error))
                }
            }
            for child in try fileIO.listFolders(folder) where child != "assets" {
                try walk(folder.appendingPathComponent(child), prefix: prefix + child + "/")
            }
        }
        try walk(directory, prefix: "")
        library = MustacheLibrary(templates: templates)
        names = Set(templates.keys)
        self.files = files
        self.partials = partials
    }

    /// The files `names` render from: each template and, through every partial it names, theirs.
    func inputs(rendering names: some Sequence<String>) -> Set<BuildInput> {
        var seen: Set<String> = []
        var pending = Array(names)
        while let name = pending.popLast() {
            guard seen.insert(name).inserted else { continue }
            pending += partials[name] ?? []
        }
        return Set(seen.compactMap { files[$0].map { BuildInput(.template, $0.path) } })
    }

    /// The partials a template's source names: `{{> name}}`, spaces allowed inside the braces.
    static func partialNames(in source: String) -> Set<String> {
        var found: Set<String> = []
        var rest = Substring(source)
        while let open = rest.range(of: "{{>") {
            rest = rest[open.upperBound...]
            guard let close = rest.range(of: "}}") else { break }
            let name = rest[..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if !name.isEmpty { found.insert(name) }
            rest = rest[close.upperBound...]
        }
        return found
    }

    /// Renders `model` with the named template.
    ///
    /// - Throws: `SiteError.missingTemplate` when there is no such template.
    /// `withoutLinks` adds a top-level `withoutLinks` key, which widget templates read to drop
    /// their inner links: a thumbnail is a picture, and a placeholder's sample rows lead nowhere.
    func render(_ model: some Encodable, _ name: String, withoutLinks: Bool = false) throws -> String {
        let context = try TemplateEncoder.encode(model)
        if withoutLinks, let object = context as? TemplateObject {
            object.values["withoutLinks"] = true
        }
        guard names.contains(name), let output = library.render(context, withTemplate: name) else {
            throw SiteError.missingTemplate(name: name)
        }
        return output
    }

    /// Put before every template: the model's text reaches Mustache escaped already
    /// (`TemplateEncoder`), so Mustache's own escaping, the costliest part of a render, is off.
    /// `{{text}}` and `{{{text}}}` place the same thing; markup is an `HTMLFragment`.
    static let pragma = "{{% CONTENT_TYPE: TEXT }}\n"

    /// A parse error as a person reads it: "line 4, column 1: …", on the file's own lines.
    static func describe(_ error: any Error) -> String {
        guard let parse = error as? MustacheTemplate.ParserError else { return "\(error)" }
        let what =
            switch parse.error as? MustacheTemplate.Error {
            case .sectionCloseNameIncorrect: "a section is closed with a different name than it was opened with"
            case .unfinishedName: "a tag is not finished: expected }}"
            case .expectedSectionEnd:
                "a section is opened and never closed: {{#name}} or {{^name}} without {{/name}} before the end"
            case .invalidSetDelimiter: "a set-delimiter tag is malformed"
            case .some(let other): "\(other)"
            case nil: "\(parse.error)"
            }
        // The pragma Glimpse puts first is line 1 of what the parser read.
        return "line \(max(1, parse.context.lineNumber - 1)), column \(parse.context.columnNumber): \(what)"
    }
}
