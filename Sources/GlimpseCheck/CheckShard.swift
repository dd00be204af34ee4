import Foundation
import GlimpseCore
import GlimpseFormat
import GlimpseGallery
import GlimpseOutput
import GlimpseReports

/// `glimpse check --shard i/n`, and `glimpse merge` of its shards. A check is cut by page, since a
/// run draws a page's widgets together; each shard writes its findings unmarked, as JSON lines
/// (`findingsFile`), and the merge marks them with its own accept file and baseline, as one run would.
package enum CheckShard {
    /// A shard's findings, one compact JSON line each, widget by widget in the order of `findings.json`.
    package static let findingsFile = "shard-findings.jsonl"
    /// The longest line of `findingsFile`: far more than any finding.
    static let lineLimit = Limits.shardFindingsLine.value
    /// The largest `findingsFile`: a full-axis check has about 600 MB of findings in all.
    static let fileLimit = Limits.shardFindingsFile.value

    /// The gallery's pages in the order a run visits them, each with its widgets' frames and their area.
    package static func pages(of gallery: Gallery) -> [ShardSpec.Work] {
        var order: [String] = []
        var work: [String: (frames: Int, area: Int)] = [:]
        for widget in gallery.manifest.widgets {
            let frames = Gallery.anchors(of: widget).count
            if work[widget.page] == nil { order.append(widget.page) }
            work[widget.page, default: (0, 0)].frames += frames
            work[widget.page, default: (0, 0)].area += frames * widget.size.width * widget.size.height
        }
        return order.map { (key: $0, frames: work[$0]!.frames, area: work[$0]!.area) }
    }

    /// Writes `shard` and the run's findings, unmarked, into `staged`.
    ///
    /// - Throws: `OutputError` when they cannot be written; `CheckError` when the spool cannot be read.
    package static func write(_ shard: Shard, findings: FindingSpool, into staged: StagedOutput) throws {
        try staged.write(Shard.fileName, try FormatJSON.encoder().encode(shard))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try staged.stream(findingsFile) { sink in
            try findings.forEachFinding { finding in
                try sink.write(try encoder.encode(finding))
                try sink.write("\n")
            }
        }
    }

    /// A check's run from its shards' outputs (`parts`, as `ShardMerge.parts` checked them): every
    /// finding, the images of the frames each part's report shows, and the frames measured; with the
    /// gallery as the shards named it and the rules they ran.
    ///
    /// - Throws: `MergeError` for a part that lacks its findings or whose record is not a check's.
    package static func merge(
        _ parts: [ShardMerge.Part]
    ) throws -> (run: CheckRun.Result, gallery: String, rules: [String]) {
        let first = parts[0].shard
        guard let gallery = first.gallery, let rules = first.rules else {
            throw MergeError.foreign(parts[0].folder.path, "its shard.json lacks the gallery and rules of a check")
        }
        _ = try ShardMerge.owners(of: parts, total: parts.reduce(0) { $0 + $1.shard.widgets.count })
        var run = CheckRun.Result(findings: try FindingSpool(), chromium: "")
        for part in parts {
            var frames = Set<String>()
            try readLines(of: part) { batch in
                try run.findings.append(batch)
                for finding in batch { frames.insert(FrameImage.name(CheckReport.key(of: finding))) }
            }
            for name in frames.sorted() {
                let file = part.folder.appendingPathComponent(name)
                if let image = try? RegularFile.read(file, limit: ShardMerge.imageLimit),
                    image.count <= ShardMerge.imageLimit
                {
                    run.images[name] = image
                }
            }
            run.frames += part.shard.frames ?? 0
        }
        let browsers = Set(parts.map { $0.shard.chromium ?? "" })
        guard browsers.count == 1 else {
            throw MergeError.foreign(
                parts[0].folder.path,
                "the shards measured in different browsers (\(browsers.sorted().joined(separator: ", "))): "
                    + "their findings are not one run's")
        }
        run.chromium = browsers.first!
        return (run, gallery, rules)
    }

    /// The part's findings, decoded a batch of lines at a time.
    static func readLines(of part: ShardMerge.Part, _ body: ([Findings.Finding]) throws -> Void) throws {
        let file = part.folder.appendingPathComponent(findingsFile)
        let handle: FileHandle
        do {
            handle = try RegularFile.open(file)
        } catch {
            throw MergeError.unreadable(file.path, "\(error.localizedDescription); expected glimpse check --shard's")
        }
        defer { try? handle.close() }
        let decoder = JSONDecoder()
        var pending = Data()
        var total = 0
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            total += chunk.count
            guard total <= fileLimit else { throw MergeError.unreadable(file.path, "larger than 4 GB") }
            pending.append(chunk)
            guard let last = pending.lastIndex(of: 0x0A) else {
                guard pending.count <= lineLimit else { throw MergeError.unreadable(file.path, "a line over 1 MB") }
                continue
            }
            let lines = pending[..<last].split(separator: 0x0A)
            pending = Data(pending[(last + 1)...])
            do {
                try body(try lines.map { try decoder.decode(Findings.Finding.self, from: Data($0)) })
            } catch let error as DecodingError {
                throw MergeError.unreadable(file.path, "not a finding: \(error)")
            }
        }
        guard pending.isEmpty else { throw MergeError.unreadable(file.path, "its last line is cut short") }
    }
}
