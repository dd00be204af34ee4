import Foundation
import GlimpseCore

extension OneGoalApp {
    /// The snapshot over the simulated day: the goal as read, then each `markDone` the scenario
    /// scripts. An event of another type is a warning.
    func apply(_ events: [ScenarioEvent], to loaded: inout LoadedStore<OneGoalProgress?>) -> OneGoalStoreTimeline {
        var markDone: [Date] = []
        for event in events {
            switch event.type {
            case "markDone": markDone.append(event.at)
            default: loaded.diagnostics.append(unknownEventDiagnostic(event))
            }
        }
        return OneGoalStoreTimeline(initial: loaded.value, markDoneDates: markDone)
    }
}
