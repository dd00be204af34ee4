import Foundation
import WidgetTimeline
import Widgets

extension BuildOptions {
    /// The axes a gallery is drawn over, which yield its variants: languages, screen classes and
    /// text sizes; and how every variant is drawn: its appearances, tint and redaction.
    package struct Axes: Sendable {
        /// Every language to build (`--locale` and `--pseudo`, repeatable; `Language.axis`), the
        /// primary first: its pages keep the plain URLs, and it is the manifest's `locale` and `pseudo`.
        package var languages: [Language]
        /// The primary screen class: the one whose pages keep the plain URLs, and the manifest's `device`.
        package var device: DeviceClass
        /// Every screen class to build (`--device`, repeatable, or `all`), in the size table's order;
        /// `device` is one of them.
        package var devices: [DeviceClass]
        /// Every Dynamic Type size to build (`--text-size`, repeatable, or `all`), smallest first.
        package var textSizes: [TextSize]
        /// `--appearance`: the Home Screen appearances drawn, in `Appearance`'s order. The standard
        /// three (light, dark, iOS 18 tinted) leave the gallery as it was.
        package var appearances: [Appearance]
        /// `--tint`: the tinted scheme's colours. The standard palette leaves the stylesheet as it is.
        package var tint: TintPalette
        /// `--redact`: store text and figures as placeholders, for publishing real data.
        package var redaction: Redaction

        /// Each list in order and once; an empty one is its default (US English, the standard class,
        /// Large, the standard appearances). `device` is the primary when `devices` has it, else the
        /// first of them.
        package init(
            languages: [Language] = [.english], device: DeviceClass = .standard,
            devices: [DeviceClass] = [], textSizes: [TextSize] = [.large],
            appearances: [Appearance] = Appearance.standard, tint: TintPalette = .standard, redaction: Redaction = .off
        ) {
            self.languages = (languages.isEmpty ? [.english] : languages).uniqued()
            let list = devices.isEmpty ? [device] : devices
            self.device = list.contains(device) ? device : list[0]
            self.devices = DeviceClass.all.filter { list.contains($0) }
            self.textSizes = Set(textSizes.isEmpty ? [.large] : textSizes).sorted()
            let canonical = Appearance.canonical(appearances)
            self.appearances = canonical.isEmpty ? Appearance.standard : canonical
            self.tint = tint
            self.redaction = redaction
        }

        /// Whether `--appearance` asked for other than the standard three: the manifest then lists them.
        package var hasStandardAppearances: Bool { appearances == Appearance.standard }

        /// The primary text size: Large when it is built, else the first.
        package var textSize: TextSize { textSizes.contains(.large) ? .large : textSizes[0] }

        /// The primary language: the first `--locale`.
        package var language: Language { languages[0] }

        /// The primary language's locale ("en_US"): the manifest's `locale`.
        package var locale: String { language.locale }

        /// Each locale of `languages` once, the primary's first.
        package var locales: [String] { languages.map(\.locale).uniqued() }

        /// The primary language's pseudolanguage, or none: the manifest's `pseudo`.
        package var pseudo: Pseudolanguage? { language.pseudo }

        /// The variant whose pages keep the plain URLs.
        package var primaryVariant: Variant { Variant(device: device, textSize: textSize, language: language) }

        /// Every variant to build: the primary first, then each class (the table's order) × each
        /// size × each language.
        package var variants: [Variant] {
            let all = devices.flatMap { device in
                textSizes.flatMap { size in languages.map { Variant(device: device, textSize: size, language: $0) } }
            }
            return [primaryVariant] + all.filter { $0 != primaryVariant }
        }

        /// These axes with `variant` alone, as the primary.
        package func only(_ variant: Variant) -> Axes {
            var axes = self
            axes.device = variant.device
            axes.devices = [variant.device]
            axes.textSizes = [variant.textSize]
            axes.languages = [variant.language]
            return axes
        }
    }
}
