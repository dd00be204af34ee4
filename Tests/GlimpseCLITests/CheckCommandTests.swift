import Foundation
import GlimpseFormat
import TestSupport
import Testing

/// `glimpse check`, `snapshot` and `merge`, drawn by the browser `make test` installs: the verdict
/// and exit codes, a seeded defect against its control, and shards merged into one run's verdict.
@Suite(.enabled(if: hasChromium, "needs Chromium (make test installs it)")) struct CheckCommandTests {
    /// No finding accepted.
    static func noneAccepted(in folder: URL) throws -> String {
        let file = folder.appendingPathComponent("none.json")
        try #"{"schemaVersion": 2, "accepted": []}"#.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// The first app with every text of its widgets drawn in a pale grey on every scheme: a
    /// contrast defect.
    static func pale(in folder: URL) async throws -> String {
        let templates = folder.appendingPathComponent("templates")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("templates"), to: templates)
        let css = templates.appendingPathComponent("gallery.css")
        let handle = try FileHandle(forWritingTo: css)
        handle.seekToEndOfFile()
        handle.write(Data(".widget * { color: #eeeeee !important; }\n".utf8))
        try handle.close()
        return try await gallery(into: folder, "pale", ["--templates", templates.path])
    }

    @Test func aSeededContrastDefectFailsAndItsControlPasses() async throws {
        let folder = temporaryFolder("glimpse-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let none = try Self.noneAccepted(in: folder)
        let control = try await gallery(into: folder, "control")
        let pale = try await Self.pale(in: folder)
        let passed = await glimpse(
            "check", control, "--out", folder.path + "/c1", "--accept", none, "--rule", "contrast")
        #expect(passed.code == 0, "\(passed)")
        #expect(passed.error.contains("0 findings;"), "\(passed)")
        let failed = await glimpse("check", pale, "--out", folder.path + "/c2", "--accept", none, "--rule", "contrast")
        #expect(failed.code == 1, "\(failed)")
        #expect(failed.error.contains("findings fail (--fail-on any)"), "\(failed)")
        #expect(failed.error.contains("of which") && failed.error.contains("by rule, contrast"), "\(failed)")
        let never = await glimpse(
            "check", pale, "--out", folder.path + "/c3", "--accept", none, "--rule", "contrast", "--fail-on", "never")
        #expect(never.code == 0, "\(never)")
    }

    /// Each finding of `folder/findings.json` of a rule that reads no pixels, without the problem it
    /// is filed under (problems are numbered across every rule the run had).
    static func layoutFindings(in folder: String) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/findings.json"))
        let findings = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["findings"] as? [[String: Any]]
        return try (findings ?? []).compactMap { finding in
            guard let rule = (finding["rule"] as? String).flatMap(CheckRule.init), !rule.readsPixels else { return nil }
            let kept = finding.filter { $0.key != "problem" }
            return String(
                decoding: try JSONSerialization.data(withJSONObject: kept, options: .sortedKeys), as: UTF8.self)
        }.sorted()
    }

    @Test func layoutRulesAloneMeasureWithoutDrawingAndFindWhatAWholeCheckFinds() async throws {
        let folder = temporaryFolder("glimpse-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let none = try Self.noneAccepted(in: folder)
        // Texts of twice their length at the largest text size on the smallest screen: cut, and small
        // targets.
        let cramped = try await gallery(
            into: folder, "cramped", ["--pseudo", "double", "--text-size", "AX5", "--device", "320x568"])
        let whole = await glimpse(
            "check", cramped, "--out", folder.path + "/whole", "--accept", none, "--fail-on", "never")
        #expect(whole.code == 0, "\(whole)")
        let layout = CheckRule.allCases.filter { !$0.readsPixels }.flatMap { ["--rule", $0.rawValue] }
        let measured = await glimpse(
            ["check", cramped, "--out", folder.path + "/layout", "--accept", none, "--fail-on", "never"] + layout)
        #expect(measured.code == 0, "\(measured)")
        #expect(measured.error.contains("draw 0.0 s, ") && measured.error.contains("redraw 0.0 s, "), "\(measured)")
        let found = try Self.layoutFindings(in: folder.path + "/layout")
        #expect(!found.isEmpty, "the cramped gallery has layout findings to compare")
        #expect(found == (try Self.layoutFindings(in: folder.path + "/whole")))
    }

    @Test func theShardsOfACheckMergeIntoOneRunsVerdict() async throws {
        let folder = temporaryFolder("glimpse-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let none = try Self.noneAccepted(in: folder)
        let pale = try await Self.pale(in: folder)
        var parts: [String] = []
        for index in 1...2 {
            let part = folder.appendingPathComponent("part-\(index)").path
            let ran = await glimpse(
                "check", pale, "--out", part, "--accept", none, "--rule", "contrast", "--shard", "\(index)/2")
            #expect(ran.code == 0 && ran.error.contains("shard \(index)/2: "), "\(ran)")
            parts.append(part)
        }
        let page = try String(contentsOf: URL(fileURLWithPath: parts[0] + "/index.html"), encoding: .utf8)
        #expect(page.contains("Shard 1 of 2 alone: only its widgets were checked"), "a shard's grids are its own")
        let whole = await glimpse(
            "check", pale, "--out", folder.path + "/whole", "--accept", none, "--rule", "contrast")
        let merged = await glimpse(["merge"] + parts + ["--out", folder.path + "/merged", "--accept", none])
        #expect(merged.code == whole.code && merged.code == 1, "\(merged)")
        let verdict = { (ran: Ran) in ran.error.split(separator: "\n").first { $0.contains("findings (") } ?? "" }
        #expect(!verdict(whole).isEmpty && verdict(merged).hasPrefix(verdict(whole).prefix(60)), "\(merged)\n\(whole)")
        let one = await glimpse("merge", parts[0], "--out", folder.path + "/one")
        #expect(one.code == 2 && one.error.contains("missing"), "\(one)")
    }

    @Test func aSnapshotDrawsEveryFrameAndRefusesABadScale() async throws {
        let folder = temporaryFolder("glimpse-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let gallery = try await gallery(into: folder, "public")
        let out = folder.appendingPathComponent("snapshot").path
        let ran = await glimpse("snapshot", gallery, "--out", out, "--scale", "1")
        #expect(ran.code == 0, "\(ran)")
        #expect(FileManager.default.fileExists(atPath: out + "/index.json"))
        let bad = await glimpse("snapshot", gallery, "--out", out, "--scale", "4")
        #expect(bad.code == 2, "\(bad)")
        let unknownRule = await glimpse("check", gallery, "--rule", "beauty")
        #expect(unknownRule.code == 2 && unknownRule.error.contains("--rule beauty: no such rule"), "\(unknownRule)")
    }
}
