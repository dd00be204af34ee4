import Foundation
import GlimpseFormat
import GlimpseShots
import Synchronization

extension PixelDiff {
    /// Where a `diff --pixels` run's time went, phase by phase: reading both galleries' pages and
    /// planning the frames, opening the browser and its two tabs; in the tabs, laying each sheet
    /// out, drawing it, asking which fonts it drew with, and reading its PNG; then comparing the
    /// images and writing those that differ. Both tabs work at once, and this process compares
    /// while they draw, so the phases add up to more than the run.
    package struct Phases: Sendable, Equatable {
        package var read: Duration = .zero
        package var open: Duration = .zero
        /// Both tabs' steps: layout, draw, measure (the fonts), decode.
        package var sheets = SheetCamera.Timings()
        package var compare: Duration = .zero
        package var write: Duration = .zero

        package init() {}

        /// Each phase and its seconds, in the order they happen.
        package var named: [(phase: String, seconds: Double)] {
            let phases: [(String, Duration)] = [
                ("read", read), ("open", open), ("layout", sheets.layout), ("draw", sheets.draw),
                ("fonts", sheets.measure), ("decode", sheets.decode), ("compare", compare), ("write", write),
            ]
            return phases.map { ($0.0, $0.1 / .seconds(1)) }
        }

        /// "read 1.2 s, open 0.4 s, …".
        package var line: String {
            named.map { "\($0.phase) \(String(format: "%.1f", $0.seconds)) s" }.joined(separator: ", ")
        }
    }

    /// What a run drew: the widgets it owns (every widget of the report, for no shard), and where
    /// its time went.
    package struct Ran: Sendable {
        package var owned: [Shard.OwnedWidget]
        package var phases: Phases
    }

    /// Phases added to from every task at once.
    final class PhaseTally: Sendable {
        let state = Mutex(Phases())

        func add(_ phase: WritableKeyPath<Phases, Duration>, since start: ContinuousClock.Instant) {
            let spent = ContinuousClock.now - start
            state.withLock { $0[keyPath: phase] += spent }
        }
    }
}
