import Foundation
import GlimpseCore
import Synchronization

/// How long reading one app's store may take, all of its files together, and how much of that
/// its reads have spent.
///
/// A read of a regular file can still block for good: a store on a network or FUSE mount that
/// stopped answering. Such a read cannot be cancelled, so each read runs on a thread of its own
/// and the caller waits for it only as long as the budget has left. Past that the read is
/// abandoned, still blocked, its result dropped, and the read and every later one of the same
/// store fail with a diagnostic naming the file and the timeout: the widget shows its fallback,
/// and the build goes on without it.
public final class StoreReadBudget: Sendable {
    /// The default timeout, `--store-timeout`'s: 10 s.
    public static let standardSeconds = TimeInterval(Limits.storeTimeout.value)

    /// The whole budget.
    public let seconds: TimeInterval
    private let spent = Mutex<TimeInterval>(0)

    public init(seconds: TimeInterval = standardSeconds) {
        self.seconds = seconds
    }

    /// What is left of the budget; 0 once it is spent.
    public var remaining: TimeInterval {
        spent.withLock { max(seconds - $0, 0) }
    }

    /// Counts `elapsed` against the budget.
    func charge(_ elapsed: TimeInterval) {
        spent.withLock { $0 += max(elapsed, 0) }
    }

    /// Runs `read` on the caller's thread and counts the time it took: for a read that is stopped
    /// some other way when the budget runs out (an SQLite query, by an interrupt).
    func charging<Value, Failure: Error>(_ read: () throws(Failure) -> Value) throws(Failure) -> Value {
        let started = ContinuousClock.now
        defer { charge(Self.seconds(ContinuousClock.now - started)) }
        return try read()
    }

    /// The error for a read of `file` that the budget did not cover.
    func exceeded(_ file: String) -> StoreError {
        .unreadable(
            file: file,
            reason:
                "reading this store took longer than \(Self.format(seconds)), its timeout (--store-timeout); stopped")
    }

    /// Runs `read` on a thread of its own, and waits for it as long as the budget has left.
    ///
    /// - Parameter file: the file `read` reads, relative to the store root, for the diagnostic.
    /// - Throws: what `read` throws; `StoreError.unreadable` naming `file` when the budget runs out
    ///   first (the read is abandoned) or was spent before.
    func run<Value: Sendable>(
        _ file: String, _ read: @escaping @Sendable () throws(StoreError) -> Value
    ) throws(StoreError) -> Value {
        let left = remaining
        guard left > 0 else { throw exceeded(file) }
        let outcome = Outcome<Value>()
        let started = ContinuousClock.now
        let thread = Thread {
            outcome.finish(Result { () throws(StoreError) -> Value in try read() })
        }
        // As much stack as a thread of the cooperative pool: decoders recurse on nested input.
        thread.stackSize = 8 << 20
        thread.start()
        let finished = outcome.done.wait(timeout: .now() + left) == .success
        charge(Self.seconds(ContinuousClock.now - started))
        guard finished, let result = outcome.result else {
            charge(seconds)
            throw exceeded(file)
        }
        return try result.get()
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    /// "10 s", "0.5 s".
    static func format(_ seconds: TimeInterval) -> String {
        seconds == seconds.rounded() && seconds < 1e9 ? "\(Int(seconds)) s" : "\(seconds) s"
    }

    /// A read's result, handed from its thread to the caller that may have stopped waiting.
    private final class Outcome<Value: Sendable>: Sendable {
        let done = DispatchSemaphore(value: 0)
        private let value = Mutex<Result<Value, StoreError>?>(nil)

        var result: Result<Value, StoreError>? { value.withLock { $0 } }

        func finish(_ result: Result<Value, StoreError>) {
            value.withLock { $0 = result }
            done.signal()
        }
    }
}
