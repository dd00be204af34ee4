import Foundation
import GlimpseCore

/// Just Now's rules (docs/widgets/justnow.md): which sessions of the file count. How long ago the
/// last one ended is `JustNowTimeSince`'s.
enum JustNowRules {
    /// A longer session than this is a diagnostic, not a 10⁹-second sit.
    static let longestSession: TimeInterval = 24 * 3600

    /// The sessions the widget counts at `now`: those with a duration from 0 to a day, that had
    /// started by `now` (a session starting later comes from a wrong clock). The others are left
    /// out, with a warning naming `file`.
    static func sessions(
        _ sessions: [JustNowStoreFile.Session], now: Date, file: String
    ) -> ([JustNowStoreFile.Session], [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let sane = sessions.enumerated().filter { index, session in
            guard session.durationSeconds.isFinite, (0...longestSession).contains(session.durationSeconds) else {
                let message =
                    "sessions[\(index)].durationSeconds: \(session.durationSeconds) is outside 0…86400; that session "
                    + "is ignored"
                diagnostics.append(Diagnostic(.warning, message, file: file))
                return false
            }
            return true
        }.map(\.element)
        let future = sane.filter { $0.startedAt > now }
        if let first = future.map(\.startedAt).min()?.formatted(.iso8601) {
            let message =
                future.count == 1
                ? "1 session starts after now, at \(first); it is ignored"
                : "\(future.count) sessions start after now, the first at \(first); they are ignored"
            diagnostics.append(Diagnostic(.warning, message, file: file))
        }
        return (sane.filter { $0.startedAt <= now }, diagnostics)
    }
}
