import AppGroupStore
import Foundation
import GlimpseCore
import WidgetTimeline
import Widgets

/// What `glimpse build` was asked to do.
package struct BuildOptions: Sendable {
    package var contentDirectory: URL
    package var templatesDirectory: URL
    /// User stores that replace the sample scenarios. Empty: build the samples.
    package var stores: [URL]
    /// Every app the build knows, in the order they were added: the registry's, configured by the
    /// command line, and any a caller adds (a test's own widget). The manifest schema names them all.
    package var knownApps: [any GalleryApp]
    /// App ids to build. Empty: every known app.
    package var apps: [String]
    /// Fixed clock; `nil` means the current time.
    package var now: Date?
    /// Fixed zone; `nil` means the machine's zone.
    package var timeZone: TimeZone?
    /// Every language to build (`--locale` and `--pseudo`, repeatable; `Language.axis`), the
    /// primary first: its pages keep the plain URLs, and it is the manifest's `locale` and `pseudo`.
    package var languages: [Language]
    /// The primary screen class: the one whose pages keep the plain URLs, and the manifest's `device`.
    package var device: DeviceClass
    /// Every screen class to build (`--device`, repeatable, or `all`), in the size table's order; `device` is one of
    /// them.
    package var devices: [DeviceClass]
    /// Every Dynamic Type size to build (`--text-size`, repeatable, or `all`), smallest first.
    package var textSizes: [TextSize]
    package var reloadBudget: Int
    /// How long reading one app's store may take, in seconds (`StoreReadBudget`): past it, that
    /// widget shows its fallback with a diagnostic, and the rest of the gallery builds.
    package var storeTimeout: TimeInterval
    /// 10 s.
    package static let standardStoreTimeout = StoreReadBudget.standardSeconds
    /// Where Debian's `fonts-inter` puts Inter; copied into the gallery when present.
    package var fontsDirectory: URL?
    /// Widgets and pages rendered at once. 1 is a serial build; the output is the same either way.
    package var parallelism: Int
    /// `--redact`: store text and figures as placeholders, for publishing real data.
    package var redaction: Redaction
    /// `--tint`: the tinted scheme's colours. The standard palette leaves the stylesheet as it is.
    package var tint: TintPalette = .standard
    /// `--appearance`: the Home Screen appearances drawn, in `Appearance`'s order. The standard
    /// three (light, dark, iOS 18 tinted) leave the gallery as it was.
    package var appearances: [Appearance] = Appearance.standard

    package init(
        knownApps: [any GalleryApp],
        contentDirectory: URL = URL(fileURLWithPath: "content"),
        templatesDirectory: URL = URL(fileURLWithPath: "templates"),
        stores: [URL] = [],
        apps: [String] = [],
        now: Date? = nil,
        timeZone: TimeZone? = nil,
        locale: String = "en_US",
        pseudo: Pseudolanguage? = nil,
        languages: [Language]? = nil,
        device: DeviceClass = .standard,
        devices: [DeviceClass]? = nil,
        textSizes: [TextSize] = [.large],
        reloadBudget: Int = ReloadBudget.standard.limit,
        storeTimeout: TimeInterval = standardStoreTimeout,
        fontsDirectory: URL? = URL(fileURLWithPath: "/usr/share/fonts/opentype/inter"),
        parallelism: Int = ProcessInfo.processInfo.activeProcessorCount,
        redaction: Redaction = .off,
        tint: TintPalette = .standard,
        appearances: [Appearance] = Appearance.standard
    ) {
        self.redaction = redaction
        self.tint = tint
        let appearances = Appearance.canonical(appearances)
        self.appearances = appearances.isEmpty ? Appearance.standard : appearances
        self.parallelism = max(1, parallelism)
        self.contentDirectory = contentDirectory
        self.templatesDirectory = templatesDirectory
        self.stores = stores
        self.knownApps = knownApps
        self.apps = apps
        self.now = now
        self.timeZone = timeZone
        let axis = languages.flatMap { $0.isEmpty ? nil : $0 } ?? [Language(locale: locale, pseudo: pseudo)]
        self.languages = axis.uniqued()
        let list = devices.flatMap { $0.isEmpty ? nil : $0 } ?? [device]
        self.device = list.contains(device) ? device : list[0]
        self.devices = DeviceClass.all.filter { list.contains($0) }
        self.textSizes = Set(textSizes.isEmpty ? [.large] : textSizes).sorted()
        self.reloadBudget = reloadBudget
        self.storeTimeout = storeTimeout
        self.fontsDirectory = fontsDirectory
    }

    /// Where `app`'s templates and content are: its own (`GalleryApp.folders`), or the build's.
    package func folders(of app: any GalleryApp) -> AppFolders {
        app.folders ?? AppFolders(templates: templatesDirectory, content: contentDirectory)
    }

    /// The folders of the known apps that keep their own, by app id.
    package var ownFolders: [String: AppFolders] {
        Dictionary(knownApps.compactMap { app in app.folders.map { (app.id, $0) } }, uniquingKeysWith: { a, _ in a })
    }

    /// Every folder a build reads templates and content from: the build's, then each app's own.
    package var watchedFolders: [URL] {
        var folders = [contentDirectory, templatesDirectory]
        for (id, own) in ownFolders.sorted(by: { $0.key < $1.key }) {
            folders.append(own.templates.appendingPathComponent(id))
            folders += ["copy", "scenarios", "shipped"].map { own.content.appendingPathComponent($0) }
        }
        return folders
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
    package var locales: [String] {
        languages.map(\.locale).uniqued()
    }

    /// The primary language's pseudolanguage, or none: the manifest's `pseudo`.
    package var pseudo: Pseudolanguage? { language.pseudo }

    /// The variant whose pages keep the plain URLs.
    package var primaryVariant: Variant { Variant(device: device, textSize: textSize, language: language) }

    /// Every variant to build: the primary first, then each class (the table's order) × each size ×
    /// each language.
    package var variants: [Variant] {
        let all = devices.flatMap { device in
            textSizes.flatMap { size in languages.map { Variant(device: device, textSize: size, language: $0) } }
        }
        return [primaryVariant] + all.filter { $0 != primaryVariant }
    }

    /// A copy that builds `variant` alone, as the primary.
    package func only(_ variant: Variant) -> BuildOptions {
        var options = self
        options.device = variant.device
        options.devices = [variant.device]
        options.textSizes = [variant.textSize]
        options.languages = [variant.language]
        return options
    }
}
