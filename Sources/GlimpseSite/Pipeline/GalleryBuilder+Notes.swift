import Foundation
import GlimpseCore
import GlimpseFormat
import Widgets

/// What a build says about itself beside the widgets' diagnostics: accessories left out, the
/// copy's own warnings, and the words shown in English for want of a translation.
extension GalleryBuilder {
    /// A note for each screen class built without Lock Screen accessories.
    func omittedAccessories() -> [ReportedDiagnostic] {
        options.axes.devices.filter { $0.size(of: .accessoryCircular) == nil }.map { device in
            ReportedDiagnostic(
                diagnostic: Diagnostic(
                    .info, "the \(device.name) screen class has no Lock Screen accessories; they are omitted"),
                location: nil, app: nil, expected: true)
        }
    }

    /// What is wrong with the copy's translations, and each app's copy shown in English for want of
    /// one in a language of the build: not localized, an info (a build in a language half translated
    /// is still a build).
    func copyDiagnostics(_ inputs: BuildInputs) -> [ReportedDiagnostic] {
        let warnings = inputs.copy.warnings.map {
            ReportedDiagnostic(diagnostic: $0, location: nil, app: nil, expected: false)
        }
        return warnings
            + options.axes.locales.flatMap {
                untranslatedNotes(inputs.copy(in: Language(locale: $0)), apps: inputs.apps)
            }
    }

    /// One info per app with keys `copy` has no translation of.
    func untranslatedNotes(_ copy: ContentCopyBook, apps: [any GalleryApp]) -> [ReportedDiagnostic] {
        apps.compactMap { app -> ReportedDiagnostic? in
            let keys = copy.untranslated(app: app.id)
            guard !keys.isEmpty else { return nil }
            let message =
                "\(keys.count) key\(keys.count == 1 ? "" : "s") not localized for \(copy.plurals.identifier), shown in "
                + "English: " + keys.joined(separator: ", ")
            return ReportedDiagnostic(
                diagnostic: Diagnostic(.info, message, file: "content/copy/\(app.id)"), location: nil, app: app.id,
                expected: true)
        }
    }

    /// Each app's copy keys shown in English for want of a translation, with their English text, for
    /// `glimpse check`'s `not-localized` rule: the primary locale's, then each other locale's with
    /// its `locale`; nil when there is none.
    func notLocalized(_ inputs: BuildInputs, content: [Manifest.NotLocalized] = []) -> [Manifest.NotLocalized]? {
        let keys = options.axes.locales.flatMap { locale -> [Manifest.NotLocalized] in
            let copy = inputs.copy(in: Language(locale: locale))
            return inputs.apps.flatMap { app -> [Manifest.NotLocalized] in
                copy.untranslated(app: app.id).compactMap { key -> Manifest.NotLocalized? in
                    copy.englishText(app.id, key).map {
                        Manifest.NotLocalized(
                            app: app.id, key: key, text: $0, locale: locale == options.axes.locale ? nil : locale)
                    }
                }
            }
        }
        var seen: Set<[String]> = []
        let words = content.filter { seen.insert([$0.app, $0.key, $0.locale ?? ""]).inserted }
            .sorted { ($0.locale ?? "", $0.app, $0.key) < ($1.locale ?? "", $1.app, $1.key) }
        let all = keys + words
        return all.isEmpty ? nil : all
    }

    /// An info per app and language whose own words from the content (prompts) were shown in English.
    func untranslatedContentNotes(_ content: [Manifest.NotLocalized]) -> [ReportedDiagnostic] {
        let groups = Dictionary(grouping: content) { [$0.app, $0.locale ?? options.axes.locale] }
        return groups.keys.sorted { $0.lexicographicallyPrecedes($1) }.map { group in
            let files = Set(groups[group]!.compactMap(\.file)).sorted()
            let message =
                "\(files.count) file\(files.count == 1 ? "" : "s") not localized for \(group[1]), shown in English: "
                + files.joined(separator: ", ")
            return ReportedDiagnostic(
                diagnostic: Diagnostic(.info, message), location: nil, app: group[0], expected: true)
        }
    }
}
