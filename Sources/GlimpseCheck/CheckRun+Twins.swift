import Foundation
import GlimpseDigest
import GlimpseFormat
import Synchronization

extension CheckRun {
    /// Tiles that draw the same pixels: the same markup at the same size. A day of a widget's frames
    /// repeats a few states, and a text size past an app's cap draws as the cap, so most of a
    /// full-axis gallery's tiles have a twin drawn already (195,000 frames, 75,000 distinct). Each
    /// is drawn and measured once, and its findings given to the others under their own frames:
    /// twins in one batch of pages here, twins in earlier batches through `Memo`.
    struct Twins {
        /// The index of each tile drawn: the first of its twins.
        var drawn: [Int] = []
        /// A drawn tile's index → the indices of its twins after it.
        var others: [Int: [Int]] = [:]

        struct Look: Hashable {
            var markup: String
            var width: Int
            var height: Int
        }

        init(_ tiles: [Tile]) {
            var first: [Look: Int] = [:]
            for (index, tile) in tiles.enumerated() {
                let look = Look(markup: tile.markup, width: tile.width, height: tile.height)
                if let drawnTile = first[look] {
                    others[drawnTile, default: []].append(index)
                } else {
                    first[look] = index
                    drawn.append(index)
                }
            }
        }

        /// The frames of a drawn tile and of its twins, the drawn one first, each with the text size
        /// it is drawn at.
        func keys(of drawnTile: Int, in tiles: [Tile]) -> [(key: FrameKey, drawnSize: String)] {
            ([drawnTile] + (others[drawnTile] ?? [])).map { (tiles[$0].key, tiles[$0].drawnSize) }
        }

        /// The drawn tiles whose look no earlier batch measured, each with its digest; `known` is
        /// called with each of the others and what its look measured.
        func unseen(
            _ tiles: [Tile], memo: Memo, known: (_ seen: (tile: Int, look: Memo.Look)) -> Void
        ) -> [(tile: Int, digest: String)] {
            var unseen: [(tile: Int, digest: String)] = []
            for first in drawn {
                let digest = Self.digest(tiles[first])
                if let look = memo.look(digest) { known((first, look)) } else { unseen.append((first, digest)) }
            }
            return unseen
        }

        /// What names a tile's look across batches: the SHA-256 of its size and markup.
        static func digest(_ tile: Tile) -> String {
            SHA256.hex(of: "\(tile.width)x\(tile.height)\n" + tile.markup)
        }

        /// `finding`, made on a twin, as it is on the frame `key`.
        static func finding(_ finding: Findings.Finding, at key: FrameKey) -> Findings.Finding {
            var finding = finding
            finding.widget = key.widget
            finding.page = key.page
            finding.frame = key.anchor
            finding.scheme = key.scheme
            return finding
        }
    }
}

extension CheckRun {
    struct TileResult: Sendable {
        var key: FrameKey
        var findings: [Findings.Finding]
        var ink: Int
        /// Its texts' sizes, when `not-scaling` compares text sizes.
        var texts: [Scaling.Text]?
        var drawnSize: String
    }

    static func record(_ results: [TileResult], perTile: Collector.PerTile, into collected: Collector) {
        perTile.add(results.map { ($0.key, $0.ink) })
        let span = collected.span
        collected.state.withLock { all in
            for result in results {
                all.findings += result.findings
                for finding in result.findings { all.representatives.consider(finding) }
                if let span, let texts = result.texts, span.compares(result.key.widget.textSize) {
                    span.record(texts, of: result.key, drawnAt: result.drawnSize, into: &all.scaling)
                }
            }
        }
    }

    /// A look's results for each frame that draws it (`keys`): the same findings, each under its
    /// own frame.
    static func results(_ look: Memo.Look, keys: [(key: FrameKey, drawnSize: String)]) -> [TileResult] {
        keys.map { frame in
            TileResult(
                key: frame.key, findings: look.findings.map { Twins.finding($0, at: frame.key) }, ink: look.ink,
                texts: look.texts, drawnSize: frame.drawnSize)
        }
    }
}

extension CheckRun {
    /// What each look drawn in an earlier batch measured, by `Twins.digest`: its findings, its ink,
    /// and its texts' sizes when `not-scaling` compares them. At most `capacity` looks are kept;
    /// past that, a look is drawn again.
    final class Memo: Sendable {
        struct Look: Sendable {
            var findings: [Findings.Finding]
            var ink: Int
            var texts: [Scaling.Text]?
        }

        let state = Mutex<[String: Look]>([:])
        /// About 200 bytes a look without findings: 40 MB at most for the digests and counts.
        static let capacity = 200_000

        func look(_ digest: String) -> Look? {
            state.withLock { $0[digest] }
        }

        func remember(_ digest: String, _ look: Look) {
            state.withLock { looks in
                if looks.count < Self.capacity { looks[digest] = look }
            }
        }
    }
}
