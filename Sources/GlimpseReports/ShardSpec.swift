import Foundation
import GlimpseFormat

/// Which share of a run one shard does (`--shard i/n`), and how a run is cut into shares: whole
/// widgets, so that each widget's images and pixels come from one process, balanced by the frames
/// each widget has to draw, each weighed by its area: a large widget's frame takes about three
/// times a small one's to draw, encode and compare (frames alone put every large widget of a
/// gallery in one shard, which took 2.2 times as long as the shard with the small ones). The cut
/// depends only on the widgets' keys, frames and sizes, so every shard of a run, run anywhere,
/// makes the same one.
package struct ShardSpec: Sendable, Equatable, CustomStringConvertible {
    /// From 1.
    package var index: Int
    package var count: Int

    package init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// `i/n`, with 1 ≤ i ≤ n ≤ `Shard.maximumCount`; nil for anything else.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
            (1...Shard.maximumCount).contains(count), (1...count).contains(index)
        else { return nil }
        self.init(index: index, count: count)
    }

    package var description: String { "\(index)/\(count)" }

    /// A widget's share of the work: its key, its frames to draw, and their area in points.
    package typealias Work = (key: String, frames: Int, area: Int)

    /// The shard (from 1) of each widget, by its position in `widgets`: the widgets with the most
    /// area to draw first (equal ones in key order), each to the shard with the least so far (the
    /// lowest-numbered of equal ones), as a longest-processing-time schedule does.
    package static func assign(_ widgets: [Work], count: Int) -> [Int] {
        let order = widgets.indices.sorted {
            (-widgets[$0].area, widgets[$0].key, $0) < (-widgets[$1].area, widgets[$1].key, $1)
        }
        var load = [Int](repeating: 0, count: max(1, count))
        var owner = [Int](repeating: 1, count: widgets.count)
        for position in order {
            let lightest = load.indices.min { (load[$0], $0) < (load[$1], $1) }!
            owner[position] = lightest + 1
            load[lightest] += widgets[position].area
        }
        return owner
    }

    /// The widgets of `widgets` this shard owns, in their order, as `shard.json` records them.
    package func owned(_ widgets: [Work]) -> [Shard.OwnedWidget] {
        let owners = Self.assign(widgets, count: count)
        return widgets.indices.filter { owners[$0] == index }.map {
            Shard.OwnedWidget(key: widgets[$0].key, position: $0, frames: widgets[$0].frames)
        }
    }
}
