import Foundation
import GlimpseCore

extension BitPalApp {
    /// The holdings the app removes during the simulated day, from the scenario's `removeHolding`
    /// events. An event without a coin, or of another type, is a warning.
    func apply(
        _ events: [ScenarioEvent], to loaded: inout LoadedStore<BitPalStoreFile.Contents>
    ) -> [(at: Date, coinId: String)] {
        var removals: [(at: Date, coinId: String)] = []
        for event in events {
            switch event.type {
            case "removeHolding":
                guard let coin = event.parameters["coinId"], !coin.isEmpty else {
                    loaded.diagnostics.append(
                        Diagnostic(.warning, "removeHolding needs a coinId", file: "scenario.yaml"))
                    continue
                }
                removals.append((event.at, coin))
            default:
                loaded.diagnostics.append(unknownEventDiagnostic(event))
            }
        }
        return removals
    }
}
