import Foundation
import GlimpseCore
import GlimpseTemplates
import WidgetTimeline
import Widgets

/// What the context page keeps of a widget: its current frame (the one on screen at the
/// scenario's `now`) in each scheme, as the pipeline rendered it. Nothing is rendered again.
struct ContextWidget: Sendable {
    var family: WidgetFamily
    var size: WidgetSize
    /// The detail page and the frame's anchor: `systemSmall.html#t-0900`.
    var href: String
    var state: String
    /// Scheme (`light`, `vibrant-dark`…) → the widget's root element, without a control's caption.
    var roots: [String: String]
    /// A control's title, shown beneath it in Control Center.
    var caption: String?
}

extension ContextWidget {
    /// The widget's current frame, or `nil` when it has none.
    init?(_ widget: RenderedWidget) {
        let frames = widget.frames
        guard
            let frame = frames.first(where: { $0.frame.start <= widget.now && widget.now < $0.frame.end })
                ?? frames.first
        else { return nil }
        family = widget.preview.family
        size = widget.preview.size
        href = "\(family.rawValue).html#\(frame.anchor)"
        state = frame.frame.view.state
        caption = frame.frame.view.caption
        var roots: [String: String] = [:]
        for render in frame.schemes { roots[render.scheme] = Self.withoutCaption(render.widget) }
        self.roots = roots
    }

    /// A widget root as `WidgetHTML.root` writes it, without the caption it puts after a control.
    /// Searched for as bytes: Foundation's `range(of:)` bridged every root to search it, 2 % of a build.
    static func withoutCaption(_ html: String) -> String {
        let caption = Array("<p class=\"widget-caption\"".utf8)
        let bytes = html.utf8
        var start = bytes.startIndex
        while let first = bytes[start...].firstIndex(of: caption[0]) {
            if bytes[first...].starts(with: caption) { return String(html[..<first]) }
            start = bytes.index(after: first)
        }
        return html
    }
}

/// The unit's "in context" page, `<app>/<scenario>/context.html`: each widget where it lives, in
/// its current frame. The Home Screen (a 4-column grid of placeholder app icons over a light, a
/// dark and a tinted wallpaper), the Lock Screen (accessories under the clock), StandBy (two small
/// widgets scaled up, by day and in night mode's red), and a control in Control Center, on the
/// Lock Screen and on the Action button. Pure: the model from the widgets and the screen class.
enum ContextPage {
    /// The page's file name, beside the unit's detail pages.
    static let fileName = "context.html"

    /// Placeholder app names under the neutral icons: generic words, no real app's artwork.
    static let iconNames = [
        "Camera", "Clock", "Music", "Notes", "Maps", "Mail", "Photos", "Weather",
        "Files", "Books", "Wallet", "Health", "Podcasts", "News", "Translate", "Compass",
        "Voice", "Stocks", "Home", "Tips", "Contacts", "Reminders", "Fitness", "Radio",
    ]

    static func model(
        _ widgets: [ContextWidget], app: any GalleryApp, scenario: Scenario, now: Date, formatting: TimeFormatting,
        device: DeviceClass
    ) -> ContextModel? {
        guard !widgets.isEmpty else { return nil }
        let geometry = ContextGeometry(device: device)
        let byFamily = Dictionary(widgets.map { ($0.family, $0) }, uniquingKeysWith: { first, _ in first })
        let time = formatting.deviceClock(now)
        let home = homeScreens(byFamily, appName: app.displayName, geometry: geometry, time: time)
        let lock = lockScreens(byFamily, geometry: geometry, time: time, date: formatting.longDate(now))
        let standBy =
            byFamily[.systemSmall].map { standByViews($0, geometry: geometry, date: formatting.weekdayAndDay(now)) }
            ?? []
        let control = byFamily[.control].map { controlViews($0, geometry: geometry) }
        let carPlay = byFamily[.systemSmall].map { carPlayViews($0, time: time) } ?? []
        let mac = macViews(byFamily, time: time)
        let smartStack =
            app.hasWatchApp ? byFamily[.accessoryRectangular].map { smartStackViews($0, time: time) } ?? [] : []
        let accessoriesMissing =
            app.families.contains(where: \.isAccessory) && device.size(of: .accessoryCircular) == nil
        return ContextModel(
            appName: app.displayName, scenarioTitle: scenario.title, device: device.name,
            shownText: formatting.dayAndClock(now),
            widgets: widgets.map { ContextLink(href: $0.href, family: $0.family.displayName, state: $0.state) },
            home: home, hasHome: !home.isEmpty,
            lock: lock, hasLock: !lock.isEmpty,
            lockNote: accessoriesMissing
                ? "The \(device.name) screen class has no Lock Screen accessories, so none are shown." : "",
            standBy: standBy, hasStandBy: !standBy.isEmpty,
            standByScale: standBy.first?.scale ?? "",
            control: control.map { [$0] } ?? [], hasControl: control != nil,
            carPlay: carPlay, hasCarPlay: !carPlay.isEmpty, carPlayScale: carPlay.first?.scale ?? "",
            mac: mac, hasMac: !mac.isEmpty, smartStack: smartStack, hasSmartStack: !smartStack.isEmpty,
            figures: figures(geometry, device: device, hasControl: control != nil, standBy: standBy.first?.scale)
                + placeFigures(carPlay: carPlay.first?.scale, mac: !mac.isEmpty, smartStack: !smartStack.isEmpty))
    }

    // MARK: Home Screen

    /// Two pages of the Home Screen: the small and medium widgets on a page, the large on
    /// another, each over the three wallpapers. Slots without a widget hold placeholder icons.
    /// Under each widget, as under an icon, the Home Screen writes the app's name.
    static func homeScreens(
        _ widgets: [WidgetFamily: ContextWidget], appName: String, geometry: ContextGeometry, time: String
    ) -> [HomeScreenModel] {
        var pages: [[(ContextWidget, column: Int, row: Int, columns: Int, rows: Int)]] = []
        var first: [(ContextWidget, column: Int, row: Int, columns: Int, rows: Int)] = []
        if let small = widgets[.systemSmall] { first.append((small, 1, 1, 2, 2)) }
        if let medium = widgets[.systemMedium] { first.append((medium, 1, first.isEmpty ? 1 : 3, 4, 2)) }
        if !first.isEmpty { pages.append(first) }
        if let large = widgets[.systemLarge] { pages.append([(large, 1, 1, 4, 4)]) }
        let drawn = Set(widgets.values.flatMap(\.roots.keys))
        let wallpapers: [(scheme: ColorScheme, name: String)] = [
            (.light, "Light wallpaper"), (.dark, "Dark wallpaper"), (.tinted, "Tinted"),
            (.clearLight, "Clear, light (iOS 26)"), (.clearDark, "Clear, dark (iOS 26)"),
            (.tinted26, "Tinted (iOS 26)"),
        ].filter { drawn.contains($0.scheme.rawValue) }
        var screens: [HomeScreenModel] = []
        // By wallpaper, then page: a wallpaper's pages sit side by side.
        for wallpaper in wallpapers {
            for (pageIndex, placed) in pages.enumerated() {
                var taken = Set<Int>()
                var cells: [HomeCell] = []
                for (widget, column, row, columns, rows) in placed {
                    for r in row..<(row + rows) {
                        for c in column..<(column + columns) { taken.insert((r - 1) * 4 + c) }
                    }
                    cells.append(
                        HomeCell(
                            style: "grid-column:\(column) / span \(columns);grid-row:\(row) / span \(rows)",
                            widget: HTMLFragment(widget.roots[wallpaper.scheme.rawValue] ?? ""), hasWidget: true,
                            label: appName, tone: ""))
                }
                var iconIndex = pageIndex * 8
                for slot in 1...(geometry.rows * 4) where !taken.contains(slot) {
                    let (row, column) = ((slot - 1) / 4 + 1, (slot - 1) % 4 + 1)
                    cells.append(
                        HomeCell(
                            style: "grid-column:\(column);grid-row:\(row)", widget: .empty, hasWidget: false,
                            label: iconNames[iconIndex % iconNames.count], tone: "tone-\(iconIndex % 4)"))
                    iconIndex += 1
                }
                let families = placed.map { $0.0.family.displayName }.joined(separator: " and ")
                screens.append(
                    HomeScreenModel(
                        caption: "\(wallpaper.name) · \(families)", wallpaper: wallpaper.scheme.rawValue,
                        style: geometry.homeStyle,
                        time: time, cells: cells, dock: (0..<4).map { "tone-\(($0 + pageIndex) % 4)" }))
            }
        }
        return screens
    }

    // MARK: Lock Screen

    /// The accessories under the clock (the inline one above it, in the date's place), vibrant
    /// over a light and a dark wallpaper.
    static func lockScreens(
        _ widgets: [WidgetFamily: ContextWidget], geometry: ContextGeometry, time: String, date: String
    ) -> [LockScreenModel] {
        let row = [widgets[.accessoryCircular], widgets[.accessoryRectangular]].compactMap { $0 }
        let inline = widgets[.accessoryInline]
        guard !row.isEmpty || inline != nil else { return [] }
        return [(ColorScheme.vibrantLight, "Light wallpaper"), (.vibrantDark, "Dark wallpaper")].map { scheme, name in
            LockScreenModel(
                caption: name, wallpaper: scheme.rawValue,
                style:
                    "width:\(geometry.screen.width)px;height:\(geometry.screen.height)px;"
                    + "--status:\(geometry.statusBar)px",
                time: time, date: date, inline: HTMLFragment(inline?.roots[scheme.rawValue] ?? ""),
                hasInline: inline != nil,
                row: row.map { HTMLFragment($0.roots[scheme.rawValue] ?? "") },
                corner: widgets[.control].map { scaledRoot($0, scheme: .dark, side: ContextGeometry.lockCornerButton) }
                    ?? .empty,
                hasCorner: widgets[.control] != nil)
        }
    }

    // MARK: StandBy

    /// StandBy's widget view, landscape: the small widget, scaled up, with its background removed
    /// (WidgetKit does so in StandBy), beside a placeholder widget; by day and in night mode.
    static func standByViews(
        _ small: ContextWidget, geometry: ContextGeometry, date: (weekday: String, day: String)
    ) -> [StandByModel] {
        let scale = geometry.standByScale(small: small.size)
        let side = Int((Double(small.size.width) * scale).rounded())
        let sideHeight = Int((Double(small.size.height) * scale).rounded())
        let root = small.roots[ColorScheme.dark.rawValue] ?? ""
        return [(false, "By day"), (true, "Night mode: red monochrome")].map { night, caption in
            StandByModel(
                caption: caption, night: night,
                style: "width:\(geometry.screen.height)px;height:\(geometry.screen.width)px",
                slotStyle: "width:\(side)px;height:\(sideHeight)px",
                scaleStyle: "transform:scale(\(formatScale(scale)))", scale: formatScale(scale),
                widget: HTMLFragment(root), weekday: date.weekday, day: date.day)
        }
    }

    // MARK: Controls

    /// A control where iOS 18 shows it: Control Center at 1×1, 2×1 and 2×2, a Lock Screen
    /// corner, and the Action button (its Dynamic Island).
    static func controlViews(_ control: ContextWidget, geometry: ContextGeometry) -> ControlModel {
        let module = ContextGeometry.controlModule
        let gap = ContextGeometry.controlGap
        let root = control.roots[ColorScheme.dark.rawValue] ?? ""
        func scaled(_ side: Int) -> HTMLFragment { scaledRoot(control, scheme: .dark, side: side) }
        return ControlModel(
            title: control.caption ?? "", small: HTMLFragment(root),
            smallStyle: "width:\(module)px;height:\(module)px",
            mediumStyle: "width:\(2 * module + gap)px;height:\(module)px",
            largeStyle: "width:\(2 * module + gap)px;height:\(2 * module + gap)px",
            symbol: scaled(44), lockButton: scaled(ContextGeometry.lockCornerButton), islandSymbol: scaled(25),
            lockStyle: "width:\(geometry.screen.width)px",
            islandStyle: "width:\(geometry.screen.width)px;--island-h:\(ContextGeometry.islandHeight)px",
            mediumSize: "\(2 * module + gap)×\(module)", largeSize: "\(2 * module + gap)×\(2 * module + gap)")
    }

    /// A widget's root in `scheme`, scaled to `side` points wide: a control's symbol in a smaller place.
    static func scaledRoot(_ widget: ContextWidget, scheme: ColorScheme, side: Int) -> HTMLFragment {
        let scale = Double(side) / Double(widget.size.width)
        let height = Int((Double(widget.size.height) * scale).rounded())
        return HTMLFragment(
            "<div class=\"ctx-scaled\" style=\"width:\(side)px;height:\(height)px\"><div class=\"thumb-scale\" "
                + "style=\"transform:scale(\(formatScale(scale)))\">\(widget.roots[scheme.rawValue] ?? "")</div></div>")
    }

    // MARK: Text

    /// "2", "1.93", "0.694": a scale for CSS, without trailing zeros.
    static func formatScale(_ scale: Double) -> String {
        scales.value(scale) { scale in
            var text = String(format: "%.4f", locale: Locale(identifier: "en_US_POSIX"), scale)
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            return text
        }
    }

    /// A gallery has a few scales, each formatted for every widget; `String(format:)` was 2 % of a build.
    static let scales = Memo<Double, String>()
}
