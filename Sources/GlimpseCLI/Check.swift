import ArgumentParser
import Foundation
import GlimpseCheck
import GlimpseCore
import GlimpseFormat
import GlimpseGallery
import GlimpseOutput
import GlimpseReports
import GlimpseShots

struct Check: OutcomeCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find what a design reviewer would flag in every frame of a built gallery, in every scheme.",
        discussion: """
            Rules: \(CheckRule.allCases.map(\.rawValue).joined(separator: ", ")) (docs/CHECK.md). Every frame is \
            drawn by headless Chromium (on PATH, or $GLIMPSE_CHROMIUM) on contact sheets, measured in the page, \
            and read from the pixels with and without its text. Writes index.html, findings.json and junit.xml. \
            Accepted findings (glimpse-accepted.json in the working folder, or --accept) are shown as accepted and \
            never fail. With --shard i/n, only the i-th of n balanced shares of the pages is checked, with shard.json \
            and the findings beside the report; glimpse merge joins the shards into the report one run writes. \
            Exit codes: 0 nothing fails; 1 findings fail under --fail-on; 2 bad usage or input.
            """)

    @Argument(help: ArgumentHelp("The gallery (a folder with manifest.json).", valueName: "gallery"))
    var gallery: String

    @Option(help: "The folder to write the report to; replaced whole, only on success.")
    var out: String = "check"

    @Option(help: ArgumentHelp("A previous findings.json, or a folder with one: split new, persisting, resolved."))
    var baseline: String?

    @Option(
        help: ArgumentHelp(
            "The accepted findings (default: ./glimpse-accepted.json when it exists).", valueName: "file"))
    var accept: String?

    @Option(
        name: .customLong("fail-on"),
        help: ArgumentHelp(
            "new: unaccepted errors not in the baseline (the default with --baseline); any: every unaccepted error "
                + "(the default without); never.",
            valueName: "new|any|never"))
    var failOn: String?

    @Option(
        name: .customLong("rule"),
        help: ArgumentHelp(
            "Run only this rule; repeat for more. Without contrast, graphic-contrast and blank, frames are "
                + "measured and not drawn: several times faster.", valueName: "id"))
    var rules: [String] = []

    @Option(help: ArgumentHelp("Browser tabs drawing at once.", valueName: "n"))
    var jobs: Int = 2

    @Option(
        help: ArgumentHelp(
            "Check only the i-th of n shares of the pages, balanced by frames; glimpse merge joins the shards.",
            valueName: "i/n"))
    var shard: String?

    @Flag(help: "Print only the verdict and errors.")
    var quiet = false

    var mode: CheckFailOn { failOn.flatMap(CheckFailOn.init(rawValue:)) ?? (baseline == nil ? .any : .new) }

    func validate() throws {
        if let failOn, CheckFailOn(rawValue: failOn) == nil {
            throw ValidationError("--fail-on \(failOn): expected new, any or never")
        }
        if mode == .new && baseline == nil {
            throw ValidationError("--fail-on new compares with a baseline: add --baseline")
        }
        for rule in rules where CheckRule(rawValue: rule) == nil {
            let known = CheckRule.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("--rule \(rule): no such rule; the rules are \(known)")
        }
        guard (1...16).contains(jobs) else { throw ValidationError("--jobs \(jobs): expected 1 to 16") }
        try ShardSpec.validate(shard)
    }

    /// What a check found and judged: the report written, the run (frames, phases), and whether
    /// findings fail (a shard's part never does: `glimpse merge` gives the verdict).
    struct Outcome: CommandOutcome {
        var written: CheckReport.Written
        var run: CheckRun.Result
        var mode: CheckFailOn
        var shard: String?
        var out: String
        var seconds: Double
        var reportSeconds: Double

        var exitCode: Int32 { written.failing > 0 && shard == nil ? 1 : 0 }

        var said: [Said] {
            var lines: [Said] = [
                .note(
                    "Time by phase, the tabs' added up: \(run.phases.line); report "
                        + String(format: "%.1f s", reportSeconds)),
                .note(
                    (shard.map { "shard \($0): " } ?? "") + Check.verdict(written.summary, failing: written.failing)
                        + Check.byRule(written.summary)
                        + "; \(run.frames.grouped) "
                        + (run.drawn ? "frame images" : "frames") + " (a frame in each scheme)"
                        + (run.drawn ? "" : " measured, not drawn") + String(format: " in %.1f s", seconds)
                        + " → \(out)/index.html"
                        + (shard == nil ? "" : " (glimpse merge joins the shards and gives the verdict)")),
            ]
            if exitCode != 0 {
                lines.append(Check.failing(written.failing, mode: mode))
            }
            return lines
        }
    }

    func outcome() async throws -> Outcome {
        let started = Date()
        return try await CommandFailure.exiting(2) {
            let (written, run, reportSeconds) = try await check()
            return Outcome(
                written: written, run: run, mode: mode, shard: shard, out: out,
                seconds: Date().timeIntervalSince(started), reportSeconds: reportSeconds)
        }
    }

    /// "430,248 findings (a problem seen in a frame, in a scheme): 430,218 accepted, 30 not, of which
    /// 30 fail; by severity, accepted or not, 56,070 errors and 374,178 warnings". Accepted first: the
    /// headline above it counts problems, and a count of errors that are all accepted must not read
    /// as errors left to fix.
    static func verdict(_ summary: Findings.Summary, failing: Int) -> String {
        guard summary.findings > 0 else { return "0 findings" }
        let unaccepted = summary.findings - summary.accepted
        var line =
            "\(summary.findings.grouped) findings (a problem seen in a frame, in a scheme): "
            + "\(summary.accepted.grouped) accepted, \(unaccepted.grouped) not, of which \(failing.grouped) fail"
        if let new = summary.new, let resolved = summary.resolved {
            line += "; \(new.grouped) new, \(resolved.grouped) resolved"
        }
        let (errors, warnings) = (summary.errors.grouped, summary.warnings.grouped)
        return line + "; by severity, accepted or not, \(errors) errors and \(warnings) warnings"
    }

    /// "; by rule, truncated 83,778, voiceover 1,440": the summary's counts per rule, grouped as every
    /// other count of the verdict is; empty when nothing was found.
    static func byRule(_ summary: Findings.Summary) -> String {
        guard !summary.rules.isEmpty else { return "" }
        return "; by rule, "
            + summary.rules.map { "\($0.rule.rawValue) \($0.findings.grouped)" }.joined(separator: ", ")
    }

    /// "glimpse check: 1,030 findings fail (--fail-on any)": why a run, or the merge of its shards, exits 1.
    static func failing(_ count: Int, mode: CheckFailOn) -> Said {
        .problem("glimpse check: \(count.grouped) findings fail (--fail-on \(mode.rawValue))")
    }

    /// The gallery checked and the report written; with the seconds the report took.
    func check() async throws -> (written: CheckReport.Written, run: CheckRun.Result, reportSeconds: Double) {
        let source = try Gallery.load(URL(fileURLWithPath: gallery), detail: .outline)
        let judge = try Judge(mode: mode, accept: accept, baseline: baseline)
        let chosen = rules.isEmpty ? CheckRule.allCases : CheckRule.allCases.filter { rules.contains($0.rawValue) }
        let share = shard.flatMap(ShardSpec.init)
        let owned = share?.owned(CheckShard.pages(of: source))
        let browser = try Chromium.locate()
        let console = Console(quiet: quiet)
        let run = try await CheckRun.run(
            source,
            options: CheckRun.Options(
                rules: Set(chosen), jobs: jobs, chromium: browser, pages: owned.map { Set($0.map(\.key)) },
                accepted: judge.accepted)
        ) { done, total in console.progress("Checking frames: \(done) of \(total), each in every scheme") }
        console.clearProgress()
        let reporting = ContinuousClock.now
        let written = try judge.write(run, of: source, named: gallery, rules: chosen, out: out, shard: share) {
            staged in
            guard let share, let owned else { return }
            let digest = try ShardMerge.runDigest(
                of: source,
                options: ["check", gallery, chosen.map(\.rawValue).joined(separator: ","), "\(share.count)"])
            var record = Shard(kind: "check", index: share.index, count: share.count, run: digest, widgets: owned)
            (record.gallery, record.rules, record.frames) = (gallery, chosen.map(\.rawValue), run.frames)
            record.chromium = run.chromium
            try CheckShard.write(record, findings: run.findings, into: staged)
        }
        return (written, run, (ContinuousClock.now - reporting) / .seconds(1))
    }
}

/// How a check's findings are judged and written, by `check` and by `merge` of its shards: the
/// accept file, the baseline, and `--fail-on`.
struct Judge {
    var mode: CheckFailOn
    var accepted: AcceptedFindings?
    var before: [Findings.Finding]?

    init(mode: CheckFailOn, accept: String?, baseline: String?) throws {
        self.mode = mode
        accepted = try CheckFindings.accepted(option: accept)
        before = try baseline.map { try CheckFindings.baseline(at: URL(fileURLWithPath: $0)) }
    }

    /// Whether a finding, marked by the accept file and the baseline, fails under `--fail-on`.
    func fails(_ finding: Findings.Finding) -> Bool {
        guard finding.severity == .error, finding.accepted == nil else { return false }
        switch mode {
        case .never: return false
        case .any: return true
        case .new: return finding.baseline == .new
        }
    }

    /// Writes the report of `run` into `out`, whole or not at all; `extra` adds to it first. A
    /// shard's report says that its grids show its own widgets only.
    func write(
        _ run: CheckRun.Result, of source: Gallery, named gallery: String, rules: [CheckRule], out: String,
        shard: ShardSpec? = nil, extra: (StagedOutput) throws -> Void = { _ in }
    ) throws -> CheckReport.Written {
        let manifest = source.manifest
        let subject = CheckReport.Subject(
            run: run, gallery: source,
            described: Findings.Gallery(
                path: gallery, generator: manifest.generator, now: manifest.now, widgets: manifest.widgets.count),
            rules: rules, marking: CheckFindings.Marking(accepted: accepted, baseline: before), fails: fails)
        let outURL = URL(fileURLWithPath: out)
        let staged = try AtomicOutput(destination: outURL).begin()
        do {
            let written = try CheckReport().write(
                subject, out: outURL, schema: try FormatSchema.findings.data(), into: staged,
                verdict: { summary, failing in
                    let part = shard.map {
                        "Shard \($0.index) of \($0.count) alone: only its widgets were checked, so an empty cell of a "
                            + "grid may be another shard's (glimpse merge joins them). "
                    }
                    return (part ?? "") + Check.verdict(summary, failing: failing)
                })
            try extra(staged)
            try staged.commit()
            return written
        } catch {
            staged.discard()
            throw error
        }
    }
}
