/// The widget families Glimpse renders, named as WidgetKit names them.
///
/// `control` is the iOS 18 Control Center control, a 1×1 tile.
public enum WidgetFamily: String, CaseIterable, Codable, Sendable, Comparable {
    case systemSmall
    case systemMedium
    case systemLarge
    case accessoryCircular
    case accessoryRectangular
    case accessoryInline
    case control

    /// Lock Screen families, rendered vibrant over a wallpaper.
    public var isAccessory: Bool {
        switch self {
        case .accessoryCircular, .accessoryRectangular, .accessoryInline: true
        default: false
        }
    }

    /// Home Screen families, rendered light, dark and tinted.
    public var isHomeScreen: Bool {
        switch self {
        case .systemSmall, .systemMedium, .systemLarge: true
        default: false
        }
    }

    /// A short name for people: "Small", "Circular", "Control".
    public var displayName: String {
        switch self {
        case .systemSmall: "Small"
        case .systemMedium: "Medium"
        case .systemLarge: "Large"
        case .accessoryCircular: "Circular"
        case .accessoryRectangular: "Rectangular"
        case .accessoryInline: "Inline"
        case .control: "Control"
        }
    }

    /// The appearances a family is previewed in by default, side by side.
    public var schemes: [ColorScheme] { schemes(Appearance.standard) }

    /// The schemes a family is previewed in when `appearances` are built: the Lock Screen's
    /// accessories are vibrant whatever the Home Screen's appearance; the Home Screen's widgets and
    /// controls follow it.
    public func schemes(_ appearances: [Appearance]) -> [ColorScheme] {
        if isAccessory { return [.vibrantLight, .vibrantDark] }
        return appearances.flatMap(\.schemes)
    }

    public static func < (lhs: WidgetFamily, rhs: WidgetFamily) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// An appearance a widget is rendered in; the raw value is the `data-scheme` attribute.
public enum ColorScheme: String, CaseIterable, Codable, Sendable {
    case light
    case dark
    /// iOS 18 accented mode: no background, content tinted with one hue.
    case tinted
    /// iOS 26 accented mode over a light Home Screen: content white, the background clear glass.
    case clearLight = "clear-light"
    /// iOS 26 accented mode over a dark Home Screen: content white, the background clear glass.
    case clearDark = "clear-dark"
    /// iOS 26 accented mode, tinted: content white, the background glass of the person's tint.
    case tinted26 = "tinted-26"
    /// Lock Screen vibrant content over a light wallpaper.
    case vibrantLight = "vibrant-light"
    /// Lock Screen vibrant content over a dark wallpaper.
    case vibrantDark = "vibrant-dark"

    public var displayName: String {
        switch self {
        case .light: "Light"
        case .dark: "Dark"
        case .tinted: "Tinted"
        case .clearLight: "Clear, light (iOS 26)"
        case .clearDark: "Clear, dark (iOS 26)"
        case .tinted26: "Tinted (iOS 26)"
        case .vibrantLight: "Vibrant, light wallpaper"
        case .vibrantDark: "Vibrant, dark wallpaper"
        }
    }
}

/// A Home Screen appearance a person can pick, as `--appearance` names it. Each is drawn in its
/// schemes: iOS 26's clear appearance over a light and a dark Home Screen.
public enum Appearance: String, CaseIterable, Codable, Sendable, Comparable {
    case light
    case dark
    /// iOS 18's tinted Home Screen (docs/TINT.md).
    case tinted
    /// iOS 26's clear glass (docs/TINT.md, "iOS 26").
    case clear
    /// iOS 26's tinted glass.
    case tinted26 = "tinted-26"

    /// What a build draws without `--appearance`.
    public static let standard: [Appearance] = [.light, .dark, .tinted]

    public var schemes: [ColorScheme] {
        switch self {
        case .light: [.light]
        case .dark: [.dark]
        case .tinted: [.tinted]
        case .clear: [.clearLight, .clearDark]
        case .tinted26: [.tinted26]
        }
    }

    /// `appearances` once each, in this type's order, so that a build's schemes do not depend on
    /// how `--appearance` listed them.
    public static func canonical(_ appearances: [Appearance]) -> [Appearance] {
        allCases.filter(appearances.contains)
    }

    public static func < (lhs: Appearance, rhs: Appearance) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
