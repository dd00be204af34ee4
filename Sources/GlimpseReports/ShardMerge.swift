import Foundation
import GlimpseCore
import GlimpseFormat
import GlimpseOutput
import GlimpseShots

/// `glimpse merge`: the outputs of a run's shards (`--shard i/n`) joined into what the run would
/// have written in one process. Each part's `shard.json` says which shard it is, of how many, of
/// which run, and which widgets it drew; each widget is taken from the part that drew it.
package enum ShardMerge {
    /// One shard's output folder and its record.
    package struct Part: Sendable {
        package var folder: URL
        package var shard: Shard
    }

    /// Reads each folder's `shard.json`, and checks that they are the shards of one run, each once:
    /// sorted by shard.
    ///
    /// - Throws: `MergeError` naming the folder that is not a shard, or of another run or command;
    ///   the shard given twice; the shards missing.
    package static func parts(_ folders: [URL]) throws(MergeError) -> [Part] {
        var parts: [Part] = []
        for folder in folders {
            let part = Part(folder: folder, shard: try read(folder))
            if let first = parts.first {
                guard part.shard.kind == first.shard.kind, part.shard.count == first.shard.count,
                    part.shard.run == first.shard.run
                else {
                    throw .foreign(
                        folder.path,
                        "shard \(part.shard.index)/\(part.shard.count) of another \(part.shard.kind) run than "
                            + "\(first.folder.path) (shard \(first.shard.index)/\(first.shard.count) of glimpse "
                            + "\(first.shard.kind)): merge the parts of one run")
                }
            }
            if let twin = parts.first(where: { $0.shard.index == part.shard.index }) {
                throw .doubled(part.shard.index, part.shard.count, twin.folder.path, folder.path)
            }
            parts.append(part)
        }
        guard let count = parts.first?.shard.count else { throw .missing([], 0) }
        let missing = Set(1...count).subtracting(parts.map(\.shard.index)).sorted()
        guard missing.isEmpty else { throw .missing(missing, count) }
        return parts.sorted { $0.shard.index < $1.shard.index }
    }

    /// A folder's `shard.json`.
    static func read(_ folder: URL) throws(MergeError) -> Shard {
        let file = folder.appendingPathComponent(Shard.fileName)
        let data: Data
        do {
            data = try RegularFile.read(file, limit: Shard.maximumBytes)
        } catch {
            throw .unreadable(file.path, "\(error.localizedDescription); expected a shard's output (--shard i/n)")
        }
        guard data.count <= Shard.maximumBytes else {
            throw .unreadable(file.path, "larger than \(Shard.maximumBytes >> 20) MB; no shard's record is")
        }
        if let excess = JSONBounds.readerExcess(data) { throw .unreadable(file.path, excess) }
        guard let header = try? JSONDecoder().decode(FormatHeader.self, from: data) else {
            throw .unreadable(file.path, "not a shard.json (no schemaVersion)")
        }
        guard header.schemaVersion == Shard.currentSchemaVersion else {
            throw .unreadable(file.path, "shard.json of schemaVersion \(header.schemaVersion); run the shards again")
        }
        let shard: Shard
        do {
            shard = try JSONDecoder().decode(Shard.self, from: data)
        } catch {
            throw .unreadable(file.path, "not a valid shard.json: \(error)")
        }
        guard (1...Shard.maximumCount).contains(shard.count), (1...shard.count).contains(shard.index) else {
            throw .unreadable(file.path, "shard \(shard.index) of \(shard.count) is no shard")
        }
        return shard
    }

    /// Which part owns each position of the run's output: every position `0..<total` owned once.
    ///
    /// - Throws: `MergeError.foreign` when a position is owned twice, by none, or past `total`.
    package static func owners(of parts: [Part], total: Int) throws(MergeError) -> [Int] {
        var owner = [Int](repeating: -1, count: total)
        for (number, part) in parts.enumerated() {
            for widget in part.shard.widgets {
                guard owner.indices.contains(widget.position), owner[widget.position] < 0 else {
                    throw .foreign(
                        part.folder.path, "widget \(widget.key) is at \(widget.position) of \(total), or in two shards")
                }
                owner[widget.position] = number
            }
        }
        if let unowned = owner.firstIndex(of: -1) {
            throw .foreign(parts[0].folder.path, "the widget at \(unowned) of \(total) is in no shard")
        }
        return owner
    }

    /// `path`, when it names a file inside a part: relative, with no `..`, no empty component.
    static func isInside(_ path: String) -> Bool {
        !path.hasPrefix("/")
            && !path.split(separator: "/", omittingEmptySubsequences: false).contains {
                $0.isEmpty || $0 == "." || $0 == ".."
            }
    }

    /// The largest image a part may hold: far more than any widget's PNG.
    package static let imageLimit = Limits.shardImage.value

    /// Puts each of `images` into `staged`, from the part that drew it.
    ///
    /// - Throws: `MergeError` when a part lacks an image it names; `OutputError` when it cannot be written.
    package static func carry(
        _ images: [(part: Int, path: String)], from parts: [Part], into staged: StagedOutput
    )
        throws
    {
        var carriers = parts.map { Carrier($0, into: staged, limit: imageLimit) }
        for image in images { try carriers[image.part].carry(image.path) }
    }

    /// The files of one part that go into the merged output.
    struct Carrier {
        let part: Part
        let staged: StagedOutput
        let limit: Int
        /// The part's folder; with its symbolic links resolved; each folder of it found inside.
        private let folder: String
        private let root: String
        private var inside: Set<Substring> = []

        init(_ part: Part, into staged: StagedOutput, limit: Int) {
            self.part = part
            self.staged = staged
            self.limit = limit
            folder = part.folder.path
            root = part.folder.resolvingSymlinksInPath().path + "/"
        }

        /// Puts `path` of the part into `staged`, at the same path: linked, not copied, where it can be.
        ///
        /// - Throws: `MergeError.unreadable` when the part lacks it as a regular file of at most
        ///   `limit` bytes, or it is not inside the part.
        mutating func carry(_ path: String) throws {
            guard isInside(path) else { throw MergeError.unreadable(path, "not a path inside \(part.folder.path)") }
            let file = folder + "/" + path
            // A folder of the path that is a symbolic link would lead out of the part.
            let parent = path[..<(path.lastIndex(of: "/") ?? path.startIndex)]
            if !inside.contains(parent) {
                let resolved = URL(fileURLWithPath: folder + "/" + parent).resolvingSymlinksInPath().path + "/"
                guard resolved.hasPrefix(root) else {
                    throw MergeError.unreadable(file, "its folder leads out of \(part.folder.path)")
                }
                inside.insert(parent)
            }
            guard try staged.link(path, from: file, limit: limit) else {
                throw MergeError.unreadable(
                    file, "not a regular file of at most \(limit >> 20) MB; the shard's output is incomplete")
            }
        }
    }
}

/// Parts that are not one run's shards, each once.
package enum MergeError: Error, CustomStringConvertible {
    case unreadable(String, String)
    case foreign(String, String)
    case doubled(Int, Int, String, String)
    case missing([Int], Int)

    package var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): \(reason)"
        case .foreign(let path, let reason): "\(path): \(reason)"
        case .doubled(let index, let count, let first, let second):
            "shard \(index)/\(count) is given twice: \(first) and \(second)"
        case .missing(_, let count) where count == 0: "no shard is given"
        case .missing(let indices, let count):
            "shard\(indices.count == 1 ? "" : "s") \(indices.map(String.init).joined(separator: ", ")) of \(count) "
                + "\(indices.count == 1 ? "is" : "are") missing: merge every shard of the run"
        }
    }
}
