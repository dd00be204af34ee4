import GlimpseCore
import GlimpseTemplates
import WidgetTimeline
import Widgets

/// One point on the gallery's axes: a screen class, a Dynamic Type size and a language. A build
/// renders every unit once per variant; the primary variant's pages keep the plain URLs
/// (`<app>/<scenario>/<family>.html`), the others add what differs from it (`systemSmall.ax5.html`,
/// `systemSmall.430x932.ax5.html`, `systemSmall.de_DE.html`, `systemSmall.pseudo-double.html`).
package struct Variant: Hashable, Sendable {
    package var device: DeviceClass
    package var textSize: TextSize
    package var language: Language

    package init(device: DeviceClass, textSize: TextSize, language: Language = .english) {
        self.device = device
        self.textSize = textSize
        self.language = language
    }

    /// What a page's file name adds for this variant against `primary`: "", ".ax5", ".430x932.ax5",
    /// ".de_DE", ".pseudo-double".
    package func suffix(against primary: Variant) -> String {
        var suffix = ""
        if device != primary.device { suffix += ".\(device.name)" }
        if textSize != primary.textSize { suffix += ".\(textSize.slug)" }
        suffix += language.suffix(against: primary.language)
        return suffix
    }

    /// "393×852 · AX5", and the language where it is not US English: for page titles and the switcher.
    package var label: String {
        "\(device.screen) · \(textSize.name)" + (language == .english ? "" : " · \(language.name)")
    }
}

/// The language a variant speaks: a locale (copy and formats), and Xcode's pseudolanguage over it
/// or none. `--locale` and `--pseudo` are repeatable: each value is a language of the build.
package struct Language: Hashable, Sendable {
    /// A locale ICU knows, as given: "de_DE", "ja", "ar_SA".
    package var locale: String
    package var pseudo: Pseudolanguage?

    package init(locale: String, pseudo: Pseudolanguage? = nil) {
        self.locale = locale
        self.pseudo = pseudo
    }

    /// US English, the content's own language: the default build's.
    package static let english = Language(locale: "en_US")

    /// "de_DE", "pseudo-double", or "de_DE pseudo-double" where a pseudolanguage is over another
    /// locale than US English: the switcher's label.
    package var name: String {
        guard let pseudo else { return locale }
        return locale == Language.english.locale ? "pseudo-\(pseudo.rawValue)" : "\(locale) pseudo-\(pseudo.rawValue)"
    }

    /// What a widget's root says of its language, formatted in `locale` (this language's locale as
    /// ICU resolved it): ` lang="de-DE"`, and ` dir="rtl"` for a language written right to left, or
    /// under the right-to-left pseudolanguage: its layout mirrors as SwiftUI's leading and trailing
    /// do (the stylesheet's logical properties), its text runs from the right. Nothing for English,
    /// the gallery's own, so an English build's bytes do not change. The pages around it stay left
    /// to right.
    package func rootAttributes(formatting locale: FormatLocale) -> String {
        let tag = locale.identifier.replacingOccurrences(of: "_", with: "-")
        let english = tag == "en" || tag.hasPrefix("en-")
        let rightToLeft = locale.isRightToLeft || pseudo?.isRightToLeft == true
        return (english ? "" : " lang=\"\(HTML.escape(tag))\"") + (rightToLeft ? " dir=\"rtl\"" : "")
    }

    /// What a page's file name adds for this language against `primary`'s: the locale where it
    /// differs (".de_DE"), then the pseudolanguage where it differs (".pseudo-rtl", or ".plain"
    /// for none against a primary in one).
    func suffix(against primary: Language) -> String {
        var suffix = locale == primary.locale ? "" : ".\(locale)"
        if pseudo != primary.pseudo { suffix += ".\(pseudo.map { "pseudo-\($0.rawValue)" } ?? "plain")" }
        return suffix
    }

    /// `--locale`'s locales, each a plain language, then each of `--pseudo`'s over the first
    /// locale; without `--locale`, the pseudolanguages over US English alone (`--pseudo double`
    /// builds the doubled copy only, as `--text-size AX5` builds AX5 only). Each once, in the
    /// order given.
    package static func axis(locales: [String], pseudos: [Pseudolanguage]) -> [Language] {
        let base = locales.first ?? english.locale
        let plain = locales.map { Language(locale: $0) }
        let pseudo = pseudos.map { Language(locale: base, pseudo: $0) }
        let list = plain + pseudo
        guard !list.isEmpty else { return [english] }
        return list.uniqued()
    }
}
