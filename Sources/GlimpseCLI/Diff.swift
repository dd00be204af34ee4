import ArgumentParser
import Foundation
import GlimpseDiff
import GlimpseFormat
import GlimpseGallery
import GlimpseOutput
import GlimpseReports
import GlimpseReview
import GlimpseShots
import GlimpseSite

struct Diff: OutcomeCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Compare two built galleries: what changed, to the pixel with --pixels; a review site, diff.json and "
            + "junit.xml.",
        discussion: """
            Widgets are matched by app, scenario and family; frames by their offset from the widget's now. \
            With decisions (glimpse approve, glimpse review; ./glimpse-decisions, or --decisions), a change \
            approved (the same change, before and after) passes, and a change with changes requested always fails. \
            With --pixels, every frame the manifests mark, or that a changed stylesheet or font reaches, is drawn \
            from both galleries by headless Chromium (on PATH, or $GLIMPSE_CHROMIUM) in every scheme and compared \
            as pixelmatch does. Exit codes: 0 nothing to fail on (always with --fail-on never); 1 changes of the \
            chosen kind; 2 bad usage, an unreadable gallery, or no browser. \
            With --shard i/n, only the i-th of n balanced shares of the widgets is drawn, with shard.json beside the \
            review; glimpse merge joins the shards into the review one run writes, and gives the verdict.
            """)

    @Argument(help: ArgumentHelp("The gallery before (a folder with manifest.json).", valueName: "base"))
    var base: String

    @Argument(help: ArgumentHelp("The gallery after.", valueName: "new"))
    var new: String

    @Option(help: "The folder to write the review site to; replaced whole, only on success.")
    var out: String = "review"

    @Flag(help: "Draw the frames that may have changed with headless Chromium and compare their pixels.")
    var pixels = false

    @Option(
        help: ArgumentHelp(
            "How different a pixel's colour must be to count, 0 to 1 (pixelmatch's threshold).", valueName: "0.1"))
    var threshold: Double = 0.1

    @Option(
        name: .customLong("fail-on"),
        help: ArgumentHelp(
            "changes: any widget added, removed or changed, or a shared asset changed; visual: any widget that looks "
                + "different (needs --pixels); never. Default: visual with --pixels, changes without.",
            valueName: "changes|visual|never"))
    var failOn: String?

    /// Approved changes pass, changes requested fail (`./glimpse-decisions` when it is there).
    @OptionGroup var decisions: DecisionsOptions

    @Option(
        help: ArgumentHelp(
            "Also write a summary for the pull request here, in GitHub-flavoured Markdown under 65,536 characters "
                + "(a comment, or $GITHUB_STEP_SUMMARY).", valueName: "file"))
    var summary: String?

    @Option(
        name: .customLong("base-url"),
        help: ArgumentHelp(
            "Where the review folder is published: the summary's links and images start with it.", valueName: "url"))
    var baseURL: String?

    @Option(
        help: ArgumentHelp(
            "Draw only the i-th of n shares of the widgets, balanced by frames (with --pixels); glimpse merge joins "
                + "the shards.", valueName: "i/n"))
    var shard: String?

    @Flag(help: "Print only the verdict and errors.")
    var quiet = false

    var share: ShardSpec? { shard.flatMap(ShardSpec.init) }

    var mode: DiffFailOn { failOn.flatMap(DiffFailOn.init(rawValue:)) ?? (pixels ? .visual : .changes) }

    func validate() throws {
        if let failOn, DiffFailOn(rawValue: failOn) == nil {
            throw ValidationError("--fail-on \(failOn): expected changes, visual or never")
        }
        if mode == .visual && !pixels { throw ValidationError("--fail-on visual compares pixels: add --pixels") }
        guard (0...1).contains(threshold) else {
            throw ValidationError("--threshold \(threshold): expected a number from 0 to 1")
        }
        if let shard {
            try ShardSpec.validate(shard)
            guard pixels else { throw ValidationError("--shard shares the drawing: add --pixels") }
            guard summary == nil else { throw ValidationError("--summary with --shard: glimpse merge writes it") }
        }
    }

    /// What a diff compared and concludes; with `--shard`, a part for `glimpse merge`, which gives
    /// the verdict.
    struct Outcome: CommandOutcome {
        var verdict: Verdict
        var drawn: Drawn?
        var decidedTwice: [String]
        var shard: ShardSpec?

        var isPart: Bool { shard != nil && verdict.report.pixels != nil }

        var exitCode: Int32 { isPart ? 0 : verdict.exitCode }

        var said: [Said] {
            var lines = Diff.said(decidedTwice: decidedTwice)
            if let drawn {
                lines.append(
                    .note(
                        "Time by phase, the tabs' added up: \(drawn.phases.line); review "
                            + String(format: "%.1f s", drawn.reviewSeconds)))
            }
            guard isPart, let shard, let run = verdict.report.pixels else { return lines + verdict.said }
            let owned = drawn?.owned ?? []
            let frames = owned.reduce(0) { $0 + $1.frames }
            return lines + [
                .note(
                    "shard \(shard): \(owned.count) of \(verdict.report.widgets.count) widgets, \(frames) frames to "
                        + "draw; \(run.imagesChanged) of \(run.imagesCompared) images differ, "
                        + String(format: "%.1f s", verdict.seconds) + " → \(verdict.out)/ (a part: glimpse merge "
                        + "joins the shards into the review and gives the verdict)")
            ]
        }
    }

    func outcome() async throws -> Outcome {
        let started = Date()
        let (report, drawn, twice) = try await CommandFailure.exiting(2) { try await compare() }
        return Outcome(
            verdict: Verdict(report: report, mode: mode, out: out, seconds: Date().timeIntervalSince(started)),
            drawn: drawn, decidedTwice: twice, shard: share)
    }

    /// What a whole run concludes of its report (`diff`, or `merge` of its shards): fonts missing,
    /// findings, decisions, settings, the verdict; exit 1 when a change of the kind `mode` fails on
    /// is not approved, or has changes requested.
    struct Verdict: CommandOutcome {
        var report: DiffReport
        var mode: DiffFailOn
        var out: String
        var seconds: Double

        var exitCode: Int32 { mode.failsBuild(report) ? 1 : 0 }

        var said: [Said] {
            var lines = (report.pixels?.missingFonts ?? []).map {
                Said.problem("warning: a font is missing: \($0.message)")
            }
            if let findings = report.findings {
                let problems =
                    findings.problems.map { "\($0.new.count) new problems, \($0.resolved.count) resolved; " } ?? ""
                lines.append(
                    .note(
                        "glimpse check: \(problems)findings: \(findings.new.count) new, "
                            + "\(findings.resolved.count) resolved"))
            }
            if let run = report.approvals {
                lines.append(
                    .note(
                        "decisions (\(run.file)): \(run.approved) approved, \(run.requested) with changes requested, "
                            + "\(run.stale.count) stale approval\(run.stale.count == 1 ? "" : "s")"
                            + (run.stale.isEmpty
                                ? "" : " (they decide no change here; glimpse approve --prune removes them)")))
            }
            if !report.causes.isEmpty {
                let shown = report.causes.prefix(5).map { "\($0.id) (\($0.widgets.count) widgets)" }
                lines.append(
                    .note(
                        "\(report.causes.count) cause\(report.causes.count == 1 ? "" : "s"): "
                            + shown.joined(separator: ", ") + (report.causes.count > 5 ? ", …" : "")
                            + " (glimpse approve --cause ID decides each change it alone made)"))
            }
            for setting in report.settings {
                lines.append(
                    .note("note: the galleries differ in \(setting.setting): \(setting.before) → \(setting.after)"))
            }
            lines.append(.note(Diff.verdict(report, seconds: seconds) + " → \(out)/index.html"))
            return exitCode == 0 ? lines : lines + [.problem(failing)]
        }

        /// "glimpse diff: 3 changes to review (--fail-on changes), 1 with changes requested".
        var failing: String {
            let failing = report.widgets.filter { mode.fails($0) }.count + report.assets.filter { mode.fails($0) }.count
            let requested = report.approvals?.requested ?? 0
            return "glimpse diff: \(failing) change\(failing == 1 ? "" : "s") to review (--fail-on \(mode.rawValue))"
                + (requested > 0 ? ", \(requested) with changes requested" : "")
        }
    }

    /// What `--pixels` drew: the widgets (with `--shard`, this shard's), where the time went, and
    /// the seconds the review (or a shard's part) then took to write.
    struct Drawn {
        var owned: [Shard.OwnedWidget]
        var phases: PixelDiff.Phases
        var reviewSeconds: Double
    }

    /// The two galleries compared, with `--pixels` to the pixel, and the review written whole into
    /// `--out`, or not at all; with what was drawn (with `--shard`, only the part `glimpse merge`
    /// reads written).
    func compare() async throws -> (DiffReport, Drawn?, decidedTwice: [String]) {
        let baseGallery = try Gallery.load(URL(fileURLWithPath: base))
        let newGallery = try Gallery.load(URL(fileURLWithPath: new))
        let site = try ReviewSite()
        let browser = pixels ? try Chromium.locate() : nil
        var report = GalleryDiff.compare(baseGallery, newGallery)
        if !pixels { try await RuleReach.find(&report, base: baseGallery, new: newGallery) }
        let decisions = try DecisionStore.open(self.decisions.location, required: self.decisions.isNamed)
        let twice = decisions?.decidedTwice ?? []
        let run = share.map { shard in
            ShardMerge.runDigest(report, options: ["diff", "\(threshold)", "1", "\(shard.count)"])
        }
        let outURL = URL(fileURLWithPath: out)
        let staged = try AtomicOutput(destination: outURL).begin()
        var drawn: Drawn?
        do {
            if let browser {
                let ran = try await PixelDiff.run(
                    &report, base: baseGallery, new: newGallery,
                    options: PixelDiff.Options(threshold: threshold, chromium: browser, shard: share), output: staged)
                drawn = Drawn(owned: ran.owned, phases: ran.phases, reviewSeconds: 0)
            }
            let writing = ContinuousClock.now
            if let share, let run, let owned = drawn?.owned {
                // A shard's part is for glimpse merge: its report, images and record, no review
                // pages (they would show only its share) and no decisions (the merge applies them).
                let record = Shard(kind: "diff", index: share.index, count: share.count, run: run, widgets: owned)
                try staged.write(Shard.fileName, try FormatJSON.encoder().encode(record))
                try staged.write("diff.json", try FormatJSON.encoder().encode(report))
                try staged.commit()
                drawn?.reviewSeconds = (ContinuousClock.now - writing) / .seconds(1)
                return (report, drawn, twice)
            }
            let writer = ReviewWriter(failOn: mode, out: out, summary: summary, baseURL: baseURL)
            try await writer.write(
                &report, base: baseGallery, new: newGallery, decisions: decisions, site: site, into: staged)
            drawn?.reviewSeconds = (ContinuousClock.now - writing) / .seconds(1)
        } catch {
            staged.discard()
            throw error
        }
        return (report, drawn, twice)
    }

    /// The changes decided one way and the other, which only a person can settle.
    static func said(decidedTwice: [String]) -> [Said] {
        decidedTwice.map {
            .problem("warning: decided one way and the other: \($0); the request holds until a decision replaces both")
        }
    }

    /// One line of what changed: "3 changed, 0 added, … widgets; …; 2 widgets look different (…)".
    static func verdict(_ report: DiffReport, seconds: TimeInterval) -> String {
        let summary = report.summary
        var line =
            "\(summary.changed) changed, \(summary.added) added, \(summary.removed) removed, \(summary.unchanged) "
            + "unchanged widgets; \(summary.framesChanged) frames changed; \(report.assets.count) shared assets changed"
        if let run = report.pixels, let visual = summary.visual {
            line +=
                "; \(visual) widgets look different (\(run.imagesChanged) of \(run.imagesCompared) images, "
                + "\(run.framesSkipped ?? 0) unchanged frames not drawn, "
                + String(format: "%.1f s", seconds) + ", \(run.chromium))"
        }
        return line
    }
}
