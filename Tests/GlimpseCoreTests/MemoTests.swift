import GlimpseCore
import Synchronization
import Testing

/// A memo answers from what it kept, and keeps at most its capacity.
struct MemoTests {
    @Test func anAnswerIsComputedOnceWhileKept() {
        let memo = Memo<Int, String>(capacity: 3)
        let calls = Mutex(0)
        func ask(_ key: Int) -> String {
            memo.value(key) { key in
                calls.withLock { $0 += 1 }
                return "#\(key)"
            }
        }
        #expect([1, 2, 1, 2, 1].map(ask) == ["#1", "#2", "#1", "#2", "#1"])
        #expect(calls.withLock { $0 } == 2)
        // Full, it empties and fills again: never more than its capacity.
        for key in 3...10 { _ = ask(key) }
        #expect(memo.count <= 3)
        #expect(ask(10) == "#10")
    }

    @Test func tasksAtOnceGetTheSameAnswers() async {
        let memo = Memo<Int, Int>(capacity: 64)
        let answers = await withTaskGroup(of: [Int].self) { group in
            for _ in 0..<8 { group.addTask { (0..<500).map { key in memo.value(key % 100) { $0 * $0 } } } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for list in answers { #expect(list == (0..<500).map { ($0 % 100) * ($0 % 100) }) }
        #expect(memo.count <= 64)
    }
}
