import GlimpseFormat

extension CheckRun {
    /// `not-scaling`: each text of a frame at the gallery's smallest text size against the same text
    /// of the same frame at its largest. A text whose size is the same at both, in a widget drawn at
    /// two sizes (not capped down to the smallest), does not follow Dynamic Type.
    enum Scaling {
        /// A drawn text's identity (its source, else its text), size and place.
        struct Text: Sendable {
            var identity: String
            var text: String
            var source: String?
            var size: Double
            var box: [Double]
        }

        /// A frame's texts at the smallest size and at the largest, with the frame at the largest.
        struct Pair: Sendable {
            var smallest: [Text]?
            var smallestDrawnAt: String?
            var largest: [Text]?
            var largestDrawnAt: String?
            var largestKey: FrameKey?
        }

        /// The text sizes compared: the smallest and the largest the gallery has.
        struct Span: Sendable {
            var smallest: String
            var largest: String

            init(smallest: String, largest: String) {
                self.smallest = smallest
                self.largest = largest
            }

            /// Nil when the gallery has one text size only.
            init?(_ manifest: Manifest) {
                let sizes = Set(manifest.widgets.map { $0.textSize ?? "Large" })
                let ordered = sizes.sorted { Findings.textSizeIndex($0) < Findings.textSizeIndex($1) }
                guard let first = ordered.first, let last = ordered.last, first != last else { return nil }
                smallest = first
                largest = last
            }

            func compares(_ size: String?) -> Bool { size == smallest || size == largest }

            /// Keeps `texts`, of the frame `key` drawn at `drawnAt`, on its side of its pair.
            func record(_ texts: [Text], of key: FrameKey, drawnAt: String, into pairs: inout [String: Pair]) {
                let widget = key.widget
                let frame = [
                    widget.app, widget.scenario, widget.family, widget.device ?? "", widget.language ?? "", key.anchor,
                    key.scheme,
                ].joined(separator: "\u{1F}")
                if widget.textSize == smallest {
                    pairs[frame, default: Pair()].smallest = texts
                    pairs[frame, default: Pair()].smallestDrawnAt = drawnAt
                } else {
                    pairs[frame, default: Pair()].largest = texts
                    pairs[frame, default: Pair()].largestDrawnAt = drawnAt
                    pairs[frame, default: Pair()].largestKey = key
                }
            }
        }

        /// A measurement's drawn texts, each once by identity, at its smallest size there.
        static func texts(of measurement: Measurement) -> [Text] {
            var seen: [String: Text] = [:]
            var order: [String] = []
            for text in measurement.texts where text.kind == "text" && text.redacted != true {
                guard let size = text.size, size > 0, !(text.rects ?? []).isEmpty else { continue }
                let identity = text.source ?? text.text
                if let kept = seen[identity], kept.size <= size { continue }
                if seen[identity] == nil { order.append(identity) }
                seen[identity] = Text(
                    identity: identity, text: text.text, source: text.source, size: size, box: text.box)
            }
            return order.map { seen[$0]! }
        }

        /// The findings of every pair whose two sides are drawn at different sizes.
        static func findings(_ pairs: [String: Pair], span: Span) -> [Findings.Finding] {
            var found: [Findings.Finding] = []
            for frame in pairs.keys.sorted() {
                let pair = pairs[frame]!
                guard let small = pair.smallest, let large = pair.largest, let key = pair.largestKey,
                    pair.smallestDrawnAt != pair.largestDrawnAt
                else { continue }
                let before = Dictionary(small.map { ($0.identity, $0.size) }, uniquingKeysWith: min)
                for text in large {
                    guard let size = before[text.identity], abs(size - text.size) < 0.01 else { continue }
                    found.append(finding(text, at: key, span: span, drawnAt: pair.largestDrawnAt ?? span.largest))
                }
            }
            return found
        }

        static func finding(_ text: Text, at key: FrameKey, span: Span, drawnAt: String) -> Findings.Finding {
            var measured = Findings.Measured()
            measured.fontSize = (text.size * 100).rounded() / 100
            measured.textSizes = [span.smallest, drawnAt]
            return Findings.Finding(
                rule: .notScaling, severity: .error, widget: key.widget, page: key.page, frame: key.anchor,
                scheme: key.scheme,
                element: Findings.Element(text: text.text, role: nil, source: text.source, box: text.box.box),
                message:
                    "“\(text.text)” is \(Rules.points(text.size)) from \(span.smallest) to \(drawnAt): "
                    + "its text does not scale with Dynamic Type",
                measured: measured)
        }
    }
}
