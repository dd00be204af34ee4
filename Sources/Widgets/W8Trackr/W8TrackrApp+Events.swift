import Foundation
import GlimpseCore

extension W8TrackrApp {
    /// The weigh-ins the scenario logs during the day. A weigh-in in an app never opened sets it
    /// up, in pounds. An event without a plausible value and unit, or of another type, is a warning.
    func apply(
        _ events: [ScenarioEvent], to loaded: inout LoadedStore<W8TrackrProvider.Source>
    ) -> [W8TrackrWeighIn] {
        var logged: [W8TrackrWeighIn] = []
        for event in events {
            guard event.type == "logWeight" else {
                loaded.diagnostics.append(unknownEventDiagnostic(event))
                continue
            }
            guard let value = event.parameters["value"].flatMap(Double.init),
                let unit = W8TrackrUnit(rawValue: event.parameters["unit"] ?? "lb"),
                W8TrackrRules.isPlausible(value, in: unit)
            else {
                let message = "logWeight needs a value and a unit (lb or kg)"
                loaded.diagnostics.append(Diagnostic(.warning, message, file: "scenario.yaml"))
                continue
            }
            logged.append(
                W8TrackrWeighIn(id: Int64.max - Int64(logged.count), value: value, unit: unit, date: event.at))
        }
        if case .notSetUp = loaded.value, !logged.isEmpty {
            loaded.value = .data(W8TrackrLog(entries: [], unit: .lb, goal: nil))
        }
        return logged
    }
}
