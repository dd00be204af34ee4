import Foundation
import GlimpseShots
import Synchronization

/// Where a check's time went, phase by phase: opening the browser and its tabs, reading the
/// gallery's pages, laying the sheets out, drawing them, the measuring script, drawing them again
/// without text, reading the pixels of both drawings (PNG), and the rules. The tabs work at once,
/// so their phases add up to more than the run.
package struct CheckPhases: Sendable, Equatable {
    package var open: Duration = .zero
    package var read: Duration = .zero
    /// Each sheet's steps in its tab: layout, draw, measure, redraw (without text), decode.
    package var sheets = SheetCamera.Timings()
    package var rules: Duration = .zero

    package init() {}

    /// Each phase and its seconds, in the order they happen.
    package var named: [(phase: String, seconds: Double)] {
        let phases: [(String, Duration)] = [
            ("open", open), ("read", read), ("layout", sheets.layout), ("draw", sheets.draw),
            ("measure", sheets.measure), ("redraw", sheets.redraw), ("decode", sheets.decode), ("rules", rules),
        ]
        return phases.map { ($0.0, $0.1 / .seconds(1)) }
    }

    /// "open 1.2 s, read 3.4 s, …".
    package var line: String {
        named.map { "\($0.phase) \(String(format: "%.1f", $0.seconds)) s" }.joined(separator: ", ")
    }
}

/// The phases of a run, added to from every tab at once.
final class PhaseClock: Sendable {
    let state = Mutex(CheckPhases())

    func add(_ timings: SheetCamera.Timings) { state.withLock { $0.sheets.add(timings) } }

    func add(_ phase: WritableKeyPath<CheckPhases, Duration>, _ duration: Duration) {
        state.withLock { $0[keyPath: phase] += duration }
    }

    /// Runs `body`, adding its time to `phase`.
    func time<T>(_ phase: WritableKeyPath<CheckPhases, Duration>, _ body: () async throws -> T) async rethrows -> T {
        let start = ContinuousClock.now
        defer { add(phase, ContinuousClock.now - start) }
        return try await body()
    }
}
