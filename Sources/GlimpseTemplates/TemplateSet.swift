import Foundation
import GlimpseCore
import Mustache

/// The Mustache templates under a folder, compiled once. Names are paths without the extension:
/// `layout`, `pages/detail`, `<app>/systemSmall`, `review/index`.
package struct TemplateSet: Sendable {
    let library: MustacheLibrary
    /// The same templates as steps rendered without the library's lookups; `nil` when one uses
    /// what the plan does not render (transforms, lambdas, inheritance), and the library renders.
    let plan: RenderPlan?
    /// As messages name the folder: `templates`.
    let displayDirectory: String
    package let names: Set<String>
    /// Name → the file it was read from.
    let files: [String: URL]
    /// Name → the partials it names (`{{> icons/check}}`).
    let partials: [String: Set<String>]
    /// Name → its source, as read: what a manifest's template digests are of.
    package let sources: [String: String]

    /// Reads and compiles every `.mustache` file under `directory`.
    ///
    /// - Parameter skipping: folders of `directory` that hold no templates of this set, such as
    ///   `assets` (files copied as they are) or another set's own folder.
    /// - Parameter folders: folders outside `directory` whose templates join the set under a name
    ///   of their own (an app's `<id>` → its package's `templates/<id>/`).
    /// - Throws: what `files` throws for a file it cannot read, or `TemplateError.invalid`, naming
    ///   the file.
    package init(
        directory: URL, displayDirectory: String, files: TemplateFiles, skipping: Set<String> = ["assets"],
        folders: [String: URL] = [:]
    ) throws {
        var templates: [String: MustacheTemplate] = [:]
        var fileURLs: [String: URL] = [:]
        var partials: [String: Set<String>] = [:]
        var sources: [String: String] = [:]
        func walk(_ folder: URL, prefix: String) throws {
            for file in try files.listFiles(folder) where file.hasSuffix(".mustache") {
                let name = prefix + String(file.dropLast(".mustache".count))
                let display = "\(displayDirectory)/\(name).mustache"
                let url = folder.appendingPathComponent(file)
                let text = try files.readText(url, display)
                fileURLs[name] = url.standardizedFileURL
                partials[name] = Self.partialNames(in: text)
                sources[name] = text
                do {
                    // Control characters go once, here, as they do from store text and copy:
                    // markup is then placed as it is, unscanned (`TemplateEncoder`).
                    templates[name] = try MustacheTemplate(string: Self.pragma + HTML.replacingControlCharacters(text))
                } catch {
                    throw TemplateError.invalid(file: display, reason: Self.describe(error))
                }
            }
            for child in try files.listFolders(folder) where !(folder == directory && skipping.contains(child)) {
                try walk(folder.appendingPathComponent(child), prefix: prefix + child + "/")
            }
        }
        try walk(directory, prefix: "")
        for (name, folder) in folders.sorted(by: { $0.key < $1.key }) {
            try walk(folder, prefix: name + "/")
        }
        library = MustacheLibrary(templates: templates)
        plan = RenderPlan(templates)
        self.displayDirectory = displayDirectory
        names = Set(templates.keys)
        self.files = fileURLs
        self.partials = partials
        self.sources = sources
    }

    /// The files `names` render from: each template and, through every partial it names, theirs.
    package func inputs(rendering names: some Sequence<String>) -> Set<BuildInput> {
        Set(templates(rendering: names).compactMap { files[$0].map { BuildInput(.template, $0.path) } })
    }

    /// The templates `names` render through, by name: each that is in the set and, through every
    /// partial it names, theirs.
    package func templates(rendering names: some Sequence<String>) -> Set<String> {
        var seen: Set<String> = []
        var pending = Array(names)
        while let name = pending.popLast() {
            guard seen.insert(name).inserted else { continue }
            pending += partials[name] ?? []
        }
        return seen.filter { sources[$0] != nil }
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
    /// - Throws: `TemplateError.missing` when there is no such template.
    /// `withoutLinks` adds a top-level `withoutLinks` key, which widget templates read to drop
    /// their inner links: a thumbnail is a picture, and a placeholder's sample rows lead nowhere.
    package func render(_ model: some Encodable, _ name: String, withoutLinks: Bool = false) throws -> String {
        let context = try TemplateEncoder.encode(model)
        if withoutLinks, let object = context as? TemplateObject {
            object.values["withoutLinks"] = true
        }
        guard names.contains(name) else { throw TemplateError.missing(name: name, directory: displayDirectory) }
        switch plan?.outcome(context, template: name) {
        case .rendered(let output): return output
        case .tooDeep:
            throw TemplateError.invalid(
                file: "\(displayDirectory)/\(name).mustache",
                reason: "sections and partials nest more than \(RenderPlan.maximumDepth) deep: "
                    + "does a partial include itself?")
        case .unplanned, nil: break
        }
        guard let output = library.render(context, withTemplate: name) else {
            throw TemplateError.missing(name: name, directory: displayDirectory)
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

/// How a `TemplateSet` reads its folder: the disk for real runs, a substitute in tests.
package struct TemplateFiles: Sendable {
    /// The largest template read: 4 MiB.
    package static let maximumFileSize = Limits.templateFile.value

    /// The disk: listings sorted, hidden names left out; only regular files read, at most
    /// `maximumFileSize` each, as UTF-8.
    package static let disk = TemplateFiles(
        listFiles: { try entries(of: $0, folders: false) },
        listFolders: { try entries(of: $0, folders: true) },
        readText: { file, displayName in
            let data: Data
            do {
                data = try RegularFile.read(file, limit: maximumFileSize)
            } catch {
                throw TemplateError.unreadable(file: displayName, reason: "\(error.localizedDescription)")
            }
            guard data.count <= maximumFileSize else {
                throw TemplateError.unreadable(file: displayName, reason: "larger than \(maximumFileSize >> 20) MiB")
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw TemplateError.unreadable(file: displayName, reason: "not UTF-8 text")
            }
            return text
        })

    /// The names in `folder` that are folders (or files), sorted, hidden ones left out.
    static func entries(of folder: URL, folders: Bool) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { name in
            var isFolder: ObjCBool = false
            return !name.hasPrefix(".")
                && FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
                && isFolder.boolValue == folders
        }.sorted()
    }

    /// The names of the files in a folder, sorted.
    package var listFiles: @Sendable (_ folder: URL) throws -> [String]
    /// The names of the folders in a folder, sorted.
    package var listFolders: @Sendable (_ folder: URL) throws -> [String]
    /// A file's text; the display name is how an error names it.
    package var readText: @Sendable (_ file: URL, _ displayName: String) throws -> String

    package init(
        listFiles: @escaping @Sendable (URL) throws -> [String],
        listFolders: @escaping @Sendable (URL) throws -> [String],
        readText: @escaping @Sendable (URL, String) throws -> String
    ) {
        self.listFiles = listFiles
        self.listFolders = listFolders
        self.readText = readText
    }
}

/// A template that does not compile, or is not there.
package enum TemplateError: Error, Equatable, CustomStringConvertible {
    /// `file` as the user names it (`templates/pages/detail.mustache`), and what is wrong, with
    /// its line and column.
    case invalid(file: String, reason: String)
    /// A template asked for by name that the folder does not hold.
    case missing(name: String, directory: String)
    /// A file that cannot be read as text.
    case unreadable(file: String, reason: String)

    /// The file at fault, as the user names it.
    package var file: String {
        switch self {
        case .invalid(let file, _), .unreadable(let file, _): file
        case .missing(let name, let directory): "\(directory)/\(name).mustache"
        }
    }

    package var description: String {
        switch self {
        case .invalid(let file, let reason): "\(file): \(reason)"
        case .missing: "\(file): template not found"
        case .unreadable(_, let reason): "\(file): cannot be read: \(reason)"
        }
    }
}
