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

    /// The appearances a family is previewed in, side by side.
    public var schemes: [ColorScheme] {
        if isAccessory { return [.vibrantLight, .vibrantDark] }
        return [.light, .dark, .tinted]
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
    /// Lock Screen vibrant content over a light wallpaper.
    case vibrantLight = "vibrant-light"
    /// Lock Screen vibrant content over a dark wallpaper.
    case vibrantDark = "vibrant-dark"

    public var displayName: String {
        switch self {
        case .light: "Light"
        case .dark: "Dark"
        case .tinted: "Tinted"
        case .vibrantLight: "Vibrant, light wallpaper"
        case .vibrantDark: "Vibrant, dark wallpaper"
        }
    }
}
