import Foundation
import GlimpseCore

/// A shard's record as this version of Glimpse writes it.
package typealias Shard = ShardV1

/// `shard.json`, schema version 1 (`Schemas/shard.schema.json`): what one shard of a run
/// (`glimpse diff --pixels`, `snapshot` or `check` with `--shard i/n`) wrote beside its output, so
/// that `glimpse merge` can tell the parts of one run apart from a part missing, given twice, or of
/// another run, and take each widget from the part that drew it.
package struct ShardV1: Codable, Sendable, Equatable {
    package static let currentSchemaVersion = 1
    package static let fileName = "shard.json"
    /// More than the record of any gallery's shard (a full-axis one is about 2 MB); a larger file is
    /// refused, not read.
    package static let maximumBytes = Limits.shardFile.value
    /// The most shards a run may be cut into.
    package static let maximumCount = Limits.shardCount.value

    package var schemaVersion = currentSchemaVersion
    /// `diff`, `snapshot` or `check`: the command that wrote it.
    package var kind: String
    /// Which shard this is, from 1, and of how many.
    package var index: Int
    package var count: Int
    /// The SHA-256 of what every shard of one run shares: the command, its inputs and its options.
    package var run: String
    /// The widgets this shard owns, in the order of the run's output (for `check`, the gallery's
    /// pages, each with the frames of its widgets).
    package var widgets: [OwnedWidget]
    /// `check`: the gallery as it was named, the rules that ran, the frame images measured (a frame
    /// in each scheme), and the browser that measured them. Absent for the other commands.
    package var gallery: String?
    package var rules: [String]?
    package var frames: Int?
    package var chromium: String?

    package init(kind: String, index: Int, count: Int, run: String, widgets: [OwnedWidget]) {
        self.kind = kind
        self.index = index
        self.count = count
        self.run = run
        self.widgets = widgets
    }

    /// A widget a shard drew: its key, where it stands in the whole run's output, its share of the
    /// work (frames to draw), and for a snapshot how many images of `index.json` are its.
    package struct OwnedWidget: Codable, Sendable, Equatable {
        package var key: String
        package var position: Int
        package var frames: Int
        package var images: Int?

        package init(key: String, position: Int, frames: Int, images: Int? = nil) {
            self.key = key
            self.position = position
            self.frames = frames
            self.images = images
        }
    }
}
