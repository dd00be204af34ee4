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
    /// - Parameters:
    ///   - file: the file `read` reads, relative to the store root, for the diagnostic.
    ///   - key: what the read reads, for `Stuck`: the file's real path; `file` when not given.
    ///   - read: the read itself. Abandoned at the deadline, it goes on running on its thread until it returns.
    /// - Throws: what `read` throws; `StoreError.unreadable` naming `file` when the budget runs out
    ///   first (the read is abandoned) or was spent before.
    public func run<Value: Sendable>(
        _ file: String, key: String? = nil, _ read: @escaping @Sendable () throws(StoreError) -> Value
    ) throws(StoreError) -> Value {
        let left = remaining
        guard left > 0 else { throw exceeded(file) }
        let key = key ?? file
        if let refusal = Stuck.refusal(for: key) {
            charge(seconds)
            throw .unreadable(file: file, reason: refusal)
        }
        let outcome = Outcome<Value>(key: key)
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
            outcome.abandon()
            throw exceeded(file)
        }
        return try result.get()
    }

    /// The reads abandoned at their deadline that have not returned, in the whole process, by what
    /// they read. Such a read cannot be cancelled and keeps its thread; a file with one is not read
    /// again until it returns, and past `Limits.storeStuckReads` no read starts at all. So `serve`,
    /// rebuilding a store that hangs on every save, keeps one thread per stuck file, not one per save.
    enum Stuck {
        static let reads = Mutex<[String: Int]>([:])

        /// Why a read of `key` may not start now; `nil` when it may.
        static func refusal(for key: String) -> String? {
            reads.withLock { reads in
                if reads[key, default: 0] > 0 {
                    return "an earlier read of this file has not returned since its timeout (--store-timeout); "
                        + "it is not read again until that one does"
                }
                if reads.values.reduce(0, +) >= Limits.storeStuckReads.value {
                    return "\(Limits.storeStuckReads.value) reads of stores are stuck past their timeout; no read "
                        + "starts until one returns (store-stuck-reads, docs/LIMITS.md)"
                }
                return nil
            }
        }

    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    /// "10 s", "0.5 s".
    static func format(_ seconds: TimeInterval) -> String {
        seconds == seconds.rounded() && seconds < 1e9 ? "\(Int(seconds)) s" : "\(seconds) s"
    }

    /// A read's result, handed from its thread to the caller that may have stopped waiting; a read
    /// the caller abandoned counts in `Stuck` until it returns.
    private final class Outcome<Value: Sendable>: Sendable {
        let done = DispatchSemaphore(value: 0)
        let key: String
        private let state = Mutex<(result: Result<Value, StoreError>?, abandoned: Bool)>((nil, false))

        init(key: String) {
            self.key = key
        }

        var result: Result<Value, StoreError>? { state.withLock { $0.result } }

        func finish(_ result: Result<Value, StoreError>) {
            let abandoned = state.withLock { state in
                state.result = result
                return state.abandoned
            }
            if abandoned {
                Stuck.reads.withLock { reads in
                    let left = reads[key, default: 1] - 1
                    reads[key] = left > 0 ? left : nil
                }
            }
            done.signal()
        }

        /// The caller stopped waiting: the read is stuck until it finishes (unless it just did).
        func abandon() {
            let stuck = state.withLock { state in
                guard state.result == nil else { return false }
                state.abandoned = true
                return true
            }
            if stuck { Stuck.reads.withLock { $0[key, default: 0] += 1 } }
        }
    }
}
