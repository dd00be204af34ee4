import Foundation
import Yams
import Widgets

/// A sample store with its settings: `content/scenarios/<app>/<name>/`, or a `--store` folder.
public struct Scenario: Sendable {
    /// The app this scenario is for, or `nil` for a user's store, which every app renders.
    public var app: String?
    /// The folder's name; part of page paths.
    public var name: String
    public var title: String
    public var description: String?
    /// The store root (or single container).
    public var storeURL: URL
    /// How files of this scenario are named in messages: `content/scenarios/<app>/corrupt`.
    public var displayPath: String
    public var now: Date?
    public var timeZone: TimeZone?
    /// A scenario that exists to show a corrupt store; its diagnostics do not fail `--strict`.
    public var expectDiagnostics: Bool
    public var events: [Event]

    public struct Event: Sendable, Hashable {
        /// Seconds after `now`.
        public var offset: TimeInterval
        public var type: String
        public var parameters: [String: String]

        public init(offset: TimeInterval, type: String, parameters: [String: String] = [:]) {
            self.offset = offset
            self.type = type
            self.parameters = parameters
        }
    }

    public static let fileName = "scenario.yaml"

    /// Reads `scenario.yaml` in `folder`, if there is one.
    ///
    /// - Throws: `SiteError.invalidScenario` naming the file and the key at fault.
    public static func load(folder: URL, name: String, app: String?, displayPath: String, fileIO: FileIO) throws -> Scenario {
        var scenario = Scenario(app: app, name: name, title: name, description: nil, storeURL: folder, displayPath: displayPath,
                                now: nil, timeZone: nil, expectDiagnostics: false, events: [])
        let file = folder.appendingPathComponent(fileName)
        let display = "\(displayPath)/\(fileName)"
        guard FileManager.default.fileExists(atPath: file.path) else { return scenario }
        let text = try fileIO.readText(file, display)
        let parsed: Any?
        do {
            // Checked for size and alias expansion first: a store's scenario.yaml is anyone's.
            _ = try BoundedYAML.compose(text)
            parsed = try Yams.load(yaml: text)
        } catch let refused as BoundedYAML.Refused {
            throw SiteError.invalidScenario(file: display, reason: refused.reason)
        } catch {
            throw SiteError.invalidScenario(file: display, reason: "not valid YAML: \(error)")
        }
        guard let values = parsed as? [String: Any] else {
            if parsed == nil { return scenario }
            throw SiteError.invalidScenario(file: display, reason: "expected a mapping of keys at the top level")
        }
        func string(_ key: String) throws -> String? {
            guard let value = values[key] else { return nil }
            if let text = value as? String { return text }
            if let date = value as? Date { return date.formatted(Date.ISO8601FormatStyle()) }
            if let number = value as? Int { return String(number) }
            throw SiteError.invalidScenario(file: display, reason: "\(key): expected text")
        }
        if let title = try string("title") { scenario.title = title }
        scenario.description = try string("description")
        if let now = values["now"] {
            if let date = now as? Date {
                scenario.now = date
            } else if let text = now as? String, let date = parseDate(text) {
                scenario.now = date
            } else {
                throw SiteError.invalidScenario(file: display, reason: "now: expected an ISO 8601 date and time with an offset")
            }
        }
        if let zone = try string("timeZone") {
            guard let timeZone = TimeZone(identifier: zone) else {
                throw SiteError.invalidScenario(file: display, reason: "timeZone: \"\(zone)\" is not an IANA time zone")
            }
            scenario.timeZone = timeZone
        }
        if let expect = values["expectDiagnostics"] {
            guard let flag = expect as? Bool else {
                throw SiteError.invalidScenario(file: display, reason: "expectDiagnostics: expected true or false")
            }
            scenario.expectDiagnostics = flag
        }
        if let events = values["events"] {
            guard let list = events as? [Any] else {
                throw SiteError.invalidScenario(file: display, reason: "events: expected a list")
            }
            scenario.events = try list.enumerated().map { index, item in
                guard let event = item as? [String: Any] else {
                    throw SiteError.invalidScenario(file: display, reason: "events[\(index)]: expected a mapping")
                }
                guard let atText = event["at"] as? String, let offset = ISODuration.seconds(atText) else {
                    throw SiteError.invalidScenario(file: display, reason: "events[\(index)].at: expected an ISO 8601 duration after now, such as PT2H30M")
                }
                guard let type = event["type"] as? String, !type.isEmpty else {
                    throw SiteError.invalidScenario(file: display, reason: "events[\(index)].type: expected the event's type")
                }
                var parameters: [String: String] = [:]
                for (key, value) in event where key != "at" && key != "type" {
                    parameters[key] = (value as? Date).map { $0.formatted(Date.ISO8601FormatStyle()) } ?? "\(value)"
                }
                return Event(offset: offset, type: type, parameters: parameters)
            }
        }
        return scenario
    }

    /// ISO 8601 with an offset or `Z`, with or without fractional seconds.
    public static func parseDate(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle()) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// The events as the widgets see them, at absolute times.
    func scenarioEvents(from now: Date) -> [ScenarioEvent] {
        events.map { ScenarioEvent(at: now + $0.offset, type: $0.type, parameters: $0.parameters) }
    }
}
