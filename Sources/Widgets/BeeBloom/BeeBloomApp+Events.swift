import Foundation
import GlimpseCore

extension BeeBloomApp {
    /// The store over the simulated day: the file as read, then each change the scenario scripts
    /// (habits completed, created, renamed and deleted, and moments when the file cannot be read).
    /// An event without what it needs, or of another type, is a warning.
    func apply(
        _ events: [ScenarioEvent], to loaded: inout LoadedStore<BeeBloomStoreTimeline.Loaded>
    ) -> BeeBloomStoreTimeline {
        var changes: [(at: Date, change: BeeBloomStoreTimeline.Change)] = []
        var unreadable: [DateInterval] = []
        for event in events {
            switch event.type {
            case "completeHabit", "createHabit", "renameHabit", "deleteHabit":
                guard let change = Self.change(event) else {
                    loaded.diagnostics.append(
                        Diagnostic(.warning, "\(event.type) needs a habit id", file: "scenario.yaml"))
                    continue
                }
                changes.append((event.at, change))
            case "storeUnreadable":
                guard let seconds = event.parameters["for"].flatMap(ISODuration.seconds) else {
                    let message = "storeUnreadable needs `for`, an ISO 8601 duration such as PT7S"
                    loaded.diagnostics.append(Diagnostic(.warning, message, file: "scenario.yaml"))
                    continue
                }
                unreadable.append(DateInterval(start: event.at, duration: seconds))
            default:
                loaded.diagnostics.append(unknownEventDiagnostic(event))
            }
        }
        return BeeBloomStoreTimeline(initial: loaded.value, changes: changes, unreadable: unreadable)
    }

    /// The change a habit event makes; `nil` without a habit id.
    static func change(_ event: ScenarioEvent) -> BeeBloomStoreTimeline.Change? {
        guard let habit = event.parameters["habit"], !habit.isEmpty else { return nil }
        let title = event.parameters["title"] ?? habit
        return switch event.type {
        case "completeHabit": .complete(habit: habit)
        case "createHabit": .create(habit: habit, title: title, groupId: event.parameters["group"])
        case "renameHabit": .rename(habit: habit, title: title)
        default: .delete(habit: habit)
        }
    }
}
