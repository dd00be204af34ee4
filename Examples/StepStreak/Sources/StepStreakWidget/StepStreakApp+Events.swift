import Foundation
import GlimpseKit

extension StepStreakApp {
    /// The history over the simulated day: as read, then each `walk` the scenario scripts, added to
    /// the steps of the local day it happens on. Another event, or a walk without a count, is a warning.
    func apply(
        _ events: [ScenarioEvent], calendar: Calendar, to loaded: inout LoadedStore<StepStreakHistory?>
    ) -> StepStreakHistory? {
        guard var history = loaded.value else { return nil }
        for event in events {
            guard event.type == "walk" else {
                loaded.diagnostics.append(unknownEventDiagnostic(event))
                continue
            }
            guard let steps = event.parameters["steps"].flatMap(Int.init), steps > 0 else {
                loaded.diagnostics.append(
                    Diagnostic(.warning, "walk: steps must be a count above 0; left out", file: "scenario.yaml"))
                continue
            }
            history.walks.append(.init(at: event.at, day: calendar.localDate(of: event.at), steps: steps))
        }
        return history
    }
}
