import ArgumentParser
import Foundation
import GlimpseRegistry
import GlimpseSite
import WidgetTimeline
import Widgets

/// The options `build` and `serve` share: what to build, and how.
struct GalleryArguments: ParsableArguments {
    @Option(
        name: .customLong("store"),
        help: ArgumentHelp(
            "A store root or a single group container (by name or by a Simulator's MCMMetadataIdentifier). "
                + "Repeatable; replaces the sample scenarios.",
            valueName: "path"))
    var stores: [String] = []

    @Option(
        name: .customLong("app"),
        help: ArgumentHelp(
            "Only build these apps (\(AppCatalog.ids.sorted().joined(separator: ", "))). Repeatable.",
            valueName: "name"))
    var apps: [String] = []

    @Option(
        help: ArgumentHelp(
            "The simulated start, ISO 8601 with an offset (2026-11-22T09:00:00-05:00). Default: now.", valueName: "date"
        ))
    var now: String?

    @Option(
        name: .customLong("time-zone"),
        help: ArgumentHelp(
            "An IANA zone for local days (America/New_York). Default: this machine's.", valueName: "zone"))
    var timeZone: String?

    @Option(
        name: .customLong("locale"),
        help: ArgumentHelp(
            "The copy's language and number formats: a locale ICU knows, such as de_DE or ja_JP. Repeatable: each "
                + "is a variant, the first the primary. Default: en_US.",
            valueName: "locale"),
        // Parsed here, once: "de-DE" is de_DE, and an unknown one is refused with the nearest known.
        transform: { try FormatLocale(validating: $0) })
    var locales: [FormatLocale] = []

    @Option(
        name: .customLong("pseudo"),
        help: ArgumentHelp(
            "Xcode's pseudolanguage over the first locale's copy: "
                + "\(Pseudolanguage.allCases.map(\.rawValue).joined(separator: ", ")). Repeatable: each is a "
                + "variant. Store data is never changed.",
            valueName: "language"))
    var pseudos: [String] = []

    @Option(
        name: .customLong("device"),
        help: ArgumentHelp(
            "Screen class in points: \(DeviceClass.allScreenNames.joined(separator: ", ")), or all (the size table's "
                + "seven rows). Repeatable. Default: \(DeviceClass.standard.name).",
            valueName: "WxH"))
    var devices: [String] = []

    @Option(
        name: .customLong("text-size"),
        help: ArgumentHelp(
            "Dynamic Type size: \(TextSize.allCases.map(\.name).joined(separator: ", ")), or all. Repeatable. "
                + "Default: Large.",
            valueName: "size"))
    var textSizes: [String] = []

    @Option(name: .customLong("reload-budget"), help: "Budgeted reloads per widget in the 24 h window.")
    var reloadBudget: Int = ReloadBudget.standard.limit

    @Option(
        name: .customLong("store-timeout"),
        help: ArgumentHelp(
            "How long reading one app's store may take; past it, that widget shows its fallback with a diagnostic.",
            valueName: "seconds"))
    var storeTimeout: Double = BuildOptions.Run.standardStoreTimeout

    @Flag(
        help: ArgumentHelp(
            "Show store text and figures as placeholders of the same length and shape, to publish a gallery of real "
                + "data; copy stays."
        ))
    var redact = false

    @Option(
        help: ArgumentHelp(
            "The tint hue of the tinted scheme (iOS 18's accented widgets), #RRGGBB; its palette is derived to meet "
                + "WCAG AA. Default: #8DB4FF.",
            valueName: "hex"))
    var tint: String?

    @Option(
        name: .customLong("appearance"),
        help: ArgumentHelp(
            "Home Screen appearances to draw: light, dark, tinted (iOS 18), clear and tinted-26 (iOS 26's glass), "
                + "comma-separated or repeated. Default: light,dark,tinted.",
            valueName: "list"))
    var appearanceLists: [String] = []

    @Option(help: .hidden)
    var content: String = GlimpseFolders.path("content")

    @Option(help: .hidden)
    var templates: String = GlimpseFolders.path("templates")

    @Option(
        help: ArgumentHelp(
            "Widgets and pages rendered at once. Default: the machine's cores. The output is the same for any value.",
            valueName: "n"))
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    /// Each app's own options.
    @OptionGroup var appOptions: AppOptions

    func validate() throws {
        if let now, Scenario.parseDate(now) == nil {
            throw ValidationError("--now \(now): expected ISO 8601 with an offset, such as 2026-11-22T09:00:00-05:00")
        }
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw ValidationError("--time-zone \(timeZone): not an IANA time zone")
        }
        for pseudo in pseudos where Pseudolanguage(rawValue: pseudo) == nil {
            throw ValidationError(
                "--pseudo \(pseudo): not a pseudolanguage; use one of "
                    + Pseudolanguage.allCases.map(\.rawValue).joined(separator: ", "))
        }
        for device in devices where device != "all" && DeviceClass.named(device) == nil {
            throw ValidationError(
                "--device \(device): not a screen class; use one of "
                    + "\(DeviceClass.allScreenNames.joined(separator: ", ")), or all"
            )
        }
        for size in textSizes where size != "all" && TextSize.named(size) == nil {
            throw ValidationError(
                "--text-size \(size): not a Dynamic Type size; use one of "
                    + "\(TextSize.allCases.map(\.name).joined(separator: ", ")), or all"
            )
        }
        for name in appearanceNames where Appearance(rawValue: name) == nil {
            throw ValidationError(
                "--appearance \(name): not an appearance; use "
                    + Appearance.allCases.map(\.rawValue).joined(separator: ", "))
        }
        if let tint, HexColor(tint.hasPrefix("#") ? tint : "#" + tint) == nil {
            throw ValidationError("--tint \(tint): expected a colour #RRGGBB or #RGB, such as #FF6B9D")
        }
        if jobs < 1 {
            throw ValidationError("--jobs must be 1 or more")
        }
        if reloadBudget < 0 {
            throw ValidationError("--reload-budget must be 0 or more")
        }
        if !(storeTimeout > 0 && storeTimeout <= 86_400) {
            throw ValidationError("--store-timeout must be more than 0 seconds, and at most 86400")
        }
    }

    /// The options for the gallery; `now` when `--now` is not given.
    func options(now defaultNow: Date? = nil) -> BuildOptions {
        BuildOptions(
            inputs: BuildOptions.Inputs(
                knownApps: appOptions.apps(), contentDirectory: URL(fileURLWithPath: content),
                templatesDirectory: URL(fileURLWithPath: templates), stores: stores.map { URL(fileURLWithPath: $0) },
                apps: apps),
            axes: BuildOptions.Axes(
                languages: languages, device: primaryDevice, devices: deviceClasses, textSizes: sizes,
                appearances: appearanceNames.compactMap(Appearance.init(rawValue:)), tint: tintPalette,
                redaction: Redaction(isOn: redact)),
            run: BuildOptions.Run(
                now: now.flatMap(Scenario.parseDate) ?? defaultNow,
                timeZone: timeZone.flatMap(TimeZone.init(identifier:)),
                parallelism: jobs, storeTimeout: storeTimeout, reloadBudget: reloadBudget))
    }

    /// Each name `--appearance` gave, its lists split at commas.
    var appearanceNames: [String] {
        appearanceLists.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// `--locale`'s and `--pseudo`'s languages (`Language.axis`), each locale as Foundation writes it
    /// (`de-DE` is `de_DE`, once): US English without either.
    var languages: [Language] {
        Language.axis(
            locales: locales.map(\.identifier),
            pseudos: pseudos.compactMap(Pseudolanguage.init(rawValue:)))
    }

    /// `--tint`'s palette; the standard one without it.
    var tintPalette: TintPalette {
        guard let tint, let colour = HexColor(tint.hasPrefix("#") ? tint : "#" + tint) else { return .standard }
        return TintPalette(deriving: colour)
    }

    /// `--device`'s classes: each row once, `all` for the table. The primary is 393x852 when it is
    /// among them, else the first given.
    var deviceClasses: [DeviceClass] {
        if devices.contains("all") { return DeviceClass.all }
        let named = devices.compactMap(DeviceClass.named)
        return named.isEmpty ? [DeviceClass.standard] : named
    }

    var primaryDevice: DeviceClass {
        let classes = deviceClasses
        return classes.contains(.standard) ? .standard : classes[0]
    }

    /// `--text-size`'s sizes; `all` for the twelve.
    var sizes: [TextSize] {
        if textSizes.contains("all") { return TextSize.allCases }
        let named = textSizes.compactMap(TextSize.named)
        return named.isEmpty ? [.large] : named
    }
}
