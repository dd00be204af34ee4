import Foundation
import WidgetTimeline

/// Something that happens in the app during the simulated day, from a scenario's `events`.
/// It changes the store at `at`, then asks for a free reload.
public struct ScenarioEvent: Hashable, Sendable {
    public var at: Date
    /// Per app, such as `markDone` or `completeHabit`.
    public var type: String
    /// The event's other keys, as text.
    public var parameters: [String: String]

    public init(at: Date, type: String, parameters: [String: String] = [:]) {
        self.at = at
        self.type = type
        self.parameters = parameters
    }

    /// A short label for the reload log: "markDone", "completeHabit habit=h2".
    public var label: String {
        ([type] + parameters.keys.sorted().map { "\($0)=\(parameters[$0]!)" }).joined(separator: " ")
    }
}

extension ScenarioEvent {
    /// One free app reload per instant: events at the same time are one write by the app.
    public static func appReloads(for events: [ScenarioEvent]) -> [FreeReloadRequest] {
        var order: [Date] = []
        var notes: [Date: [String]] = [:]
        for event in events {
            if notes[event.at] == nil { order.append(event.at) }
            notes[event.at, default: []].append(event.label)
        }
        return order.sorted().map {
            FreeReloadRequest(at: $0, kind: .appEvent, note: notes[$0]!.joined(separator: "; "))
        }
    }
}
