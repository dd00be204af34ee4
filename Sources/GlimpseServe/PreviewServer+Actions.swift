import Foundation
import GlimpseFormat
import GlimpseSite
import Hummingbird
import Widgets

/// The toolbar's endpoints. Each takes a JSON body naming the page and its current query, and
/// answers with the URL of the new view, `{"url": "/app/scenario/family.html?…#anchor"}`; the view
/// itself is a GET of that URL, so that a link reproduces it. POST only, from this server's pages.
///
/// - `/_glimpse/view`: `{"now": "2026-11-22T23:58" (in `tz`) or ISO 8601, "tz", "device", "text", "locale"}`;
///   a field set to "" goes back to the build's value.
/// - `/_glimpse/event`: `{"at": seconds after the widget's now, "type", "parameters": {…}}`.
/// - `/_glimpse/tap`: `{"at", "link"}`: the link of a tapped button, applied as the app's event.
extension PreviewServer {
    struct ActionBody: Decodable {
        var page: String
        var query: String?
        var now: String?
        var tz: String?
        var device: String?
        var text: String?
        var locale: String?
        var pseudo: String?
        var at: Int?
        var type: String?
        var parameters: [String: String]?
        var link: String?
    }

    func action(_ request: Request, path endpoint: String) async -> Response {
        if let refusal = guards.refusal(request) { return refusal }
        guard let body = await Self.body(of: request) else {
            return .text(.contentTooLarge, "The request body is larger than \(Self.maximumBody) bytes.")
        }
        do {
            let action: ActionBody
            do {
                action = try JSONDecoder().decode(ActionBody.self, from: body)
            } catch {
                throw ViewQueryError("expected a JSON object with \"page\" and the fields of \(endpoint)")
            }
            guard
                let path = Self.galleryPath(
                    action.page.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? action.page)
            else {
                throw ViewQueryError("page: not a page of this gallery")
            }
            let snapshot = site.current.withLock { $0 }
            guard snapshot.files[path] != nil else {
                throw ViewQueryError("page: \(action.page) is not in the gallery")
            }
            var query = try ViewQuery.parse(Self.queryItems(action.query ?? ""))
            switch endpoint {
            case "/_glimpse/view": try setClock(&query, from: action)
            case "/_glimpse/event": try addEvent(&query, action: action, path: path, snapshot: snapshot)
            default: try addTap(&query, action: action, path: path, snapshot: snapshot)
            }
            let url =
                "/" + path + query.queryString
                + (try await anchor(path, query: query, at: action.at, snapshot: snapshot))
            return .json(try JSONEncoder().encode(["url": url]))
        } catch let error as ViewQueryError {
            return .text(.badRequest, error.description)
        } catch {
            return .text(.internalServerError, "error: \(error)")
        }
    }

    private func setClock(_ query: inout ViewQuery, from action: ActionBody) throws {
        let before = query.now
        func set(_ name: String, _ value: String?) throws {
            guard let value else { return }
            let parsed = try ViewQuery.parse([(name, value)])
            switch name {
            case "tz": query.timeZone = parsed.timeZone
            case "device": query.device = parsed.device
            case "text": query.textSize = parsed.textSize
            case "pseudo": query.pseudo = parsed.pseudo
            default: query.locale = parsed.locale
            }
        }
        let build = site.builder.options.axes
        // What equals the build's is left out of the query: the link stays short, and says what differs.
        try set("device", action.device == build.device.name ? "" : action.device)
        try set("text", action.text == build.textSize.name ? "" : action.text)
        try set("locale", action.locale == build.locale ? "" : action.locale)
        try set("pseudo", action.pseudo == (build.pseudo?.rawValue ?? "none") ? "" : action.pseudo)
        try set("tz", action.tz)
        if let now = action.now {
            if now.isEmpty {
                query.now = nil
            } else if let date = Scenario.parseDate(now) {
                query.now = date
            } else {
                let zone = query.zone ?? site.builder.options.run.timeZone ?? .current
                guard let date = Self.localDate(now, in: zone) else {
                    throw ViewQueryError(
                        "now: expected a local date and time (2026-11-22T23:58) or ISO 8601 with an offset")
                }
                query.now = date
            }
        }
        // The zone only reads the clock; without one, it is the scenario's or the build's.
        if query.now == nil { query.timeZone = nil }
        // Events are offsets from the clock: a new clock starts the day again without them.
        if action.now != nil, query.now != before { query.events = [] }
    }

    private func addEvent(_ query: inout ViewQuery, action: ActionBody, path: String, snapshot: ServedGallery) throws {
        guard let type = action.type, let at = action.at else {
            throw ViewQueryError("an event needs \"type\" and \"at\"")
        }
        let app = try self.app(of: path, snapshot: snapshot)
        guard let eventType = app.eventTypes.first(where: { $0.name == type }) else {
            throw ViewQueryError(
                "type: \"\(type)\" is not a \(app.displayName) event; known: "
                    + "\(app.eventTypes.map(\.name).joined(separator: ", "))"
            )
        }
        let parameters = (action.parameters ?? [:]).filter { !$0.value.isEmpty }
        for key in parameters.keys where !eventType.fields.contains(key) {
            throw ViewQueryError(
                "parameters: \(type) has no field \"\(key)\"; its fields: \(eventType.fields.joined(separator: ", "))")
        }
        try append(&query, ViewQuery.AppliedEvent(at: at, type: type, parameters: parameters))
    }

    private func addTap(_ query: inout ViewQuery, action: ActionBody, path: String, snapshot: ServedGallery) throws {
        guard let link = action.link, let at = action.at else {
            throw ViewQueryError("a tap needs \"link\" and \"at\"")
        }
        let app = try self.app(of: path, snapshot: snapshot)
        guard let event = app.event(forTap: link) else {
            throw ViewQueryError("link: \(link) opens the app; it runs no intent that the widget could apply")
        }
        try append(&query, ViewQuery.AppliedEvent(at: at, type: event.type, parameters: event.parameters))
    }

    private func append(_ query: inout ViewQuery, _ event: ViewQuery.AppliedEvent) throws {
        var events = query.events + [event]
        events.sort { $0.at < $1.at }
        // The same checks as a link's: offsets, lengths, count.
        let json = String(decoding: try JSONEncoder().encode(events), as: UTF8.self)
        query.events = try ViewQuery.parse([("events", json)]).events
    }

    private func app(of path: String, snapshot: ServedGallery) throws -> any GalleryApp {
        guard snapshot.pageUnits[path] != nil, let id = path.split(separator: "/").first,
            let app = site.builder.options.inputs.knownApps.first(where: { $0.id == id })
        else {
            throw ViewQueryError("page: events and taps apply to a widget's page")
        }
        return app
    }

    /// `#anchor` of the frame shown at `at` in the new view, so that the page opens on it.
    private func anchor(_ path: String, query: ViewQuery, at: Int?, snapshot: ServedGallery) async throws -> String {
        guard let at, !query.isEmpty, let view = try await views.page(path, query: query, snapshot: snapshot),
            let data = view.entry,
            let entry = try? JSONDecoder().decode(Manifest.Widget.self, from: data),
            let now = Scenario.parseDate(entry.now)
        else { return "" }
        let time = now + TimeInterval(at)
        let shown = entry.frames.last { (Scenario.parseDate($0.start) ?? .distantFuture) <= time }
        return shown.map { "#" + $0.anchor } ?? ""
    }

    /// Reads a body up to `maximumBody` bytes; `nil` past it.
    static func body(of request: Request) async -> Data? {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > maximumBody { return nil }
        var request = request
        guard let buffer = try? await request.collectBody(upTo: maximumBody) else { return nil }
        return Data(buffer.readableBytesView)
    }

    /// `2026-11-22T23:58` or `2026-11-22T23:58:30`, read on the wall clock of `zone`. A time that
    /// the zone skips (a spring-forward gap) is the instant after it, as `Calendar` resolves it.
    static func localDate(_ text: String, in zone: TimeZone) -> Date? {
        let parts = text.split(whereSeparator: { "-T:".contains($0) }).compactMap { Int($0) }
        guard text.count <= 19, (5...6).contains(parts.count),
            text.split(whereSeparator: { "-T:".contains($0) }).count == parts.count,
            (1...12).contains(parts[1]), (1...31).contains(parts[2]), (0...23).contains(parts[3]),
            (0...59).contains(parts[4]),
            parts.count == 5 || (0...59).contains(parts[5])
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(
            year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4],
            second: parts.count == 6 ? parts[5] : 0)
        guard let date = calendar.date(from: components),
            calendar.component(.day, from: date) == parts[2]
                || calendar.component(.day, from: date.addingTimeInterval(-3 * 3600)) == parts[2]
        else { return nil }
        return date
    }
}
