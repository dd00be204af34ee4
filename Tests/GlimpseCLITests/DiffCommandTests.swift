import Foundation
import TestSupport
import Testing

/// `glimpse diff`, `approve` and `decisions migrate`: the verdict, the decisions and the exit codes
/// a CI job reads, in this process.
@Suite struct DiffCommandTests {
    /// Two One Goal galleries, the second with "Done today" said otherwise, and the folder they are in.
    static func pair(_ name: String) async throws -> (folder: URL, base: String, new: String) {
        let folder = temporaryFolder(name)
        let base = try await onegoal(into: folder, "base")
        let edited = try content(in: folder, doneToday: "Done for today")
        let new = try await onegoal(into: folder, "new", ["--content", edited])
        return (folder, base, new)
    }

    @Test func aGalleryComparedWithItselfPasses() async throws {
        let folder = temporaryFolder("glimpse-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = try await onegoal(into: folder, "base")
        let review = folder.appendingPathComponent("review").path
        let ran = await glimpse("diff", base, base, "--out", review, "--decisions", folder.path + "/decisions")
        #expect(ran.code == 0, "\(ran)")
        #expect(ran.error.contains("0 changed, 0 added, 0 removed, 45 unchanged widgets"), "\(ran)")
        #expect(FileManager.default.fileExists(atPath: review + "/junit.xml"))
    }

    @Test func aCopyEditFailsUntilItIsApproved() async throws {
        let (folder, base, new) = try await Self.pair("glimpse-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let review = folder.appendingPathComponent("review").path
        let decisions = folder.appendingPathComponent("decisions").path
        let changed = await glimpse("diff", base, new, "--out", review, "--decisions", decisions)
        #expect(changed.code == 1, "\(changed)")
        #expect(changed.error.contains("changes to review (--fail-on changes)"), "\(changed)")
        let never = await glimpse("diff", base, new, "--out", review, "--fail-on", "never", "--decisions", decisions)
        #expect(never.code == 0, "\(never)")

        let approved = await glimpse("approve", review, "--all", "--by", "tester", "--decisions", decisions)
        #expect(approved.code == 0, "\(approved)")
        let after = await glimpse("diff", base, new, "--out", review, "--decisions", decisions)
        #expect(after.code == 0, "\(after)")
        #expect(after.error.contains("approved, 0 with changes requested"), "\(after)")
    }

    @Test func changesRequestedFailWhateverFailOnSays() async throws {
        let (folder, base, new) = try await Self.pair("glimpse-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let review = folder.appendingPathComponent("review").path
        let decisions = folder.appendingPathComponent("decisions").path
        _ = await glimpse("diff", base, new, "--out", review, "--fail-on", "never", "--decisions", decisions)
        let sent = await glimpse(
            "approve", review, "--all", "--request-changes", "--by", "tester", "--decisions", decisions)
        #expect(sent.code == 0, "\(sent)")
        let ran = await glimpse("diff", base, new, "--out", review, "--fail-on", "never", "--decisions", decisions)
        #expect(ran.code == 1 && ran.error.contains("with changes requested"), "\(ran)")
    }

    @Test func anUnreadableGalleryOrABadOptionExits2() async throws {
        let folder = temporaryFolder("glimpse-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing").path
        let review = folder.appendingPathComponent("review").path
        let unreadable = await glimpse("diff", missing, missing, "--out", review)
        #expect(unreadable.code == 2 && unreadable.error.contains("manifest.json: no such file"), "\(unreadable)")
        let visual = await glimpse("diff", missing, missing, "--fail-on", "visual")
        #expect(visual.code == 2 && visual.error.contains("--fail-on visual compares pixels: add --pixels"))
        let approve = await glimpse("approve", review, "--all", "--decisions", folder.path + "/decisions")
        #expect(approve.code == 2, "\(approve)")
        #expect(!FileManager.default.fileExists(atPath: review))
    }

    @Test func migratingAFolderWithNothingOldSaysSo() async {
        let folder = temporaryFolder("glimpse-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let ran = await glimpse("decisions", "migrate", "--decisions", folder.path + "/glimpse-decisions")
        #expect(ran.code == 0, "\(ran)")
        #expect(ran.error.hasPrefix("Nothing to move: no \(folder.path)/glimpse-approvals.json"), "\(ran)")
    }

    @Test func reviewAndServeRefuseBadInputBeforeServing() async throws {
        let folder = temporaryFolder("glimpse-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing").path
        let review = await glimpse("review", missing, missing, "--decisions", folder.path + "/decisions")
        #expect(review.code == 2 && review.error.contains("manifest.json: no such file"), "\(review)")
        let serve = await glimpse("serve", "--port", "99999")
        #expect(serve.code == 2 && serve.error.contains("--port must be 1 to 65535"), "\(serve)")
    }
}
