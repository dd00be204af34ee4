import Foundation
import GlimpseCore
import GlimpseDigest
import GlimpseFormat
import GlimpseGallery
import GlimpseOutput

extension ShardMerge {
    /// The largest `index.json` a snapshot's part may hold: a full-axis gallery's is about 150 MB.
    static let indexLimit = Limits.snapshotIndex.value

    /// What names one run of a gallery (`snapshot`, `check`) for its shards: `options` (the command,
    /// the count, what shapes the output), where the gallery is, and its manifest.
    ///
    /// - Throws: `GalleryError` when the manifest cannot be read again.
    package static func runDigest(of gallery: Gallery, options: [String]) throws -> String {
        let manifest = try Gallery.readManifest(gallery.url.appendingPathComponent("manifest.json"))
        return SHA256.hex(of: Data((options + [gallery.url.path, ""]).joined(separator: "\n").utf8) + manifest)
    }

    /// A `glimpse snapshot` from its shards' (`parts`, as `parts(_:)` checked them) into `staged`:
    /// each widget's images from the part that drew them, and `index.json` in the manifest's order,
    /// as one run writes it. Returns how many images it holds.
    ///
    /// - Throws: `MergeError` for a part whose `index.json` cannot be read or does not hold what its
    ///   `shard.json` says; `OutputError` when a file cannot be written.
    package static func snapshot(_ parts: [Part], into staged: StagedOutput) throws -> Int {
        let total = parts.reduce(0) { $0 + $1.shard.widgets.count }
        let owners = try owners(of: parts, total: total)
        var slices: [[GallerySnapshot.Shot]] = Array(repeating: [], count: total)
        for part in parts {
            var shots = try index(of: part)[...]
            for widget in part.shard.widgets.sorted(by: { $0.position < $1.position }) {
                let count = widget.images ?? 0
                guard count <= shots.count else {
                    throw MergeError.foreign(part.folder.path, "index.json holds fewer images than shard.json says")
                }
                slices[widget.position] = Array(shots.prefix(count))
                shots = shots.dropFirst(count)
            }
            guard shots.isEmpty else {
                throw MergeError.foreign(part.folder.path, "index.json holds more images than shard.json says")
            }
        }
        var carriers = parts.map { Carrier($0, into: staged, limit: imageLimit) }
        for (position, shots) in slices.enumerated() {
            for shot in shots { try carriers[owners[position]].carry(shot.path) }
        }
        let all = slices.flatMap { $0 }
        try staged.write("index.json", try FormatJSON.encoder().encode(all))
        return all.count
    }

    /// The images a snapshot's part lists.
    static func index(of part: Part) throws(MergeError) -> [GallerySnapshot.Shot] {
        let file = part.folder.appendingPathComponent("index.json")
        do {
            let data = try RegularFile.read(file, limit: indexLimit)
            guard data.count <= indexLimit else { throw MergeError.unreadable(file.path, "larger than 512 MB") }
            if let excess = JSONBounds.readerExcess(data) { throw MergeError.unreadable(file.path, excess) }
            return try JSONDecoder().decode([GallerySnapshot.Shot].self, from: data)
        } catch let error as MergeError {
            throw error
        } catch {
            throw .unreadable(file.path, "\(error); expected the index.json of glimpse snapshot --shard")
        }
    }
}
