import Foundation
import GlimpseRegistry
import TestSupport
import Testing

@testable import GlimpseCLI

/// `glimpse diff`, `approve` and `decisions migrate`: the verdict, the decisions and the exit codes
/// a CI job reads, in this process.
@Suite struct DiffCommandTests {
    /// Two galleries of `apps` (the first app's when empty), the second with a copy key of each app
    /// said otherwise, the keys edited, and the folder they are in.
    static func pair(
        _ name: String, apps: [String] = []
    ) async throws -> (
        folder: URL, base: String, new: String, keys: [String]
    ) {
        let folder = temporaryFolder(name)
        let more = apps.flatMap { ["--app", $0] }
        let base = try await gallery(into: folder, "base", more)
        let keys = try drawnCopyKeys(in: base, apps: apps.isEmpty ? [firstApp] : apps)
        let edited = try content(in: folder, editing: keys)
        let new = try await gallery(into: folder, "new", more + ["--content", edited])
        return (folder, base, new, keys)
    }

    @Test func aGalleryComparedWithItselfPasses() async throws {
        let folder = temporaryFolder("glimpse-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = try await gallery(into: folder, "base")
        let review = folder.appendingPathComponent("review").path
        let ran = await glimpse("diff", base, base, "--out", review, "--decisions", folder.path + "/decisions")
        #expect(ran.code == 0, "\(ran)")
        #expect(ran.error.contains("0 changed, 0 added, 0 removed, "), "\(ran)")
        #expect(FileManager.default.fileExists(atPath: review + "/junit.xml"))
    }

    @Test func aCopyEditFailsUntilItIsApproved() async throws {
        let (folder, base, new, _) = try await Self.pair("glimpse-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let review = folder.appendingPathComponent("review").path
        let decisions = folder.appendingPathComponent("decisions").path
        let diff = ["diff", base, new, "--out", review, "--decisions", decisions]
        let changed = try await outcome(of: Diff.self, diff)
        let report = changed.verdict.report
        #expect(changed.exitCode == 1 && report.summary.changed > 0 && report.summary.added == 0, "\(changed.said)")
        #expect(
            changed.said.last == .problem(changed.verdict.failing) && changed.verdict.failing.contains(" to review"))
        let never = try await outcome(of: Diff.self, diff + ["--fail-on", "never"])
        #expect(never.exitCode == 0 && never.verdict.report.summary.changed == report.summary.changed)
        let said = await glimpse(diff)
        #expect(said.code == 1 && said.error.contains("changes to review (--fail-on changes)"), "\(said)")

        let approved = try await outcome(
            of: Approve.self, ["approve", review, "--all", "--by", "tester", "--decisions", decisions])
        #expect(approved.by == "tester" && !approved.requestChanges && approved.folder == decisions)
        #expect(Set(approved.decided.map(\.key)) == Set(report.decidable.map(\.key)), "\(approved.said)")
        let after = try await outcome(of: Diff.self, diff)
        #expect(after.exitCode == 0 && after.verdict.report.approvals?.approved == report.decidable.count)
        let again = await glimpse(diff)
        #expect(again.code == 0 && again.error.contains("approved, 0 with changes requested"), "\(again)")
    }

    /// Two copy edits in two apps are two causes, one a widget, however many widgets each reaches;
    /// one decision on each decides them all, and one cause left undecided still fails.
    @Test func twoCopyEditsAreTwoCausesAndTwoDecisions() async throws {
        let apps = Array(GalleryApps.all.prefix(2).map(\.id))
        let (folder, base, new, keys) = try await Self.pair("glimpse-cli", apps: apps)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(keys.count == 2)
        let review = folder.appendingPathComponent("review").path
        let decisions = folder.appendingPathComponent("decisions").path
        let ran = await glimpse("diff", base, new, "--out", review, "--decisions", decisions)
        #expect(ran.code == 1 && ran.error.contains("2 causes: "), "\(ran)")
        let report = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: review + "/diff.json")))
        let causes = (report as? [String: Any])?["causes"] as? [[String: Any]] ?? []
        let widgets = ((report as? [String: Any])?["widgets"] as? [[String: Any]] ?? []).filter {
            $0["status"] as? String != "unchanged"
        }
        #expect(Set(causes.compactMap { $0["id"] as? String }) == Set(keys.map { "\($0)@en_US" }), "\(causes)")
        #expect(widgets.allSatisfy { ($0["causes"] as? [String])?.count == 1 }, "each change has one cause")
        #expect(causes.reduce(0) { $0 + (($1["widgets"] as? [String])?.count ?? 0) } == widgets.count)
        // Each cause's row shows a few of its changes before and after, drawn from the galleries' markup.
        let index = try String(contentsOf: URL(fileURLWithPath: review + "/index.html"), encoding: .utf8)
        #expect(index.components(separatedBy: "class=\"review-pictures-row\"").count - 1 == 2)
        #expect(index.contains("title=\"Before: ") && index.contains("title=\"After: "))
        #expect(index.contains(" (edited)"), "the new gallery's words are in the pictures")

        let first = await glimpse(
            "approve", review, "--cause", "\(keys[0])@en_US", "--by", "t", "--decisions", decisions)
        #expect(first.code == 0 && first.error.contains("Approved 1 cause"), "\(first)")
        let half = await glimpse("diff", base, new, "--out", review, "--decisions", decisions)
        #expect(half.code == 1, "\(half)")
        let second = await glimpse(
            "approve", review, "--cause", "copy:\(apps[1])/*", "--by", "t", "--decisions", decisions)
        #expect(second.code == 0, "\(second)")
        let after = await glimpse("diff", base, new, "--out", review, "--decisions", decisions)
        #expect(after.code == 0 && after.error.contains("\(widgets.count) approved"), "\(after)")
        let unknown = await glimpse("approve", review, "--cause", "copy:nothing", "--decisions", decisions)
        #expect(unknown.code == 2 && unknown.error.contains("no cause of this diff has that id"), "\(unknown)")
    }

    @Test func changesRequestedFailWhateverFailOnSays() async throws {
        let (folder, base, new, _) = try await Self.pair("glimpse-cli")
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

    @Test func migratingAFolderWithNothingOldSaysSo() async throws {
        let folder = temporaryFolder("glimpse-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let moved = try await outcome(
            of: MigrateDecisions.self, ["decisions", "migrate", "--decisions", folder.path + "/glimpse-decisions"])
        #expect(moved.folder == nil && moved.moved.isEmpty && moved.exitCode == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/glimpse-decisions"), "nothing was written")
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
