import WidgetTimeline

/// Where a screen class puts things around its widgets, in points: the Home Screen grid, the
/// Lock Screen, StandBy and Control Center. Pure; every figure and its source is in
/// docs/IN-CONTEXT.md, and the context page lists them.
///
/// The Home Screen grid is derived from the widget size table alone, so that widgets fill their
/// slots exactly: a small widget spans 2 × 2 cells, a medium one 4 × 2, a large one 4 × 4.
/// Hence `columnGap = medium.width − 2 · small.width`, `column = (small.width − columnGap) / 2`,
/// `rowGap = large.height − 2 · small.height` and `row = (small.height − rowGap) / 2`.
struct ContextGeometry: Sendable, Equatable {
    /// The portrait screen, in points.
    var screen: WidgetSize
    var column: Double
    var columnGap: Double
    var row: Double
    var rowGap: Double
    /// The grid's width: a medium widget's.
    var gridWidth: Int
    /// From the top of the screen to the first row.
    var gridTop: Int
    /// The status bar's height: 54 pt with a Dynamic Island or notch, 20 pt with a Home button.
    var statusBar: Int
    /// Rows of the Home Screen grid: 6, and 5 on the 320×568 class (as its iPhones had).
    var rows: Int

    /// An iPhone app icon on the Home Screen: 60 × 60 pt (Apple's icon table: 120 px @2x, 180 px @3x).
    static let icon = 60
    /// The icon's corner radius as a share of its side: the continuous-corner look (≈ 22.37 %).
    static let iconRadius = 0.2237
    /// The Control Center grid: a 1×1 control is 72 pt, the control's size in the size table; the gap is an estimate.
    static let controlModule = 72
    static let controlGap = 18
    /// Lock Screen corner buttons and the Dynamic Island: estimates, Apple publishes none.
    static let lockCornerButton = 50
    static let islandHeight = 37
    /// StandBy's scale is an estimate: 2×, less where two widgets, 28 pt apart, would not fit the
    /// landscape screen with 24 pt margins.
    static let standByScale = 2.0
    static let standByMargin = 24
    static let standByGap = 28

    /// CarPlay: the HIG's smallest common screen, 800 × 480 px, at @2x. The dock at its leading
    /// edge, the margins and the gap between widgets are estimates: Apple publishes none.
    static let carPlayScreen = (pixels: "800×480 px", width: 400, height: 240)
    static let carPlayDock = 64
    static let carPlayMargin = 16
    static let carPlayGap = 12
    /// A Mac desktop's menu bar, and the margins and gap of widgets on it: estimates.
    static let macMenuBar = 24
    static let macMargin = 20
    static let macGap = 16
    /// Room beside the widgets for the app window in front of them, when they recede.
    static let macWindowRoom = 140
    /// A 45 mm Apple Watch: 396 × 484 px at @2x; the Smart Stack's platter (HIG, Widgets).
    static let watchScreen = WidgetSize(width: 198, height: 242)
    static let smartStackPlatter = (width: 184.0, height: 80.5)

    /// CarPlay's scale for a small widget: the screen's height less its margins, in hundredths, down.
    static func carPlayScale(small: WidgetSize) -> Double {
        let fits = Double(carPlayScreen.height - 2 * carPlayMargin) / Double(small.height)
        return (fits * 100).rounded(.down) / 100
    }

    init(device: DeviceClass) {
        let small = device.size(of: .systemSmall) ?? WidgetSize(width: 158, height: 158)
        let medium = device.size(of: .systemMedium) ?? WidgetSize(width: 338, height: 158)
        let large = device.size(of: .systemLarge) ?? WidgetSize(width: 338, height: 354)
        screen = device.screen
        columnGap = Double(medium.width - 2 * small.width)
        column = (Double(small.width) - columnGap) / 2
        rowGap = Double(large.height - 2 * small.height)
        row = (Double(small.height) - rowGap) / 2
        gridWidth = medium.width
        statusBar = screen.height >= 812 ? 54 : 20
        gridTop = statusBar + 14
        rows = screen.height < 600 ? 5 : 6
    }

    /// StandBy's scale for a small widget: landscape, the screen's width is its height.
    func standByScale(small: WidgetSize) -> Double {
        let fitsHeight = Double(screen.width - 2 * Self.standByMargin) / Double(small.height)
        let fitsWidth = Double(screen.height - 2 * Self.standByMargin - Self.standByGap) / Double(2 * small.width)
        return (min(Self.standByScale, fitsHeight, fitsWidth) * 100).rounded(.down) / 100
    }

    /// The custom properties a Home Screen mock is laid out with.
    var homeStyle: String {
        "width:\(screen.width)px;height:\(screen.height)px;--grid-w:\(gridWidth)px;--col:\(Self.points(column));"
            + "--col-gap:\(Self.points(columnGap));--row:\(Self.points(row));--row-gap:\(Self.points(rowGap));"
            + "--grid-top:\(gridTop)px;--status:\(statusBar)px;--icon:\(Self.icon)px"
    }

    /// "68px", "61.5px".
    static func points(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))px" : "\(value)px"
    }
}
