import Dispatch
import Foundation
import GlimpseFormat
import Synchronization
import Testing

@testable import GlimpseDiff
@testable import GlimpseReview

/// The decisions folder: a file a decision, named after the change; version 1's files read and
/// moved in; and one writer at a time, each reading again under the lock, so that none is lost.
@Suite struct DecisionStoreTests {
    static let writer = DecisionStore.Writer(holder: "DecisionStoreTests", timeout: .seconds(600))

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("decisions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func location(_ folder: URL) -> DecisionLocation {
        DecisionLocation(folder: folder.appendingPathComponent("glimpse-decisions").path)
    }

    /// A change of widget `index`, as a diff would name it.
    static func change(_ index: Int, after: String = "b") -> DiffReport.Decidable {
        DiffReport.Decidable(
            key: "app/w\(index)/systemSmall", variant: "", before: String(repeating: "a", count: 64),
            after: String(repeating: after, count: 64), pixels: nil)
    }

    static func names(_ location: DecisionLocation) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: location.folder.path).sorted()
    }

    @Test func aDecisionIsAFileNamedAfterItsChangeAndAnotherVerdictIsTheSameFile() throws {
        let location = Self.location(try Self.folder())
        _ = try DecisionStore.update(location, as: Self.writer) { store in
            store.decide([Self.change(1)], .approve, by: "jane", at: "2026-11-26T09:00:00Z", note: "per spec")
        }
        let approved = try Self.names(location)
        #expect(approved.count == 1 && approved[0].hasPrefix("app.w1.systemSmall.") && approved[0].hasSuffix(".json"))
        _ = try DecisionStore.update(location, as: Self.writer) { store in
            store.decide([Self.change(1)], .requestChanges, by: "max", at: "2026-11-26T09:01:00Z", note: "too thin")
        }
        #expect(try Self.names(location) == approved)
        let store = try DecisionStore.read(location)
        #expect(store.approvals.approvals.isEmpty && store.notes.requests.map(\.by) == ["max"])
        let text = try String(contentsOf: location.folder.appendingPathComponent(approved[0]), encoding: .utf8)
        #expect(text.hasPrefix("{\n  \"schemaVersion\": 2,\n  \"key\": \"app/w1/systemSmall\",\n"))
        #expect(text.contains("\n  \"kind\": \"changes-requested\",\n  \"by\": \"max\",\n"))
        // No lock file stays behind, and nothing but the folder is written beside it.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: location.folder.deletingLastPathComponent().path)
                == ["glimpse-decisions"])
    }

    @Test func aCommentIsAFileOfItsOwnAndAFrameDecisionAnother() throws {
        let location = Self.location(try Self.folder())
        _ = try DecisionStore.update(location, as: Self.writer) { store in
            store.decide([Self.change(1)], .approve, by: "jane", at: "2026-11-26T09:00:00Z", note: nil, frame: "t-0900")
            store.comment(
                Self.change(1), frame: "t-0900", scheme: "dark", by: "jane", at: "2026-11-26T09:00:00Z", text: "Hm")
        }
        let names = try Self.names(location)
        #expect(names.count == 2 && names.contains { $0.hasPrefix("app.w1.systemSmall.t-0900.comment.") })
        let store = try DecisionStore.read(location)
        #expect(store.notes.comments?.map(\.text) == ["Hm"] && store.approvals.approvals.map(\.frame) == ["t-0900"])
    }

    /// Version 1's files are read, and the next write moves what they hold into the folder.
    @Test func theFilesOfVersionOneAreReadAndMovedIntoTheFolder() throws {
        let root = try Self.folder()
        let location = Self.location(root)
        let approval = Decision(
            key: "app/w1/systemSmall", variant: "", before: String(repeating: "a", count: 64),
            after: String(repeating: "b", count: 64), pixels: 12, by: "jane", at: "2026-11-26T09:00:00Z", note: "ok")
        var request = approval
        (request.key, request.by, request.note) = ("app/w2/systemSmall", "max", "no")
        try DecisionFiles.encoded(Approvals(approvals: [approval])).write(to: location.legacyApprovals)
        try DecisionFiles.encoded(ReviewNotes(requests: [request])).write(to: location.legacyReview)
        let read = try DecisionStore.read(location)
        #expect(read.approvals.approvals == [approval] && read.notes.requests == [request])
        #expect(read.legacyFiles.count == 2)
        let (moved, _) = try DecisionStore.update(location, as: Self.writer) { _ in }
        #expect(try moved.legacyFiles.isEmpty && Self.names(location).count == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["glimpse-decisions"])
        let again = try DecisionStore.read(location)
        #expect(again.approvals.approvals == [approval] && again.notes.requests == [request])
    }

    @Test func otherFilesOfTheFolderAreKeptAndAFolderInItIsRefused() throws {
        let location = Self.location(try Self.folder())
        try FileManager.default.createDirectory(at: location.folder, withIntermediateDirectories: true)
        try Data("Our decisions.\n".utf8).write(to: location.folder.appendingPathComponent("README.md"))
        _ = try DecisionStore.update(location, as: Self.writer) { store in
            store.decide([Self.change(1)], .approve, by: "jane", at: "2026-11-26T09:00:00Z", note: nil)
        }
        let names = try Self.names(location)
        #expect(names.first == "README.md" && names.count == 2)
        try FileManager.default.createDirectory(
            at: location.folder.appendingPathComponent("more"), withIntermediateDirectories: false)
        #expect { try DecisionStore.read(location) } throws: { "\($0)".contains("glimpse-decisions/more") }
    }

    @Test func anApprovalAndARequestOfOneChangeAreToldAsDecidedTwice() {
        let approval = Decision(
            key: "app/w1/systemSmall", variant: "", before: "a", after: "b", pixels: nil, by: "jane", at: "t", note: nil
        )
        var request = approval
        request.by = "max"
        let store = DecisionStore(
            location: DecisionLocation(folder: "/d"), approvals: Approvals(approvals: [approval]),
            notes: ReviewNotes(requests: [request]))
        #expect(store.decidedTwice == ["app/w1/systemSmall: approved by jane, changes requested by max"])
        #expect(DecisionStore.named(store.records).map(\.0).count == 2)
    }

    /// Writers at once, each deciding its own change: every decision is there after, as each read
    /// the folder again under the lock (a lock is a file's open description, so threads of one
    /// process exclude each other as processes do). 16 here, each syncing the file system beside
    /// the other suites; `test_decisions.py` starts 40 processes.
    @Test func writersAtOnceLoseNoDecision() throws {
        let location = Self.location(try Self.folder())
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            do {
                _ = try DecisionStore.update(location, as: Self.writer) { store in
                    store.decide([Self.change(index)], .approve, by: "w\(index)", at: "2026-11-26T09:00:00Z", note: nil)
                }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(try DecisionStore.read(location).approvals.approvals.count == 16)
    }
}
