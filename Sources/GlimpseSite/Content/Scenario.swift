import Foundation
import GlimpseCore
import GlimpseFormat
import Widgets

/// A sample store with its settings: `content/scenarios/<app>/<name>/`, or a `--store` folder.
package struct Scenario: Sendable {
    /// The app this scenario is for, or `nil` for a user's store, which every app renders.
    package var app: String?
    /// The folder's name; part of page paths.
    package var name: String
    package var title: String
    package var description: String?
    /// The store root (or single container).
    package var storeURL: URL
    /// How files of this scenario are named in messages: `content/scenarios/<app>/corrupt`.
    package var displayPath: String
    package var now: Date?
    package var timeZone: TimeZone?
    /// A scenario that exists to show a corrupt store; its diagnostics do not fail `--strict`.
    package var expectDiagnostics: Bool
    package var events: [Event]
    /// The title and description in other languages, by translation folder (`de`, `de_AT`).
    package var translations: [String: Texts] = [:]

    package struct Event: Sendable, Hashable {
        /// Seconds after `now`.
        package var offset: TimeInterval
        package var type: String
        package var parameters: [String: String]

        package init(offset: TimeInterval, type: String, parameters: [String: String] = [:]) {
            self.offset = offset
            self.type = type
            self.parameters = parameters
        }
    }

    package static let fileName = "scenario.yaml"

    /// Reads `scenario.yaml` in `folder`, if there is one.
    ///
    /// - Throws: `SiteError.invalidScenario` naming the file and the key at fault.
    package static func load(
        folder: URL, name: String, app: String?, displayPath: String, fileIO: FileIO
    ) throws -> Scenario {
        var scenario = Scenario(
            app: app, name: name, title: name, description: nil, storeURL: folder, displayPath: displayPath,
            now: nil, timeZone: nil, expectDiagnostics: false, events: [])
        let file = folder.appendingPathComponent(fileName)
        let display = "\(displayPath)/\(fileName)"
        guard FileManager.default.fileExists(atPath: file.path) else { return scenario }
        let settings = try decode(try fileIO.readText(file, display, limit: BoundedYAML.maximumBytes), display)
        // A sample scenario's texts may be translated; a user's store is data, and is not looked into.
        if app != nil {
            scenario.translations = try translations(folder: folder, displayPath: displayPath, fileIO: fileIO)
        }
        guard let settings else { return scenario }
        try settings.checkTexts(display)
        if let title = settings.title { scenario.title = title.text }
        scenario.description = settings.description?.text
        scenario.now = settings.now
        scenario.timeZone = settings.timeZone
        scenario.expectDiagnostics = settings.expectDiagnostics ?? false
        scenario.events = settings.events ?? []
        return scenario
    }

    /// `text`, a `scenario.yaml`, decoded.
    ///
    /// - Throws: `SiteError.invalidScenario` naming `display` and what is wrong.
    static func decode(_ text: String, _ display: String) throws -> Settings? {
        do {
            // Checked for size and alias expansion first: a store's scenario.yaml is anyone's.
            return try BoundedYAML.decode(Settings.self, from: text)
        } catch let refused as BoundedYAML.Refused {
            throw SiteError.invalidScenario(file: display, reason: refused.reason)
        } catch let invalid as BoundedYAML.Invalid {
            throw SiteError.invalidScenario(file: display, reason: invalid.description)
        } catch {
            throw SiteError.invalidScenario(file: display, reason: "not valid YAML: \(error)")
        }
    }

    /// `scenario.yaml` as written, each key checked as it is decoded. Every key is optional.
    struct Settings: Decodable {
        var title: YAMLScalar?
        var description: YAMLScalar?
        var now: Date?
        var timeZone: TimeZone?
        var expectDiagnostics: Bool?
        var events: [Event]?

        enum CodingKeys: String, CodingKey {
            case title, description, now, timeZone, expectDiagnostics, events
        }

        init(from decoder: any Decoder) throws {
            let keys = try decoder.mapping(keyedBy: CodingKeys.self, or: "expected a mapping of keys at the top level")
            title = try keys.decodeIfPresent(YAMLScalar.self, forKey: .title, or: "expected text")
            description = try keys.decodeIfPresent(YAMLScalar.self, forKey: .description, or: "expected text")
            let nowReason = "expected an ISO 8601 date and time with an offset"
            if let text = try keys.decodeIfPresent(YAMLScalar.self, forKey: .now, or: nowReason)?.text {
                guard let date = Scenario.parseDate(text) else {
                    throw DecodingError.dataCorruptedError(forKey: .now, in: keys, debugDescription: nowReason)
                }
                now = date
            }
            if let zone = try keys.decodeIfPresent(YAMLScalar.self, forKey: .timeZone, or: "expected text")?.text {
                guard let timeZone = TimeZone(identifier: zone) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .timeZone, in: keys, debugDescription: "\"\(zone)\" is not an IANA time zone")
                }
                self.timeZone = timeZone
            }
            expectDiagnostics = try keys.decodeIfPresent(
                Bool.self, forKey: .expectDiagnostics, or: "expected true or false")
            events = try keys.decodeIfPresent([Event].self, forKey: .events, or: "expected a list")
        }
    }

    /// ISO 8601 with an offset or `Z`, with or without fractional seconds.
    package static func parseDate(_ text: String) -> Date? {
        Manifest.date(text)
    }

    /// The events as the widgets see them, at absolute times.
    func scenarioEvents(from now: Date) -> [ScenarioEvent] {
        events.map { ScenarioEvent(at: now + $0.offset, type: $0.type, parameters: $0.parameters) }
    }
}

extension Scenario.Event: Decodable {
    /// `{at, type, …}`: the event's other keys are its parameters, each a scalar, as written.
    package init(from decoder: any Decoder) throws {
        let keys = try decoder.mapping(keyedBy: YAMLKey.self, or: "expected a mapping")
        let at = YAMLKey("at")
        let type = YAMLKey("type")
        let atReason = "expected an ISO 8601 duration after now, such as PT2H30M"
        guard let text = try keys.decodeIfPresent(YAMLScalar.self, forKey: at, or: atReason)?.text,
            let offset = ISODuration.seconds(text)
        else {
            throw DecodingError.dataCorruptedError(forKey: at, in: keys, debugDescription: atReason)
        }
        let typeReason = "expected the event's type"
        guard let name = try keys.decodeIfPresent(YAMLScalar.self, forKey: type, or: typeReason)?.text, !name.isEmpty
        else {
            throw DecodingError.dataCorruptedError(forKey: type, in: keys, debugDescription: typeReason)
        }
        var parameters: [String: String] = [:]
        for key in keys.allKeys where key != at && key != type {
            let value = try keys.decodeIfPresent(
                YAMLScalar.self, forKey: key, or: "expected text or a number, not a list or a mapping")
            parameters[key.stringValue] = value?.text
        }
        self.init(offset: offset, type: name, parameters: parameters)
    }
}

extension Scenario.Settings {
    /// Throws, naming the file and the field, for a title or description longer than
    /// `Limits.scenarioText`: they are shown in the sidebar and on every page of the scenario.
    func checkTexts(_ display: String) throws {
        for (field, text) in [("title", title?.text), ("description", description?.text)] {
            if let text, let excess = Limits.scenarioText.excess(in: text) {
                throw SiteError.invalidScenario(file: display, reason: "\(field): \(excess)")
            }
        }
    }
}
