import Foundation
import GlimpseCore
import WidgetTimeline
import Widgets

/// The places iOS 26 adds (docs/IN-CONTEXT.md, "iOS 26"): CarPlay's Widgets screen, iPhone
/// widgets on the Mac desktop, and the Apple Watch Smart Stack for an app with a watch app.
extension ContextPage {
    // MARK: CarPlay

    /// CarPlay's Widgets screen, light and dark: the small widget in full colour, its background
    /// removed, scaled up to the screen's widget row (WWDC25 session 278: "CarPlay renders widgets
    /// in a StandBy style, using the systemSmall family in fullColor with the widget background
    /// removed"), beside the next slot, and the dock at the leading edge.
    static func carPlayViews(_ small: ContextWidget, time: String) -> [CarPlayModel] {
        let screen = ContextGeometry.carPlayScreen
        let scale = ContextGeometry.carPlayScale(small: small.size)
        let width = Int((Double(small.size.width) * scale).rounded())
        let height = Int((Double(small.size.height) * scale).rounded())
        return [(ColorScheme.light, "Light"), (.dark, "Dark")].filter { small.roots[$0.0.rawValue] != nil }.map {
            scheme, name in
            CarPlayModel(
                caption: "\(name) · \(screen.pixels), \(screen.width)×\(screen.height) pt", scheme: scheme.rawValue,
                style:
                    "width:\(screen.width)px;height:\(screen.height)px;--cp-dock:\(ContextGeometry.carPlayDock)px;"
                    + "--cp-margin:\(ContextGeometry.carPlayMargin)px;--cp-gap:\(ContextGeometry.carPlayGap)px",
                slotStyle: "width:\(width)px;height:\(height)px",
                scaleStyle: "transform:scale(\(formatScale(scale)))", scale: formatScale(scale),
                widget: HTMLFragment(small.roots[scheme.rawValue] ?? ""), time: time)
        }
    }

    // MARK: Mac

    /// iPhone widgets on a macOS desktop (`WidgetLocation.iPhoneWidgetsOnMac`), at their iPhone
    /// sizes: in full colour when the desktop is in front, and receded behind an app's window:
    /// Apple's words are "vibrancy and a blurred background", which the gallery approximates as
    /// the full-colour render desaturated (an estimate, docs/IN-CONTEXT.md).
    static func macViews(_ widgets: [WidgetFamily: ContextWidget], time: String) -> [MacDesktopModel] {
        let shown = [widgets[.systemSmall], widgets[.systemMedium]].compactMap { $0 }
        guard !shown.isEmpty else { return [] }
        let margin = ContextGeometry.macMargin
        let width = shown.map(\.size.width).reduce(0, +) + ContextGeometry.macGap * (shown.count - 1) + 2 * margin
        let height = ContextGeometry.macMenuBar + 2 * margin + (shown.map(\.size.height).max() ?? 0)
        return [
            (ColorScheme.light, false, "Light desktop, in front"), (.dark, false, "Dark desktop, in front"),
            (.light, true, "Light desktop, behind a window (receded)"),
            (.dark, true, "Dark desktop, behind a window (receded)"),
        ].filter { shown[0].roots[$0.0.rawValue] != nil }.map { scheme, behind, caption in
            let wide = width + (behind ? ContextGeometry.macWindowRoom : 0)
            return MacDesktopModel(
                caption: caption, wallpaper: scheme.rawValue, behind: behind,
                style:
                    "width:\(wide)px;height:\(height)px;--mac-menu:\(ContextGeometry.macMenuBar)px;"
                    + "--mac-margin:\(margin)px;--mac-gap:\(ContextGeometry.macGap)px",
                time: time, widgets: shown.map { HTMLFragment($0.roots[scheme.rawValue] ?? "") })
        }
    }

    // MARK: Apple Watch

    /// The Smart Stack of a 45 mm Apple Watch, for an app with a watch app: its rectangular
    /// widget, scaled to the stack's platter (HIG, Widgets: 184 × 80.5 pt on 45 mm), under the time.
    static func smartStackViews(_ rectangular: ContextWidget, time: String) -> [SmartStackModel] {
        let platter = ContextGeometry.smartStackPlatter
        let scale = min(
            platter.width / Double(rectangular.size.width), platter.height / Double(rectangular.size.height))
        let watch = ContextGeometry.watchScreen
        return [
            SmartStackModel(
                caption: "Apple Watch 45 mm, \(watch.width)×\(watch.height) pt",
                style: "width:\(watch.width)px;height:\(watch.height)px",
                platterStyle:
                    "width:\(ContextGeometry.points(platter.width));height:\(ContextGeometry.points(platter.height))",
                slotStyle:
                    "width:\(ContextGeometry.points(Double(rectangular.size.width) * scale));"
                    + "height:\(ContextGeometry.points(Double(rectangular.size.height) * scale))",
                scaleStyle: "transform:scale(\(formatScale(scale)))",
                widget: HTMLFragment(rectangular.roots[ColorScheme.vibrantDark.rawValue] ?? ""), time: time)
        ]
    }

    // MARK: Figures

    /// The iOS 26 places' figures: every one an estimate but the screen sizes and the platter.
    static func placeFigures(carPlay: String?, mac: Bool, smartStack: Bool) -> [FigureRow] {
        (carPlay.map(carPlayFigures) ?? []) + (mac ? [macFigure] : []) + (smartStack ? [smartStackFigure] : [])
    }

    static func carPlayFigures(scale: String) -> [FigureRow] {
        let screen = ContextGeometry.carPlayScreen
        let margin = ContextGeometry.carPlayMargin
        return [
            FigureRow(
                what: "CarPlay screen", figure: "\(screen.pixels) at @2x: \(screen.width)×\(screen.height) pt",
                source: "HIG, CarPlay: common screens 800×480, 960×540, 1280×720 and 1920×720 px, at @2x or @3x"),
            FigureRow(
                what: "CarPlay widget",
                figure:
                    "the small widget scaled \(scale)× to fill the screen’s height less \(margin) pt margins; "
                    + "dock \(ContextGeometry.carPlayDock) pt",
                source:
                    "Apple: “small widgets appear scaled up and in full color”, background removed (WWDC25 278); "
                    + "the scale, dock and margins are estimates: Apple publishes none"),
        ]
    }

    static let macFigure = FigureRow(
        what: "Mac desktop", figure: "iPhone widgets at their iPhone point sizes; receded: desaturated",
        source:
            "Apple: the Mac renders an iPhone widget “using iOS font metrics”; “when people interact with "
            + "apps instead, the widget uses vibrancy and a blurred background to recede” (HIG, Widgets, "
            + "2025). Sizes and the receded look are estimates")

    static var smartStackFigure: FigureRow {
        let platter = ContextGeometry.smartStackPlatter
        let watch = ContextGeometry.watchScreen
        let side = { (value: Double) in ContextGeometry.points(value).dropLast(2) }
        let platterSize = "\(side(platter.width))×\(side(platter.height))"
        return FigureRow(
            what: "Apple Watch Smart Stack",
            figure: "45 mm screen \(watch.width)×\(watch.height) pt; platter \(platterSize) pt",
            source:
                "HIG, Widgets (watchOS sizes); drawn from the vibrant dark render, where watchOS draws full "
                + "colour: an estimate")
    }
}
