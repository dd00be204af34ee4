import AppGroupStore
import Foundation
import GlimpseCore

extension JustNowApp {
    /// The sessions over the simulated day: those read, then each the scenario logs. An event
    /// without a duration from 0 to a day, or with a start that is not a date, or of another type,
    /// is a warning.
    func apply(
        _ events: [ScenarioEvent], to loaded: inout LoadedStore<[JustNowStoreFile.Session]>
    ) -> JustNowStoreTimeline {
        var logged: [(at: Date, session: JustNowStoreFile.Session)] = []
        for event in events {
            guard event.type == "logSession" else {
                loaded.diagnostics.append(unknownEventDiagnostic(event))
                continue
            }
            switch Self.session(event) {
            case .success(let session): logged.append((event.at, session))
            case .failure(let problem):
                loaded.diagnostics.append(Diagnostic(.warning, problem.message, file: "scenario.yaml"))
            }
        }
        return JustNowStoreTimeline(initial: loaded.value, logged: logged)
    }

    /// What is wrong with a `logSession` event.
    struct EventProblem: Error {
        var message: String
    }

    /// The session a `logSession` event logs: by default it ends at the event.
    static func session(_ event: ScenarioEvent) -> Result<JustNowStoreFile.Session, EventProblem> {
        guard let duration = event.parameters["durationSeconds"].flatMap(Double.init),
            (0...JustNowRules.longestSession).contains(duration)
        else { return .failure(EventProblem(message: "logSession needs durationSeconds, from 0 to 86400")) }
        guard let text = event.parameters["startedAt"] else {
            return .success(JustNowStoreFile.Session(startedAt: event.at - duration, durationSeconds: duration))
        }
        guard let started = StoreJSON.parseISO8601(text) else {
            return .failure(
                EventProblem(message: "logSession startedAt \"\(text.prefix(40))\" is not an ISO 8601 date-time"))
        }
        return .success(JustNowStoreFile.Session(startedAt: started, durationSeconds: duration))
    }
}
