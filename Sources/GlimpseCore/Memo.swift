import Synchronization

/// Answers of a pure function kept by their argument, shared by every task: a formatter asked for
/// the same clock time or scale thousands of times in a build answers from here after the first.
///
/// At most `capacity` answers are kept; when it is full, it is emptied and fills again, so that
/// memory stays bounded however many distinct arguments come.
public final class Memo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let answers = Mutex<[Key: Value]>([:])
    private let capacity: Int

    public init(capacity: Int = 4_096) {
        self.capacity = capacity
    }

    /// `compute(key)`, computed once while it is kept. Not under the lock: two tasks asking at
    /// once may both compute it, and get the same answer.
    public func value(_ key: Key, _ compute: (Key) -> Value) -> Value {
        if let kept = answers.withLock({ $0[key] }) { return kept }
        let value = compute(key)
        answers.withLock { answers in
            if answers.count >= capacity { answers.removeAll(keepingCapacity: true) }
            answers[key] = value
        }
        return value
    }

    /// How many answers are kept.
    public var count: Int { answers.withLock(\.count) }
}
