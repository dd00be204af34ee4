import Foundation
import GlimpseCore
import GlimpseFormat
import GlimpseSite
import WidgetTimeline
import Widgets

/// What serve adds to a page, between two markers before `</body>`: the toolbar's state as JSON,
/// and the serve script and stylesheet, which draw the toolbar and keep the page live. Without
/// them, a served page is the page `glimpse build` writes.
struct Toolbar: Sendable {
    static let begin = "<!-- glimpse serve -->"
    static let end = "<!-- /glimpse serve -->"
    let options: BuildOptions
    /// Locales the toolbar offers besides the build's, those the copy is translated into first; any
    /// other can be typed.
    static let locales = ["en_US", "en_GB", "de_DE", "ja_JP", "ar_SA", "fr_FR", "es_ES", "hi_IN"]

    func inject(
        into page: Data, page path: String, query: ViewQuery, snapshot: ServedGallery, view: RenderedView?
    ) -> Data {
        let relative = String(path.dropFirst())
        let entry = (view?.entry ?? (query.isEmpty ? snapshot.entries[relative] : nil)).flatMap {
            try? JSONDecoder().decode(Manifest.Widget.self, from: $0)
        }
        let state = state(page: path, entry: entry, query: query, snapshot: snapshot, view: view)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: (try? encoder.encode(state)) ?? Data("{}".utf8), as: UTF8.self)
            .replacingOccurrences(of: "<", with: "\\u003c")
        let block = """
            \(Self.begin)
            <script type="application/json" id="glimpse-serve-state">\(json)</script>
            <link rel="stylesheet" href="/_glimpse/serve.css">
            <script src="/_glimpse/serve.js"></script>
            \(Self.end)

            """
        guard var html = String(data: page, encoding: .utf8), let close = html.range(of: "</body>", options: .backwards)
        else { return page }
        html.insert(contentsOf: block, at: close.lowerBound)
        return Data(html.utf8)
    }

    /// What the toolbar shows and offers on `path`: the view and the build's clocks, the widget's
    /// frames and its app's events, and what may be picked.
    func state(
        page path: String, entry: Manifest.Widget?, query: ViewQuery, snapshot: ServedGallery, view: RenderedView?
    ) -> State {
        let relative = String(path.dropFirst())
        let appID = relative.split(separator: "/").first.map(String.init)
        let app = options.inputs.knownApps.first { $0.id == appID }
        let iso = Date.ISO8601FormatStyle(
            timeZoneSeparator: .colon,
            timeZone: TimeZone(identifier: entry?.timeZone ?? "") ?? options.run.timeZone ?? .current)
        return State(
            page: path, generation: snapshot.generation, query: query.queryString,
            linkQuery: query.withoutEvents.queryString,
            view: Clock(
                now: query.now.map { $0.formatted(iso) }, tz: query.timeZone, device: query.device,
                text: query.textSize, locale: query.locale, pseudo: query.pseudo),
            build: Clock(
                now: (options.run.now ?? Date()).formatted(iso), tz: (options.run.timeZone ?? .current).identifier,
                device: entry?.device ?? options.axes.device.name, text: entry?.textSize ?? options.axes.textSize.name,
                locale: entry?.locale ?? options.axes.locale,
                pseudo: entry.map { $0.pseudo ?? "none" } ?? options.axes.pseudo?.rawValue ?? "none"),
            widgetNow: entry?.now, widgetZone: entry?.timeZone,
            pinnedClock: view?.scenarioClock.map { $0.formatted(iso) },
            scenarioPinsClock: snapshot.pageUnits[relative].flatMap { snapshot.scenarioClocks[$0] } != nil,
            app: app.map { app in
                AppInfo(
                    id: app.id, name: app.displayName,
                    events: app.eventTypes.map { EventInfo(name: $0.name, keys: $0.keys, fields: $0.fields) })
            },
            frames: Self.frames(of: entry), events: query.events, devices: DeviceClass.allScreenNames,
            textSizes: TextSize.allCases.map(\.name), pseudos: ["none"] + Pseudolanguage.allCases.map(\.rawValue),
            locales: ([options.axes.locale] + Self.locales).uniqued(),
            failure: snapshot.failure)
    }

    /// The widget's frames: each anchor and start, and how long after the widget's `now` it starts.
    static func frames(of entry: Manifest.Widget?) -> [FrameInfo] {
        let widgetNow = entry.flatMap { Scenario.parseDate($0.now) }
        return (entry?.frames ?? []).map { frame in
            let at = zip(Scenario.parseDate(frame.start), widgetNow).map { Int($0.timeIntervalSince($1)) }
            return FrameInfo(anchor: frame.anchor, start: frame.start, at: at ?? 0)
        }
    }

    /// A page as served, with what serve added taken out: the page `glimpse build` writes.
    static func strip(_ html: String) -> String {
        guard let start = html.range(of: begin),
            let stop = html.range(of: end + "\n", range: start.upperBound..<html.endIndex)
        else { return html }
        var stripped = html
        stripped.removeSubrange(start.lowerBound..<stop.upperBound)
        return stripped
    }

    struct State: Encodable {
        var page: String
        var generation: Int
        var query: String
        /// What links to other pages carry: the query without the events.
        var linkQuery: String
        var view: Clock
        var build: Clock
        var widgetNow: String?
        var widgetZone: String?
        var pinnedClock: String?
        var scenarioPinsClock: Bool
        var app: AppInfo?
        var frames: [FrameInfo]
        var events: [ViewQuery.AppliedEvent]
        var devices: [String]
        var textSizes: [String]
        /// "none", then each of Xcode's pseudolanguages.
        var pseudos: [String]
        var locales: [String]
        var failure: BuildFailure?
    }

    struct Clock: Encodable {
        var now: String?
        var tz: String?
        var device: String?
        var text: String?
        var locale: String?
        var pseudo: String?
    }

    struct AppInfo: Encodable {
        var id: String
        var name: String
        var events: [EventInfo]
    }

    struct EventInfo: Encodable {
        var name: String
        var keys: String
        var fields: [String]
    }

    struct FrameInfo: Encodable {
        var anchor: String
        var start: String
        /// Seconds after the widget's `now`.
        var at: Int
    }
}

private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
