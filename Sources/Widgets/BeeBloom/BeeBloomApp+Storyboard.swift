import Foundation
import WidgetTimeline

extension BeeBloomApp {
    /// The iOS 17 App Intent behind a tap on a habit row: completes it without opening the app.
    struct CompleteHabitIntent: Hashable, Sendable {
        var habitId: String

        init(habitId: String) {
            self.habitId = habitId
        }

        /// The deep link a row carries, and iOS 14–16 opens instead.
        var url: String {
            var allowed = CharacterSet.urlQueryAllowed
            allowed.remove(charactersIn: "&=+#")
            return
                "beebloom://complete?habit=\(habitId.addingPercentEncoding(withAllowedCharacters: allowed) ?? habitId)"
        }

        /// The intent a row's link stands for; `nil` for any other link.
        init?(url: String) {
            guard let components = URLComponents(string: url), components.scheme == "beebloom",
                components.host == "complete",
                let habit = components.queryItems?.first(where: { $0.name == "habit" })?.value, !habit.isEmpty
            else { return nil }
            habitId = habit
        }

        /// Adds a completion stamped with the tap time to a copy of the store.
        func perform(on store: BeeBloomStoreTimeline, at date: Date) -> BeeBloomStoreTimeline {
            store.adding(.complete(habit: habitId), at: date)
        }
    }

    /// The longest storyboard drawn; with more habits, a note says how many were left.
    static let maximumStoryboardSteps = 40

    /// Taps on the first visible habit, then the next, until nothing is left, and the simulated
    /// day around them. Each tap is a `CompleteHabitIntent` followed by a free reload, a minute apart.
    /// Stops after `maximumStoryboardSteps` taps; `remaining` is how many habits were still left then.
    struct TapRun {
        var taps: [(at: Date, habit: BeeBloomToday.Habit)]
        var simulation: TimelineSimulation<BeeBloomEntry>?
        var remaining: Int
    }

    func tapRun(
        store initial: BeeBloomStoreTimeline, family: WidgetFamily, size: WidgetSize, environment: PreviewEnvironment
    ) -> TapRun {
        var store = initial
        var taps: [(at: Date, habit: BeeBloomToday.Habit)] = []
        var date = environment.window.start
        var remaining = 0
        // What the widget shows right after each tap: the first entry of the reload that follows.
        while let loaded = try? store.read(at: date),
            case .incomplete(let habits) = BeeBloomProvider.content(
                of: loaded, on: date, calendar: environment.calendar),
            let first = habits.leading.first
        {
            guard taps.count < Self.maximumStoryboardSteps else {
                remaining = habits.count
                break
            }
            date += 60
            store = CompleteHabitIntent(habitId: first.id).perform(on: store, at: date)
            taps.append((date, first))
        }
        guard !taps.isEmpty else { return TapRun(taps: [], simulation: nil, remaining: 0) }
        let simulator = TimelineSimulator(budget: environment.budget, retryPolicy: .everyFiveSecondsThreeTimes)
        let simulation = simulator.simulate(
            BeeBloomProvider(store: store), family: family, displaySize: size, window: environment.window,
            calendar: environment.calendar,
            freeReloads: taps.map {
                FreeReloadRequest(at: $0.at, kind: .intent, note: "CompleteHabitIntent \($0.habit.id)")
            })
        return TapRun(taps: taps, simulation: simulation, remaining: remaining)
    }

    /// What `family` shows right after each tap of `run`.
    func storyboard(
        _ run: TapRun, family: WidgetFamily, size: WidgetSize, environment: PreviewEnvironment
    ) throws -> (steps: [StoryboardStep], remaining: Int) {
        guard let simulation = run.simulation else { return ([], 0) }
        let steps = try run.taps.compactMap { tap -> StoryboardStep? in
            guard let frame = simulation.frame(at: tap.at) else { return nil }
            return StoryboardStep(
                at: tap.at, action: "Tapped “\(environment.redaction.text(tap.habit.title))”",
                link: CompleteHabitIntent(habitId: tap.habit.id).url,
                view: try view(of: frame.entry, family: family, size: size, redacted: false, environment: environment))
        }
        return (steps, run.remaining)
    }
}
