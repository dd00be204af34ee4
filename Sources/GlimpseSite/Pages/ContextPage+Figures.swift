import Foundation
import GlimpseCore
import GlimpseTemplates
import WidgetTimeline
import Widgets

/// The figures a context page is drawn with, each with its source or marked an estimate.
extension ContextPage {
    /// Every figure the page draws with, and where it comes from.
    static func figures(_ g: ContextGeometry, device: DeviceClass, hasControl: Bool, standBy: String?) -> [FigureRow] {
        screenFigures(g, device: device) + (standBy.map { [standByFigure($0)] } ?? [])
            + (hasControl ? controlFigures() : [])
    }

    /// The widgets, icons, grid, status bar and Lock Screen, on `device`.
    static func screenFigures(_ g: ContextGeometry, device: DeviceClass) -> [FigureRow] {
        let p = { (value: Double) in value == value.rounded() ? "\(Int(value))" : "\(value)" }
        let families = ["systemSmall", "systemMedium", "systemLarge"].compactMap { name in
            WidgetFamily(rawValue: name).flatMap { device.size(of: $0) }.map { "\($0.width)×\($0.height)" }
        }
        return [
            FigureRow(
                what: "Widgets, \(device.name)", figure: families.joined(separator: ", ") + " pt",
                source: "Apple’s widget size table (Human Interface Guidelines, Widgets)"),
            FigureRow(
                what: "App icon", figure: "\(ContextGeometry.icon)×\(ContextGeometry.icon) pt, corner radius 22.37 %",
                source:
                    "Apple’s iPhone app icon size, 120 px @2x and 180 px @3x (HIG, icon sizes); the radius is the "
                    + "usual measure of the continuous-corner mask: Apple publishes none"
            ),
            FigureRow(
                what: "Home Screen grid cell",
                figure:
                    "\(p(g.column))×\(p(g.row)) pt, gaps \(p(g.columnGap)) pt across and \(p(g.rowGap)) pt down, "
                    + "\(g.gridWidth) pt wide, centred",
                source:
                    "Derived from the widget size table, so that small, medium and large fill 2×2, 4×2 and 4×4 cells "
                    + "exactly"
            ),
            FigureRow(
                what: "Status bar, first row, icon labels",
                figure: "\(g.statusBar) pt, \(g.gridTop) pt from the top, labels 12 pt",
                source: "Estimates: Apple publishes no Home Screen layout figures"),
            FigureRow(
                what: "Lock Screen",
                figure: "accessories at their table sizes; clock, date and a 12 pt gap between accessories",
                source: "Sizes: the widget size table. Layout: an estimate, Apple publishes none"),
        ]
    }

    /// StandBy's scale, `scale`×: an estimate.
    static func standByFigure(_ scale: String) -> FigureRow {
        FigureRow(
            what: "StandBy scale", figure: "\(scale)× (a small widget, two side by side, landscape)",
            source:
                "Estimate: Apple publishes no StandBy scale. 2×, or less where two scaled widgets, 28 pt "
                + "apart, would not fit the landscape screen with 24 pt margins. WidgetKit removes the "
                + "widget’s background in StandBy (“Displaying the right widget background”) and "
                + "tints it red in low light (“Preparing widgets for additional contexts and "
                + "appearances”)")
    }

    /// A control's places: Control Center, a Lock Screen corner, the Dynamic Island.
    static func controlFigures() -> [FigureRow] {
        let module = ContextGeometry.controlModule
        let gap = ContextGeometry.controlGap
        return [
            FigureRow(
                what: "Control Center control",
                figure:
                    "small \(module)×\(module), medium \(2 * module + gap)×\(module), large "
                    + "\(2 * module + gap)×\(2 * module + gap) pt",
                source:
                    "Apple publishes no Control Center point sizes. 72 pt is the control’s size in the gallery’s "
                    + "size table, its 1×1 tile; the 18 pt gap between modules is an estimate"
            ),
            FigureRow(
                what: "Lock Screen corner control, Dynamic Island",
                figure: "\(ContextGeometry.lockCornerButton) pt round; island \(ContextGeometry.islandHeight) pt tall",
                source: "Estimates: Apple publishes no sizes for either"),
        ]
    }
}
