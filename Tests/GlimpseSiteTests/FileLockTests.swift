import Foundation
import Testing

@testable import GlimpseOutput

/// One writer at a time: a second writer waits, and past its deadline says who holds the lock; a
/// lock file left by a writer that died holds nothing.
struct FileLockTests {
    static func lockFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("lock-\(UUID().uuidString).lock")
    }

    @Test func aSecondWriterPastItsDeadlineSaysWhoHoldsTheLock() throws {
        let url = Self.lockFile()
        try FileLock.withLock(url, holder: "glimpse approve review --all", timeout: .seconds(60)) {
            #expect {
                try FileLock.withLock(url, holder: "second", timeout: .milliseconds(50)) {}
            } throws: { error in
                guard case .held(_, let holder, _) = error as? FileLockError else { return false }
                return holder?.hasPrefix("pid \(getpid()): glimpse approve review --all, since ") == true
            }
        }
        // Let go, and its file removed with it; the next writer takes it at once.
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(try FileLock.withLock(url, holder: "third", timeout: .zero) { 3 } == 3)
    }

    @Test func aLockFileLeftByAWriterThatDiedHoldsNothing() throws {
        let url = Self.lockFile()
        try Data("pid 999999: glimpse approve, since 2026-11-26T09:00:00Z\n".utf8).write(to: url)
        #expect(try FileLock.withLock(url, holder: "next", timeout: .zero) { true })
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func aLinkInPlaceOfTheLockFileIsRefused() throws {
        let url = Self.lockFile()
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "/etc/passwd")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: FileLockError.self) { try FileLock.withLock(url, holder: "w", timeout: .zero) {} }
    }
}
