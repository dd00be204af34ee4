import Foundation
import GlimpseTemplates

extension BuildInputs {
    /// What a live rebuild keeps of the last load: its templates, copy and scenarios, each unless
    /// a changed path is in the folders it was read from. Everything else (the units, the
    /// sidebar, what apps share) is made again from them, as cheap as it is.
    struct Kept: Sendable {
        var templates: TemplateSet?
        var copies: [Language: ContentCopyBook]?
        var scenarios: (scenarios: [Scenario], diagnostics: [ReportedDiagnostic])?

        init() {}

        /// Nothing when there is no previous load or no list of changes (a whole build).
        init(_ previous: BuildInputs?, changed: Set<String>?) {
            guard let previous, let changed else { return }
            let options = previous.options
            let content = options.inputs.contentDirectory
            func untouched(_ folders: [URL]) -> Bool {
                !changed.contains { path in folders.contains { Self.path(path, isIn: $0) } }
            }
            let own = options.inputs.ownFolders.sorted { $0.key < $1.key }
            let ownTemplates = own.map { $0.value.templates.appendingPathComponent($0.key) }
            let ownCopy = own.map { $0.value.content.appendingPathComponent("copy").appendingPathComponent($0.key) }
            let ownScenarios = own.map {
                $0.value.content.appendingPathComponent("scenarios").appendingPathComponent($0.key)
            }
            if untouched([options.inputs.templatesDirectory] + ownTemplates) { templates = previous.templates }
            if untouched([content.appendingPathComponent("copy")] + ownCopy) { copies = previous.copies }
            if untouched([content.appendingPathComponent("scenarios")] + ownScenarios + options.inputs.stores) {
                scenarios = (previous.scenarios, previous.storeDiagnostics)
            }
        }

        /// Whether `path` is `folder`, in it, or a folder it is in (one renamed or removed whole).
        static func path(_ path: String, isIn folder: URL) -> Bool {
            let folder = folder.standardizedFileURL.path
            return path == folder || path.hasPrefix(folder + "/") || folder.hasPrefix(path + "/")
        }
    }

    /// The copy in each language of the build.
    static func copies(options: BuildOptions, fileIO: FileIO) throws -> [Language: ContentCopyBook] {
        let copy = try ContentCopyBook(
            directory: options.inputs.contentDirectory.appendingPathComponent("copy"),
            displayDirectory: "content/copy", fileIO: fileIO,
            appDirectories: Dictionary(
                uniqueKeysWithValues: options.inputs.ownFolders.map {
                    ($0.key, $0.value.content.appendingPathComponent("copy").appendingPathComponent($0.key))
                }))
        return Dictionary(
            options.axes.languages.map { ($0, copy.localized(for: $0.locale, pseudo: $0.pseudo)) },
            uniquingKeysWith: { first, _ in first })
    }
}
