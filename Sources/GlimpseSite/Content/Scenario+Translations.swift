import Foundation
import Widgets

extension Scenario {
    /// A scenario's texts in one language: `<scenario>/<language>[_<REGION>]/scenario.yaml`, with
    /// `title` and `description` only, as a copy file's translation sits beside it
    /// (docs/LOCALES.md). Either may be left out: the English one is shown for it.
    package struct Texts: Sendable, Equatable {
        package var title: String?
        package var description: String?
    }

    /// The translations of a sample scenario's texts, by folder (`de`, `de_AT`): each subfolder that
    /// is a locale ICU knows and holds a `scenario.yaml`.
    ///
    /// - Throws: `SiteError.invalidScenario` for a translation that is not YAML or sets more than texts.
    static func translations(
        folder: URL, displayPath: String, fileIO: FileIO
    ) throws -> [String: Texts] {
        var translations: [String: Texts] = [:]
        for language in try fileIO.listFolders(folder) where FormatLocale.known(language) == language {
            let file = folder.appendingPathComponent(language).appendingPathComponent(fileName)
            guard FileManager.default.fileExists(atPath: file.path) else { continue }
            let display = "\(displayPath)/\(language)/\(fileName)"
            let settings = try decode(try fileIO.readText(file, display, limit: BoundedYAML.maximumBytes), display)
            guard settings?.now == nil, settings?.timeZone == nil, settings?.expectDiagnostics == nil,
                settings?.events == nil
            else {
                throw SiteError.invalidScenario(
                    file: display,
                    reason: "a translation gives the scenario's title and description only; its settings are "
                        + "\(displayPath)/\(fileName)'s")
            }
            try settings?.checkTexts(display)
            translations[language] = Texts(title: settings?.title?.text, description: settings?.description?.text)
        }
        return translations
    }

    /// This scenario with its title and description in `locale`'s language, each from the most
    /// specific translation that has it (`de_AT/`, then `de/`), else as written.
    package func localized(for locale: String) -> Scenario {
        let chain = FormatLocale(identifier: locale).translationFolders.compactMap { translations[$0] }
        var scenario = self
        if let title = chain.lazy.compactMap(\.title).first { scenario.title = title }
        if let description = chain.lazy.compactMap(\.description).first { scenario.description = description }
        return scenario
    }
}
