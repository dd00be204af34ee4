import Foundation
import GlimpseCore
import TestSupport
import Testing

@testable import GlimpseCLI
@testable import GlimpseFormat

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
        let check = { (gallery: String, out: String) in
            ["check", gallery, "--out", folder.path + "/" + out, "--accept", none, "--rule", "contrast"]
        }
        let passed = try await outcome(of: Check.self, check(control, "c1"))
        #expect(passed.exitCode == 0 && passed.written.summary.findings == 0 && passed.run.drawn, "\(passed.said)")
        let failed = try await outcome(of: Check.self, check(pale, "c2"))
        let summary = failed.written.summary
        #expect(failed.exitCode == 1 && failed.written.failing == summary.findings && summary.errors > 0)
        #expect(summary.rules.map(\.rule) == [.contrast] && summary.accepted == 0, "\(failed.said)")
        #expect(
            failed.said.last
                == .problem("glimpse check: \(failed.written.failing.grouped) findings fail (--fail-on any)"))
        let never = try await outcome(of: Check.self, check(pale, "c3") + ["--fail-on", "never"])
        #expect(never.exitCode == 0 && never.written.failing == 0 && never.written.summary.findings == summary.findings)
        let said = await glimpse(check(pale, "c4"))
        #expect(said.code == 1 && said.error.contains("findings fail (--fail-on any)"), "\(said)")
        #expect(said.error.contains("of which") && said.error.contains("by rule, contrast"), "\(said)")
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
        let whole = try await outcome(
            of: Check.self, ["check", pale, "--out", folder.path + "/whole", "--accept", none, "--rule", "contrast"])
        let joined = try await outcome(
            of: Merge.self, ["merge"] + parts + ["--out", folder.path + "/typed", "--accept", none])
        guard case .check(let verdict) = joined else { throw Failed(Ran(code: -1, output: "", error: "\(joined)")) }
        #expect(verdict.shards == 2 && joined.exitCode == 1 && whole.exitCode == 1)
        #expect(verdict.written.failing == whole.written.failing && verdict.written.failing > 0)
        #expect(verdict.written.summary.findings == whole.written.summary.findings)
        let merged = await glimpse(["merge"] + parts + ["--out", folder.path + "/merged", "--accept", none])
        let line = Check.verdict(whole.written.summary, failing: whole.written.failing)
        #expect(merged.code == 1 && merged.error.contains(line + " from 2 shards in "), "\(merged)\n\(line)")
        let one = await glimpse("merge", parts[0], "--out", folder.path + "/one")
        #expect(one.code == 2 && one.error.contains("missing"), "\(one)")
    }

    @Test func aSnapshotDrawsEveryFrameAndRefusesABadScale() async throws {
        let folder = temporaryFolder("glimpse-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let gallery = try await gallery(into: folder, "public")
        let out = folder.appendingPathComponent("snapshot").path
        let drawn = try await outcome(of: Snapshot.self, ["snapshot", gallery, "--out", out, "--scale", "1"])
        #expect(drawn.summary.images > 0 && drawn.summary.missing.isEmpty && drawn.summary.missingFonts.isEmpty)
        let index = try Data(contentsOf: URL(fileURLWithPath: out + "/index.json"))
        #expect(String(decoding: index, as: UTF8.self).contains(".png"))
        let pngs = try FileManager.default.subpathsOfDirectory(atPath: out).filter { $0.hasSuffix(".png") }
        #expect(pngs.count == drawn.summary.images, "every image it counts is written")
        let bad = await glimpse("snapshot", gallery, "--out", out, "--scale", "4")
        #expect(bad.code == 2, "\(bad)")
        let unknownRule = await glimpse("check", gallery, "--rule", "beauty")
        #expect(unknownRule.code == 2 && unknownRule.error.contains("--rule beauty: no such rule"), "\(unknownRule)")
    }
}

/// The words of `check`'s verdict, which need no browser: every count in them is grouped, as a
/// full-axis check's hundreds of thousands are read.
@Suite struct CheckWordsTests {
    @Test func everyCountOfTheVerdictIsGrouped() {
        var summary = Findings.Summary(baseline: false)
        (summary.findings, summary.errors, summary.warnings, summary.accepted) = (85_218, 1_440, 83_778, 85_000)
        summary.rules = [.init(rule: .truncated, findings: 83_778), .init(rule: .voiceover, findings: 1_440)]
        #expect(
            Check.verdict(summary, failing: 218) + Check.byRule(summary)
                == "85,218 findings (a problem seen in a frame, in a scheme): 85,000 accepted, 218 not, of which 218 "
                + "fail; by severity, accepted or not, 1,440 errors and 83,778 warnings; by rule, truncated 83,778, "
                + "voiceover 1,440")
        #expect(Check.failing(1_030, mode: .any) == .problem("glimpse check: 1,030 findings fail (--fail-on any)"))
        #expect(Check.byRule(Findings.Summary(baseline: false)).isEmpty)
    }
}
