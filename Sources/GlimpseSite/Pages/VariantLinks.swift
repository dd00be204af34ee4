import WidgetTimeline
import Widgets

/// What a widget's page knows of the gallery's other variants: the screen classes, text sizes and
/// languages built, and the file name of the same widget at each, for the page's switcher. Pure.
struct VariantLinks: Sendable {
    var variant: Variant
    var primary: Variant
    var devices: [DeviceClass]
    var textSizes: [TextSize]
    var languages: [Language]
    /// The app's cap, with its families' own.
    var appCap: TextSizeCap?

    init(unit: RenderUnit, options: BuildOptions) {
        variant = unit.variant
        primary = unit.primary
        devices = options.axes.devices
        textSizes = options.axes.textSizes
        languages = options.axes.languages
        appCap = unit.app.textSizeCap
    }

    /// A gallery of `variant` alone: no switcher.
    init(single variant: Variant = Variant(device: .standard, textSize: .large)) {
        self.variant = variant
        primary = variant
        devices = [variant.device]
        textSizes = [variant.textSize]
        languages = [variant.language]
        appCap = nil
    }

    /// The page of `family` at `other`, from a page in the same folder: "systemSmall.ax5.html".
    func page(_ family: WidgetFamily, at other: Variant) -> String {
        "\(family.rawValue)\(other.suffix(against: primary)).html"
    }

    /// The switcher's rows: each screen class at this text size and language, each text size on this
    /// class in this language, each language on this class at this size.
    func switcher(for family: WidgetFamily) -> VariantSwitcher {
        let deviceLinks = devices.map { device in
            let other = Variant(device: device, textSize: variant.textSize, language: variant.language)
            let exists = device.size(of: family) != nil
            return VariantLink(
                label: "\(device.screen)", href: exists ? page(family, at: other) : "",
                isCurrent: device == variant.device, isMissing: !exists,
                title: exists ? "" : "no \(family.displayName) on this screen class")
        }
        let sizeLinks = textSizes.map { size in
            VariantLink(
                label: size.name,
                href: page(family, at: Variant(device: variant.device, textSize: size, language: variant.language)),
                isCurrent: size == variant.textSize, isMissing: false, title: "")
        }
        let languageLinks = languages.map { language in
            VariantLink(
                label: language.name,
                href: page(family, at: Variant(device: variant.device, textSize: variant.textSize, language: language)),
                isCurrent: language == variant.language, isMissing: false, title: "")
        }
        return VariantSwitcher(
            devices: deviceLinks, sizes: sizeLinks, languages: languageLinks, hasDevices: devices.count > 1,
            hasSizes: textSizes.count > 1, hasLanguages: languages.count > 1,
            hasAny: devices.count > 1 || textSizes.count > 1 || languages.count > 1)
    }

    /// "language de_DE", "language pseudo-double"; `nil` in a gallery of US English alone.
    var languageText: String? {
        languages == [.english] ? nil : "language \(variant.language.name)"
    }

    /// The cap `family` draws at, with its reason, when it is below the size asked for.
    func cap(for family: WidgetFamily) -> (size: TextSize, reason: String)? {
        guard let cap = appCap?.cap(for: family), cap.size < variant.textSize else { return nil }
        return cap
    }

    /// "text AX5", or "text AX5, capped at AX2"; `nil` in a gallery of Large alone.
    func textSizeText(for family: WidgetFamily) -> String? {
        if let cap = cap(for: family) { return "text \(variant.textSize.name), capped at \(cap.size.name)" }
        return textSizes == [.large] ? nil : "text \(variant.textSize.name)"
    }
}

struct VariantSwitcher: Encodable {
    var devices: [VariantLink]
    var sizes: [VariantLink]
    var languages: [VariantLink]
    var hasDevices: Bool
    var hasSizes: Bool
    var hasLanguages: Bool
    var hasAny: Bool
}

struct VariantLink: Encodable {
    var label: String
    /// "" where the family does not exist on that class.
    var href: String
    var isCurrent: Bool
    var isMissing: Bool
    var title: String
}
