import Foundation
import GlimpseCheck
import GlimpseFormat
import GlimpseGallery
import GlimpseOutput
import GlimpseShots

extension Build {
    /// What `--check` found: the frames it checked and the findings' summary.
    struct Checked {
        var frames: Int
        var summary: Findings.Summary

        func line(out: String) -> String {
            "Checked \(frames) frames: \(summary.findings) findings, \(summary.errors) errors, "
                + "\(summary.warnings) warnings, \(summary.accepted) accepted → \(out)/findings.json"
        }
    }

    /// `--check`: the staged gallery checked as `glimpse check` would (the accept file of the working
    /// folder, or `--accept`), and its findings written into it: `findings.json` and its schema, and
    /// `assets/findings.js`, which every page loads to show them. Before the commit, so that a check
    /// that fails leaves `--out` as it was.
    func checkStaged(_ staged: StagedOutput) async throws -> Checked {
        let gallery = try Gallery.load(staged.folder, detail: .outline)
        let accepted = try CheckFindings.accepted(option: accept)
        let run = try await CheckRun.run(
            gallery,
            options: CheckRun.Options(rules: Set(CheckRule.allCases), jobs: 2, chromium: try Chromium.locate()))
        var marking = CheckFindings.Marking(accepted: accepted, baseline: nil)
        let marked = { (body: (Findings.Finding) throws -> Void) throws in
            try run.findings.forEachFinding { found in
                var finding = found
                marking.mark(&finding)
                try body(finding)
            }
        }
        var summary = Findings.Summary(baseline: false)
        try staged.stream("findings.json") { sink in
            let writer = Findings.Writer(baseline: false, sink: sink.write)
            try marked(writer.add)
            try writer.finish(
                gallery: Findings.Gallery(
                    path: out, generator: gallery.manifest.generator, now: gallery.manifest.now,
                    widgets: gallery.manifest.widgets.count),
                rules: CheckRule.allCases, resolved: nil)
            summary = writer.summary
        }
        try staged.write("findings.schema.json", try FormatSchema.findings.data())
        try staged.write("assets/findings.js", try CheckOverlay.script(each: marked))
        for path in try pages(in: staged.folder) {
            let url = staged.folder.appendingPathComponent(path)
            if let linked = CheckOverlay.linking(try Data(contentsOf: url), at: path) { try staged.write(path, linked) }
        }
        return Checked(frames: run.frames, summary: summary)
    }

    /// Every HTML page of the gallery, by its path.
    func pages(in folder: URL) throws -> [String] {
        let base = folder.standardizedFileURL.path + "/"
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            return []
        }
        return walker.compactMap { ($0 as? URL)?.standardizedFileURL.path }.filter { $0.hasSuffix(".html") }
            .map { String($0.dropFirst(base.count)) }.sorted()
    }
}
