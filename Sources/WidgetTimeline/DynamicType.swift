/// A Dynamic Type size: the text size a person picks in Settings › Display & Brightness › Text Size
/// (xSmall to xxxLarge), and in Accessibility › Larger Text (AX1 to AX5). `large` is iOS's default.
public enum TextSize: Int, CaseIterable, Comparable, Hashable, Sendable, CustomStringConvertible {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, ax1, ax2, ax3, ax4, ax5

    /// The name on the command line, in the manifest and on pages: `xSmall`, `Large`, `AX5`.
    public var name: String {
        switch self {
        case .xSmall: "xSmall"
        case .small: "Small"
        case .medium: "Medium"
        case .large: "Large"
        case .xLarge: "xLarge"
        case .xxLarge: "xxLarge"
        case .xxxLarge: "xxxLarge"
        case .ax1: "AX1"
        case .ax2: "AX2"
        case .ax3: "AX3"
        case .ax4: "AX4"
        case .ax5: "AX5"
        }
    }

    public var description: String { name }

    /// In URLs and class names: `xsmall`, `ax5`.
    public var slug: String { name.lowercased() }

    /// The sizes of Settings › Accessibility › Larger Text.
    public var isAccessibility: Bool { self >= .ax1 }

    /// The size named `name`, in any case (`ax5`, `AX5`, `xxxlarge`).
    public static func named(_ name: String) -> TextSize? {
        allCases.first { $0.slug == name.lowercased() }
    }

    public static func < (lhs: TextSize, rhs: TextSize) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// An iOS text style, with its point size at every Dynamic Type size.
///
/// The table is Apple's (Human Interface Guidelines › Typography › Specifications › iOS, iPadOS
/// Dynamic Type sizes), kept in `docs/DYNAMIC-TYPE.md` too. Text in a style takes the style's size;
/// a fixed size written `relativeTo:` a style scales in proportion to it (`scale(at:)`), as
/// `Font.system(size:relativeTo:)` and `@ScaledMetric(relativeTo:)` do.
public enum TextStyle: String, CaseIterable, Hashable, Sendable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// Points at each size, xSmall … AX5.
    public var points: [Int] {
        switch self {
        case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
        }
    }

    /// The style's size at `size`, in points.
    public func points(at size: TextSize) -> Int { points[size.rawValue] }

    /// How much text `relativeTo:` this style grows at `size`, against Large: 1 at Large.
    public func scale(at size: TextSize) -> Double {
        Double(points(at: size)) / Double(points(at: .large))
    }

    /// The CSS custom property that holds `scale(at:)` on a widget: `--dt-subheadline`.
    public var cssVariable: String { "--dt-\(rawValue)" }
}

/// The smallest text any widget shows, at any size: the HIG's minimum legible size, 11 pt.
public let minimumTextPoints = 11

/// How a widget answers to a text size: it follows every size, or caps at one, as a widget does
/// with `.dynamicTypeSize(...cap)`.
public struct TextSizeCap: Hashable, Sendable {
    /// The largest size the widget shows; above it, it draws at this size.
    public var size: TextSize
    /// Why, for the gallery and the app's page in `docs/widgets/`.
    public var reason: String
    /// Families capped lower than the app, each with its size and reason, as a widget caps one
    /// family's view with its own `.dynamicTypeSize(...cap)`.
    public var families: [WidgetFamily: FamilyCap]

    /// One family's cap, below the app's.
    public struct FamilyCap: Hashable, Sendable {
        public var size: TextSize
        public var reason: String

        public init(_ size: TextSize, reason: String) {
            self.size = size
            self.reason = reason
        }
    }

    public init(_ size: TextSize, reason: String, families: [WidgetFamily: FamilyCap] = [:]) {
        self.size = size
        self.reason = reason
        self.families = families
    }

    /// The cap of `family`: its own when it has one below the app's, else the app's.
    public func cap(for family: WidgetFamily?) -> (size: TextSize, reason: String) {
        guard let family, let own = families[family], own.size < size else { return (size, reason) }
        return (own.size, own.reason)
    }
}
