import Foundation
import GlimpseCore
import Synchronization
import Testing

@testable import AppGroupStore

/// Reading one store has a time budget: a read that never answers is abandoned on its own thread
/// at the timeout, and what follows of the same store fails at once, each naming its file.
struct StoreReadBudgetTests {
    /// Files that open as on disk, except those named `hung`, whose open blocks until the test
    /// lets it go, as a read on a mount that stopped answering does. It counts those opens.
    final class HungFiles: Sendable {
        let hung: String
        private let release = DispatchSemaphore(value: 0)
        private let opened = Mutex(0)

        init(hung: String) {
            self.hung = hung
        }

        var access: StoreFileAccess {
            StoreFileAccess { [self] url in
                if url.lastPathComponent == hung {
                    opened.withLock { $0 += 1 }
                    // 30 s at most: without the timeout, the read then succeeds, and the test fails.
                    _ = release.wait(timeout: .now() + 30)
                }
                return try RegularFile.open(url)
            }
        }

        var hungOpens: Int { opened.withLock { $0 } }

        /// Lets every blocked open go, so that no thread outlives the test.
        func letGo() {
            for _ in 0..<hungOpens { release.signal() }
        }
    }

    /// A store of `paths` (each holding `{}`) whose file named `hung` never answers, opened with `timeout`.
    func store(_ paths: [String], hung: String, timeout: TimeInterval) throws -> (StoreFixture, HungFiles, StoreRoot) {
        let fixture = StoreFixture()
        for path in paths { fixture.write(path, "{}") }
        let files = HungFiles(hung: hung)
        return (fixture, files, try StoreRoot(url: fixture.root, timeout: timeout, files: files.access))
    }

    @Test func aReadThatNeverAnswersIsAbandonedAtTheTimeout() throws {
        let (fixture, files, root) = try store(
            ["group.test/habits.json", "group.test/other.json"], hung: "habits.json", timeout: 0.3)
        defer { files.letGo() }
        _ = fixture
        let container = try root.container("group.test")
        #expect(
            throws: StoreError.unreadable(
                file: "group.test/habits.json",
                reason: "reading this store took longer than 0.3 s, its timeout (--store-timeout); stopped")
        ) {
            try container.data(at: "habits.json")
        }
        #expect(files.hungOpens == 1)
        // The budget is spent: the next read fails at once, naming its own file, without opening it.
        #expect(
            throws: StoreError.unreadable(
                file: "group.test/other.json",
                reason: "reading this store took longer than 0.3 s, its timeout (--store-timeout); stopped")
        ) {
            try container.data(at: "other.json")
        }
        // Whether a file exists can no longer be told, so it may: the read that follows says why.
        #expect(container.fileExists("missing.json"))
        #expect(files.hungOpens == 1)
    }

    @Test func readsWithinTheBudgetAreReadAndCharged() throws {
        let fixture = StoreFixture()
        fixture.write("group.test/a.json", "{\"a\": 1}")
        let container = try StoreRoot(url: fixture.root, timeout: 60).container("group.test")
        #expect(try container.data(at: "a.json") == Data("{\"a\": 1}".utf8))
        #expect(container.budget.remaining < 60)
        #expect(container.budget.remaining > 0)
    }

    @Test func theBudgetIsTheStoresNotEachContainers() throws {
        let (fixture, files, root) = try store(
            ["group.one/slow.json", "group.two/data.json"], hung: "slow.json", timeout: 0.2)
        defer { files.letGo() }
        _ = fixture
        #expect(throws: StoreError.self) { try root.container("group.one").data(at: "slow.json") }
        #expect(throws: StoreError.self) { try root.container("group.two").data(at: "data.json") }
    }

    @Test func aHungMetadataPlistLeavesTheContainerKnownByItsName() throws {
        let (fixture, files, root) = try store(
            ["group.test/\(StoreRoot.metadataFileName)"], hung: StoreRoot.metadataFileName, timeout: 0.2)
        defer { files.letGo() }
        _ = fixture
        #expect(Array(root.containers.keys) == ["group.test"])
        #expect(root.diagnostics.map(\.file) == ["group.test/\(StoreRoot.metadataFileName)"])
        #expect(root.diagnostics.first?.message.contains("took longer than 0.2 s") == true)
    }

    @Test func timeoutsAreWrittenAsGiven() {
        #expect(StoreReadBudget.format(10) == "10 s")
        #expect(StoreReadBudget.format(0.5) == "0.5 s")
    }
}

/// `serve` rebuilds on every save, each time with a new budget: a store that hangs on every read
/// must not leave a thread behind per rebuild. The file's stuck read is not started again.
struct StuckReadTests {
    static func threads() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
    }

    @Test func twoHundredRebuildsOfAHungStoreKeepOneThreadForIt() throws {
        let fixture = StoreFixture()
        fixture.write("group.test/habits.json", "{}")
        let files = StoreReadBudgetTests.HungFiles(hung: "habits.json")
        defer { files.letGo() }
        let key = fixture.root.appendingPathComponent("group.test/habits.json").path
        let before = Self.threads()
        var refusals = 0
        for _ in 0..<200 {
            // A second: far above what listing the folder takes on a busy machine; only the first read waits it out.
            let root = try StoreRoot(url: fixture.root, timeout: 1, files: files.access)
            let outcome = Result { () throws(StoreError) -> Data in
                try root.container("group.test").data(at: "habits.json")
            }
            guard case .failure(let error) = outcome, case .unreadable(let file, let reason) = error else {
                Issue.record("a hung read returned: \(outcome)")
                continue
            }
            #expect(file == "group.test/habits.json")
            if reason.hasPrefix("an earlier read of this file has not returned") { refusals += 1 }
        }
        #expect(files.hungOpens == 1, "the file was opened once, not once per rebuild")
        #expect(refusals == 199)
        #expect(StoreReadBudget.Stuck.reads.withLock { $0[key] } == 1)
        // Other suites run beside this one and start threads of their own: a pile-up would be 199 more.
        #expect(Self.threads() - before < 20, "threads before \(before), after \(Self.threads())")
        files.letGo()
        // Once the read returns, the file is read again.
        let deadline = Date().addingTimeInterval(5)
        while StoreReadBudget.Stuck.reads.withLock({ $0[key] }) != nil, Date() < deadline { usleep(10_000) }
        #expect(StoreReadBudget.Stuck.reads.withLock { $0[key] } == nil)
        let root = try StoreRoot(url: fixture.root, timeout: 5)
        #expect(throws: Never.self) { try root.container("group.test").data(at: "habits.json") }
    }
}
