import Foundation
import GlimpseCore
import GlimpseSite
import WidgetTimeline
import Widgets

/// The toolbar's state, kept in a page's query so that a link reproduces the view: the clock, the
/// screen class, the locale and pseudolanguage, and the events applied on top of the scenario's.
///
/// `?now=2026-11-22T23:58:00-05:00&tz=America/New_York&device=375x667&text=AX5&locale=de_DE&pseudo=double&events=[…]`,
/// where `events` is a JSON array of `{"at": seconds after now, "type": …, "parameters": {…}}`.
package struct ViewQuery: Sendable, Hashable {
    /// Replaces the build's clock and any clock the scenario pins.
    package var now: Date?
    package var timeZone: String?
    package var device: String?
    /// A Dynamic Type size (`TextSize.name`).
    package var textSize: String?
    package var locale: String?
    /// Xcode's pseudolanguage (`Pseudolanguage`'s raw value), or `none` for the plain copy.
    package var pseudo: String?
    /// Applied at `now` + `offset`, after the scenario's own.
    package var events: [AppliedEvent] = []

    package struct AppliedEvent: Sendable, Hashable, Codable {
        package var at: Int
        package var type: String
        package var parameters: [String: String]

        package init(at: Int, type: String, parameters: [String: String] = [:]) {
            self.at = at
            self.type = type
            self.parameters = parameters
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            at = try container.decode(Int.self, forKey: .at)
            type = try container.decode(String.self, forKey: .type)
            parameters = try container.decodeIfPresent([String: String].self, forKey: .parameters) ?? [:]
        }
    }

    package static let keys = ["now", "tz", "device", "text", "locale", "pseudo", "events"]
    /// More events than anyone taps in a review; a longer list is refused.
    static let maximumEvents = Limits.viewEvents.value
    static let maximumTextLength = Limits.viewText.value

    package init(
        now: Date? = nil, timeZone: String? = nil, device: String? = nil, textSize: String? = nil,
        locale: String? = nil, pseudo: String? = nil,
        events: [AppliedEvent] = []
    ) {
        self.now = now
        self.timeZone = timeZone
        self.device = device
        self.textSize = textSize
        self.locale = locale
        self.pseudo = pseudo
        self.events = events
    }

    /// Nothing set: the gallery as built.
    package var isEmpty: Bool {
        now == nil && timeZone == nil && device == nil && textSize == nil && locale == nil && pseudo == nil
            && events.isEmpty
    }

    /// The query with the events dropped: what links to other pages carry.
    package var withoutEvents: ViewQuery {
        ViewQuery(now: now, timeZone: timeZone, device: device, textSize: textSize, locale: locale, pseudo: pseudo)
    }

    /// The language the query asks for over `base`'s: `nil` when it sets neither locale nor pseudolanguage.
    package func language(over base: Language) -> Language? {
        guard locale != nil || pseudo != nil else { return nil }
        let pseudolanguage = pseudo.map { $0 == "none" ? nil : Pseudolanguage(rawValue: $0) } ?? base.pseudo
        return Language(locale: locale ?? base.locale, pseudo: pseudolanguage)
    }

    /// Reads and checks a query's items.
    ///
    /// - Throws: `ViewQueryError` naming the parameter and what was expected.
    package static func parse(_ items: [(name: String, value: String)]) throws(ViewQueryError) -> ViewQuery {
        var query = ViewQuery()
        for (name, value) in items where !value.isEmpty {
            guard value.utf8.count <= (name == "events" ? 16_384 : maximumTextLength) else {
                throw ViewQueryError("\(name): too long")
            }
            try query.set(name, to: value)
        }
        return query
    }

    /// Sets the parameter `name`, checked.
    mutating func set(_ name: String, to value: String) throws(ViewQueryError) {
        switch name {
        case "now":
            guard let date = Scenario.parseDate(value) else {
                throw ViewQueryError("now: expected ISO 8601 with an offset, such as 2026-11-22T23:58:00-05:00")
            }
            now = date
        case "tz":
            guard TimeZone(identifier: value) != nil else {
                throw ViewQueryError("tz: \"\(value)\" is not an IANA time zone")
            }
            timeZone = value
        case "device":
            guard DeviceClass.named(value) != nil else {
                let known = DeviceClass.allScreenNames.joined(separator: ", ")
                throw ViewQueryError("device: \"\(value)\" is not a screen class; use one of \(known)")
            }
            device = value
        case "text":
            guard let size = TextSize.named(value) else {
                let known = TextSize.allCases.map(\.name).joined(separator: ", ")
                throw ViewQueryError("text: \"\(value)\" is not a Dynamic Type size; use one of \(known)")
            }
            textSize = size.name
        case "locale":
            // Only a locale's characters are looked up: a query is anyone's text.
            guard Self.isLocale(value) else {
                throw ViewQueryError("locale: \"\(value)\" is not a locale, such as en_US or de_DE")
            }
            // As the command line writes it: "de-DE" is "de_DE", the build's variant.
            do { locale = try FormatLocale(validating: value).identifier } catch {
                throw ViewQueryError("locale: \"\(value)\" is \(error)")
            }
        case "pseudo":
            guard value == "none" || Pseudolanguage(rawValue: value) != nil else {
                let known = ["none"] + Pseudolanguage.allCases.map(\.rawValue)
                throw ViewQueryError(
                    "pseudo: \"\(value)\" is not a pseudolanguage; use one of \(known.joined(separator: ", "))")
            }
            pseudo = value
        case "events":
            events = try Self.events(value)
        default:
            throw ViewQueryError("\(name): not a parameter of this page; known: \(Self.keys.joined(separator: ", "))")
        }
    }

    /// `events`: a JSON array of events, each in the simulated day, of a name, with few short parameters.
    static func events(_ value: String) throws(ViewQueryError) -> [AppliedEvent] {
        guard let events = try? JSONDecoder().decode([AppliedEvent].self, from: Data(value.utf8)) else {
            throw ViewQueryError(
                "events: expected a JSON array of {\"at\": seconds, \"type\": name, \"parameters\": {…}}")
        }
        guard events.count <= maximumEvents else { throw ViewQueryError("events: at most \(maximumEvents)") }
        for event in events {
            guard (0...(24 * 3600)).contains(event.at) else {
                throw ViewQueryError("events: at must be 0 to 86400 seconds after now")
            }
            guard !event.type.isEmpty, event.type.count <= 64 else {
                throw ViewQueryError("events: type must be an event's name")
            }
            guard event.parameters.count <= 16,
                event.parameters.allSatisfy({ $0.key.count <= 64 && $0.value.count <= maximumTextLength })
            else { throw ViewQueryError("events: at most 16 parameters of \(maximumTextLength) characters") }
        }
        return events
    }

    /// `en_US`, `de`, `zh_Hant_TW`, `sr-Latn`: letters, then parts of letters and digits.
    static func isLocale(_ text: String) -> Bool {
        text.range(of: #"^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8}){0,3}$"#, options: .regularExpression) != nil
    }

    /// The canonical query, with a leading `?`, or "" when empty.
    package var queryString: String {
        var items: [URLQueryItem] = []
        if let now {
            items.append(
                URLQueryItem(
                    name: "now",
                    value: now.formatted(Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: zone ?? .gmt))))
        }
        if let timeZone { items.append(URLQueryItem(name: "tz", value: timeZone)) }
        if let device { items.append(URLQueryItem(name: "device", value: device)) }
        if let textSize { items.append(URLQueryItem(name: "text", value: textSize)) }
        if let locale { items.append(URLQueryItem(name: "locale", value: locale)) }
        if let pseudo { items.append(URLQueryItem(name: "pseudo", value: pseudo)) }
        if !events.isEmpty {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            items.append(
                URLQueryItem(
                    name: "events", value: String(decoding: (try? encoder.encode(events)) ?? Data(), as: UTF8.self)))
        }
        guard !items.isEmpty else { return "" }
        var components = URLComponents()
        components.queryItems = items
        // URLComponents leaves `+` and `&`-free JSON punctuation alone; a `+` would read as a space.
        return "?" + (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
    }

    var zone: TimeZone? { timeZone.flatMap(TimeZone.init(identifier:)) }
}

/// A query parameter or request body the server cannot use: answered with 400 and this message.
package struct ViewQueryError: Error, Equatable, CustomStringConvertible {
    package var description: String

    package init(_ description: String) {
        self.description = description
    }
}
