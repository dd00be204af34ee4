import ArgumentParser
import Foundation
import GlimpseCheck
import GlimpseFormat
import GlimpseGallery
import GlimpseOutput
import GlimpseReports
import GlimpseReview

struct Merge: OutcomeCommand {
    static let configuration = CommandConfiguration(
        abstract: "Join the outputs of a run's shards (--shard i/n) into what the run writes in one process.",
        discussion: """
            Each part is a shard's --out folder, with the shard.json it wrote. The parts must be the shards of one \
            run, each once. glimpse diff --pixels shards become one review (diff.json, junit.xml, the pages, the \
            images), its decisions applied and its verdict given as glimpse diff gives them; the galleries are read \
            where the shards read them. glimpse check shards become one report (findings.json, junit.xml, the page), \
            its findings marked with --accept and --baseline and judged as glimpse check judges them. glimpse snapshot \
            shards become one folder of images with one index.json. \
            Only timings and the count of contact sheets may differ from one run's output. \
            Exit codes: 0 merged (nothing to fail on); 1 diff: changes of the chosen kind, check: findings that fail; \
            2 bad usage, a shard \
            missing or given twice, parts of different runs, or an unreadable part.
            """)

    @Argument(help: ArgumentHelp("Each shard's output folder.", valueName: "part"))
    var parts: [String]

    @Option(help: "The folder to write to; replaced whole, only on success (default: review, check or shots).")
    var out: String?

    @Option(
        name: .customLong("fail-on"),
        help: ArgumentHelp(
            "As glimpse diff's for diff shards (default: visual), as glimpse check's for check shards.",
            valueName: "kind"))
    var failOn: String?

    @Option(help: ArgumentHelp("For check shards, as glimpse check's.", valueName: "file"))
    var accept: String?

    @Option(help: ArgumentHelp("For check shards, as glimpse check's.", valueName: "findings"))
    var baseline: String?

    /// For diff shards, as glimpse diff's.
    @OptionGroup var decisions: DecisionsOptions

    @Option(help: ArgumentHelp("For diff shards, as glimpse diff's.", valueName: "file"))
    var summary: String?

    @Option(name: .customLong("base-url"), help: ArgumentHelp("For diff shards, as glimpse diff's.", valueName: "url"))
    var baseURL: String?

    @Flag(help: "Print only the verdict and errors.")
    var quiet = false

    func validate() throws {
        guard !parts.isEmpty else { throw ValidationError("name each shard's output folder") }
        if let failOn, DiffFailOn(rawValue: failOn) == nil, CheckFailOn(rawValue: failOn) == nil {
            throw ValidationError(
                "--fail-on \(failOn): expected changes, visual or never (diff), new, any or never (check)")
        }
    }

    /// What the shards make together: a diff's verdict, a check's, or a snapshot's images.
    enum Outcome: CommandOutcome {
        case diff(Diff.Verdict, decidedTwice: [String])
        case check(CheckVerdict)
        case snapshot(images: Int, shards: Int, seconds: Double, out: String)

        var exitCode: Int32 {
            switch self {
            case .diff(let verdict, _): verdict.exitCode
            case .check(let verdict): verdict.exitCode
            case .snapshot: 0
            }
        }

        var said: [Said] {
            switch self {
            case .diff(let verdict, let twice): Diff.said(decidedTwice: twice) + verdict.said
            case .check(let verdict): verdict.said
            case .snapshot(let images, let shards, let seconds, let out):
                [.note("\(images) images from \(shards) shards in " + String(format: "%.1f s", seconds) + " → \(out)/")]
            }
        }
    }

    /// A check's shards judged as one run, as `check` judges it: exit 1 when findings fail.
    struct CheckVerdict: CommandOutcome {
        var written: CheckReport.Written
        var mode: CheckFailOn
        var shards: Int
        var seconds: Double
        var out: String

        var exitCode: Int32 { written.failing > 0 ? 1 : 0 }

        var said: [Said] {
            let verdict: Said = .note(
                Check.verdict(written.summary, failing: written.failing) + " from \(shards) shards in "
                    + String(format: "%.1f s", seconds) + " → \(out)/index.html")
            guard exitCode != 0 else { return [verdict] }
            return [verdict, Check.failing(written.failing, mode: mode)]
        }
    }

    func outcome() async throws -> Outcome {
        let started = Date()
        return try await CommandFailure.exiting(2) {
            let parts = try ShardMerge.parts(parts.map { URL(fileURLWithPath: $0) })
            try refuseOptions(for: parts[0].shard.kind)
            switch parts[0].shard.kind {
            case "diff":
                let (report, out, twice) = try await mergeDiff(parts)
                let verdict = Diff.Verdict(
                    report: report, mode: diffMode, out: out, seconds: Date().timeIntervalSince(started))
                return .diff(verdict, decidedTwice: twice)
            case "check":
                var verdict = try await mergeCheck(parts)
                verdict.seconds = Date().timeIntervalSince(started)
                return .check(verdict)
            case "snapshot":
                let out = self.out ?? "shots"
                let staged = try AtomicOutput(destination: URL(fileURLWithPath: out)).begin()
                do {
                    let images = try ShardMerge.snapshot(parts, into: staged)
                    try staged.commit()
                    return .snapshot(
                        images: images, shards: parts.count, seconds: Date().timeIntervalSince(started), out: out)
                } catch {
                    staged.discard()
                    throw error
                }
            default:
                throw MergeError.unreadable(
                    parts[0].folder.path, "shards of glimpse \(parts[0].shard.kind) are not merged")
            }
        }
    }

    var diffMode: DiffFailOn { failOn.flatMap(DiffFailOn.init(rawValue:)) ?? .visual }

    /// The options the shards' command does not take: an error, not a silence.
    func refuseOptions(for kind: String) throws {
        let given: [(String, Bool)] = [
            ("--accept", accept != nil), ("--baseline", baseline != nil), ("--decisions", decisions.isNamed),
            ("--summary", summary != nil), ("--base-url", baseURL != nil),
        ]
        let takes: Set<String> =
            switch kind {
            case "diff": ["--decisions", "--summary", "--base-url"]
            case "check": ["--accept", "--baseline"]
            default: []
            }
        if let (option, _) = given.first(where: { $0.1 && !takes.contains($0.0) }) {
            throw ValidationError("\(option) is not for shards of glimpse \(kind)")
        }
        if let failOn, kind == "snapshot" || (kind == "diff" && DiffFailOn(rawValue: failOn) == nil) {
            throw ValidationError("--fail-on \(failOn) is not for shards of glimpse \(kind)")
        }
    }

    /// The shards of a `check` as one report, written whole into `--out`, and judged.
    func mergeCheck(_ parts: [ShardMerge.Part]) async throws -> CheckVerdict {
        let mode = failOn.map { CheckFailOn(rawValue: $0) } ?? (baseline == nil ? .any : .new)
        guard let mode, mode != .new || baseline != nil else {
            throw ValidationError(
                "--fail-on \(failOn ?? "new"): for check shards, expected new (with --baseline), any or never")
        }
        let merged = try CheckShard.merge(parts)
        let source = try Self.gallery(merged.gallery, side: "checked", detail: .outline)
        let judge = try Judge(mode: mode, accept: accept, baseline: baseline)
        let rules = merged.rules.compactMap(CheckRule.init(rawValue:))
        let out = self.out ?? "check"
        let written = try judge.write(merged.run, of: source, named: merged.gallery, rules: rules, out: out)
        return CheckVerdict(written: written, mode: mode, shards: parts.count, seconds: 0, out: out)
    }

    /// The shards of a `diff --pixels` as one review, written whole into `--out`.
    func mergeDiff(_ parts: [ShardMerge.Part]) async throws -> (DiffReport, String, decidedTwice: [String]) {
        let out = self.out ?? "review"
        let site = try ReviewSite()
        let decisions = try DecisionStore.open(self.decisions.location, required: self.decisions.isNamed)
        let staged = try AtomicOutput(destination: URL(fileURLWithPath: out)).begin()
        do {
            var (report, images) = try await ShardMerge.diff(parts)
            // The images are linked while the review is drawn: one is system calls, the other Mustache.
            let carrying = Task.detached { try ShardMerge.carry(images, from: parts, into: staged) }
            do {
                let base = try Self.gallery(report.base.path, side: "base")
                let new = try Self.gallery(report.new.path, side: "new")
                let writer = ReviewWriter(failOn: diffMode, out: out, summary: summary, baseURL: baseURL)
                try await writer.write(&report, base: base, new: new, decisions: decisions, site: site, into: staged) {
                    try await carrying.value
                }
            } catch {
                _ = try? await carrying.value
                throw error
            }
            return (report, out, decisions?.decidedTwice ?? [])
        } catch {
            staged.discard()
            throw error
        }
    }

    /// A gallery the shards compared, where they read it.
    static func gallery(_ path: String, side: String, detail: Gallery.Detail = .full) throws -> Gallery {
        do {
            return try Gallery.load(URL(fileURLWithPath: path), detail: detail)
        } catch {
            throw MergeError.unreadable(
                path,
                "the \(side) gallery the shards compared: \(error); merge where the galleries are, at the same paths")
        }
    }
}

extension ShardSpec {
    /// `--shard`'s value, when given, checked: `i/n`.
    static func validate(_ option: String?) throws {
        guard let option, ShardSpec(option) == nil else { return }
        throw ValidationError("--shard \(option): expected i/n, with 1 ≤ i ≤ n ≤ \(Shard.maximumCount)")
    }
}
