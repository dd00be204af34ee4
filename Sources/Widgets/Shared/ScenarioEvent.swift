import Foundation

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
