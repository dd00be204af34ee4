import Foundation
import GlimpseFormat
import Synchronization

extension CheckRun {
    /// Fewer inked points than a dot of 2.5 pt across is nothing drawn; ten times that is a frame that
    /// draws (a single letter at 13 pt is about 40).
    static let blankInk = 6
    static let drawingInk = 60

    /// A batch's `blank` findings.
    static func recordBlank(_ perTile: Collector.PerTile, tiles: [Tile], into collected: Collector) {
        let inks = perTile.state.withLock { $0.inks }
        let blank = Self.blank(inks, tiles: tiles)
        collected.state.withLock { all in
            all.findings += blank
            for finding in blank { all.representatives.consider(finding) }
        }
    }

    static func blank(_ inks: [FrameKey: Int], tiles: [Tile]) -> [Findings.Finding] {
        let groups = Dictionary(grouping: inks.keys) { $0.widget.key + "\u{1F}" + $0.anchor }
        var findings: [Findings.Finding] = []
        let sizes = Dictionary(tiles.map { ($0.key, ($0.width, $0.height)) }, uniquingKeysWith: { one, _ in one })
        for keys in groups.values {
            let drawing = keys.filter { inks[$0]! >= drawingInk }.map(\.scheme).sorted()
            guard !drawing.isEmpty else { continue }
            for key in keys where inks[key]! < blankInk {
                let size = sizes[key] ?? (0, 0)
                var measured = Findings.Measured()
                measured.drawnIn = drawing
                findings.append(
                    Findings.Finding(
                        rule: .blank, severity: .error, widget: key.widget, page: key.page, frame: key.anchor,
                        scheme: key.scheme,
                        element: Findings.Element(
                            text: nil, role: "widget",
                            box: Findings.Box(x: 0, y: 0, width: Double(size.0), height: Double(size.1))),
                        message:
                            "The widget draws nothing in \(key.scheme) (\(inks[key]!) points differ from its "
                            + "background), while it does in \(drawing.joined(separator: ", "))",
                        measured: measured))
            }
        }
        return findings
    }
}

/// A frame's image in the report: `frames/<hash>.png`, named from its widget, anchor and scheme.
enum FrameImage {
    static func name(_ key: FrameKey) -> String {
        let text = [key.widget.key, key.anchor, key.scheme].joined(separator: "\u{1F}")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return "frames/" + String(hash, radix: 16) + ".png"
    }
}

extension CheckRun.Collector {
    /// Each frame's ink, for one batch's `blank`.
    final class PerTile: Sendable {
        struct State {
            var inks: [FrameKey: Int] = [:]
        }

        let state = Mutex(State())

        func add(_ results: [(FrameKey, Int)]) {
            state.withLock { state in
                for (key, ink) in results { state.inks[key] = ink }
            }
        }
    }
}
