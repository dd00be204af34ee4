/// A screen class of Apple's widget size table, in points.
///
/// The sizes come from the widget size table of Apple's Human Interface Guidelines (Widgets, Specifications).
public struct DeviceClass: Hashable, Sendable {
    /// Screen sizes (portrait, points) that share this row of the table.
    public let screens: [WidgetSize]
    let homeScreen: [WidgetSize]
    let accessories: [WidgetSize]?

    /// The Control Center control is a 1×1 tile of 72×72 pt on every screen.
    public static let controlSize = WidgetSize(width: 72, height: 72)

    /// The primary screen, used in names: "393x852".
    public var screen: WidgetSize { screens[0] }

    public var name: String { "\(screen.width)x\(screen.height)" }

    /// The size of `family` on this screen, or `nil` where the family does not exist
    /// (the 320×568 class has no Lock Screen accessories).
    public func size(of family: WidgetFamily) -> WidgetSize? {
        switch family {
        case .systemSmall: homeScreen[0]
        case .systemMedium: homeScreen[1]
        case .systemLarge: homeScreen[2]
        case .accessoryCircular: accessories?[0]
        case .accessoryRectangular: accessories?[1]
        case .accessoryInline: accessories?[2]
        case .control: Self.controlSize
        }
    }

    private init(_ screens: [(Int, Int)], _ home: [(Int, Int)], _ accessories: [(Int, Int)]?) {
        self.screens = screens.map { WidgetSize(width: $0.0, height: $0.1) }
        self.homeScreen = home.map { WidgetSize(width: $0.0, height: $0.1) }
        self.accessories = accessories?.map { WidgetSize(width: $0.0, height: $0.1) }
    }

    /// The default: iPhone 15/16 Pro.
    public static let standard = all[3]

    /// Every row of the table, largest screen first.
    public static let all: [DeviceClass] = [
        DeviceClass(
            [(430, 932), (428, 926)], [(170, 170), (364, 170), (364, 382)], [(76, 76), (172, 76), (257, 26)]),
        DeviceClass([(414, 896)], [(169, 169), (360, 169), (360, 379)], [(76, 76), (160, 72), (248, 26)]),
        DeviceClass([(414, 736)], [(159, 159), (348, 157), (348, 357)], [(76, 76), (170, 76), (248, 26)]),
        DeviceClass(
            [(393, 852), (390, 844)], [(158, 158), (338, 158), (338, 354)], [(72, 72), (160, 72), (234, 26)]),
        DeviceClass(
            [(375, 812), (360, 780)], [(155, 155), (329, 155), (329, 345)], [(72, 72), (157, 72), (225, 26)]),
        DeviceClass([(375, 667)], [(148, 148), (321, 148), (321, 324)], [(68, 68), (153, 68), (225, 26)]),
        DeviceClass([(320, 568)], [(141, 141), (292, 141), (292, 311)], nil),
    ]

    /// Finds the row for a screen written as `WIDTHxHEIGHT` (`×` works too), in points.
    public static func named(_ name: String) -> DeviceClass? {
        let parts = name.lowercased().replacingOccurrences(of: "×", with: "x").split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else { return nil }
        let screen = WidgetSize(width: width, height: height)
        return all.first { $0.screens.contains(screen) }
    }

    /// Every screen name the table knows, for help texts and errors.
    public static var allScreenNames: [String] {
        all.flatMap { $0.screens.map { "\($0.width)x\($0.height)" } }
    }
}
