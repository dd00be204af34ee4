import GlimpseFormat

/// The rules about how a widget's parts sit together: texts that draw into each other or into a
/// graphic (`overlap`), and taps too small or too close to tell apart (`hit-target`).
extension Rules {
    /// Ink that overlaps by less than this, across and down, in points, is glyphs side by side.
    static let inkOverlap = 1.0
    /// Apple's minimum hit region (Human Interface Guidelines, Accessibility › Buttons and controls:
    /// "at least 44x44 pt"); a warning under it.
    static let appleTarget = 44.0
    /// WCAG 2.2 AA, 2.5.8 Target Size (Minimum): 24 × 24, or a circle of 24 around the target's
    /// centre that reaches no other target or circle; an error under it.
    static let wcagTarget = 24.0

    /// Two texts whose glyphs draw into each other, and a text drawn across the edge of a graphic
    /// that carries meaning (a bar, a ring, an icon).
    func overlap() -> [Findings.Finding] {
        let texts = drawnTexts.filter { !($0.ink ?? []).isEmpty }
        var found: [Findings.Finding] = []
        for (index, text) in texts.enumerated() {
            // Parts of one sentence are set by one line breaker, line under line: not a collision.
            for other in texts[(index + 1)...] where text.paragraph == nil || text.paragraph != other.paragraph {
                guard let overlap = Self.overlap(text.ink ?? [], other.ink ?? []) else { continue }
                found.append(
                    overlapFinding(
                        text, with: other.text, source: other.source, overlap: overlap,
                        message: "“\(text.text)” and “\(other.text)” draw into each other"))
            }
            for graphic in measurement.graphics where Self.carriesMeaning(graphic) {
                guard let visible = graphic.visible, let overlap = Self.crossing(text.ink ?? [], visible) else {
                    continue
                }
                found.append(
                    overlapFinding(
                        text, with: graphic.role, source: graphic.source, overlap: overlap,
                        message: "“\(text.text)” draws over the \(graphic.source.map(Self.roleName) ?? graphic.role)"))
            }
        }
        return found
    }

    private func overlapFinding(
        _ text: Measurement.Text, with other: String, source: String?, overlap: (width: Double, height: Double),
        message: String
    ) -> Findings.Finding {
        var measured = Findings.Measured()
        measured.with = other
        measured.withSource = source
        measured.overflow = (min(overlap.width, overlap.height) * 10).rounded() / 10
        return finding(
            .overlap, text: text.text, source: text.source, box: text.box,
            message: message + String(format: " (%.1f × %.1f pt of ink)", overlap.width, overlap.height),
            measured: measured)
    }

    /// A graphic that is not decoration, not the background, and drawn opaque enough to be seen.
    static func carriesMeaning(_ graphic: Measurement.Graphic) -> Bool {
        !graphic.decorative && !graphic.covers && !graphic.bleed && graphic.colour[3] >= 0.5
    }

    /// `role:progress-ring` → "progress ring".
    static func roleName(_ source: String) -> String {
        String(source.drop { $0 != ":" }.dropFirst()).replacingOccurrences(of: "-", with: " ")
    }

    /// The largest overlap of a box of `one` with a box of `two`, at least `inkOverlap` each way.
    static func overlap(_ one: [[Double]], _ two: [[Double]]) -> (width: Double, height: Double)? {
        var best: (width: Double, height: Double)?
        for a in one {
            for b in two {
                guard let both = intersection(a, b), both.width >= inkOverlap, both.height >= inkOverlap else {
                    continue
                }
                if best.map({ both.width * both.height > $0.width * $0.height }) ?? true { best = both }
            }
        }
        return best
    }

    /// Ink that crosses `graphic`'s edge: overlapping it, not wholly inside it (a label set in a
    /// ring or on a bar is placed there).
    static func crossing(_ ink: [[Double]], _ graphic: [Double]) -> (width: Double, height: Double)? {
        guard let overlap = overlap(ink, [graphic]) else { return nil }
        let inside = ink.allSatisfy { box in
            intrusion(of: box, into: graphic) <= tolerance || intersection(box, graphic) == nil
        }
        return inside ? nil : overlap
    }

    static func intersection(_ a: [Double], _ b: [Double]) -> (width: Double, height: Double)? {
        guard a.count == 4, b.count == 4 else { return nil }
        let width = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
        let height = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
        return width > 0 && height > 0 ? (width, height) : nil
    }

    /// Targets under WCAG's 24 pt without room around them, or that overlap another (errors); under
    /// Apple's 44 pt (a warning). The widget's own tap, as large as the widget, is never one.
    func hitTarget() -> [Findings.Finding] {
        let targets = (measurement.targets ?? []).filter { !$0.whole && $0.box.count == 4 }
        var found: [Findings.Finding] = []
        for (index, target) in targets.enumerated() {
            let others = targets.indices.filter { $0 != index }.map { targets[$0] }
            let (width, height) = (target.box[2], target.box[3])
            let gap = others.map { Self.gap(target.box, $0.box) }.min()
            let touching = others.first {
                Self.intersection(target.box, $0.box).map { $0.width * $0.height > 0.25 } ?? false
            }
            var measured = Findings.Measured()
            measured.targetWidth = (width * 10).rounded() / 10
            measured.targetHeight = (height * 10).rounded() / 10
            measured.gap = gap.map { ($0 * 10).rounded() / 10 }
            let name = target.source.map(Self.roleName) ?? target.role
            let size = String(format: "%.1f × %.1f pt", width, height)
            if min(width, height) < Self.wcagTarget - 0.01, !Self.spaced(target.box, among: others.map(\.box)) {
                measured.minimumTarget = Self.wcagTarget
                found.append(
                    targetFinding(
                        target, .error, measured,
                        "The \(name) is \(size), under the 24 × 24 pt a tap needs (WCAG 2.5.8), with no room "
                            + "around it"))
            } else if let touching {
                measured.minimumTarget = Self.wcagTarget
                measured.gap = 0
                let other = touching.source.map(Self.roleName) ?? touching.role
                found.append(
                    targetFinding(
                        target, .error, measured, "The \(name) and the \(other) overlap: a tap there is either"))
            } else if min(width, height) < Self.appleTarget - 0.01 {
                measured.minimumTarget = Self.appleTarget
                found.append(
                    targetFinding(
                        target, .warning, measured,
                        "The \(name) is \(size), under the 44 × 44 pt Apple gives a tap (HIG)"))
            }
        }
        return found
    }

    private func targetFinding(
        _ target: Measurement.Target, _ severity: Severity, _ measured: Findings.Measured, _ message: String
    ) -> Findings.Finding {
        finding(
            .hitTarget, severity: severity, role: target.role, source: target.source, box: target.box,
            message: message, measured: measured)
    }

    /// The distance between two boxes' edges, 0 when they touch or overlap.
    static func gap(_ a: [Double], _ b: [Double]) -> Double {
        let across = max(0, max(a[0], b[0]) - min(a[0] + a[2], b[0] + b[2]))
        let down = max(0, max(a[1], b[1]) - min(a[1] + a[3], b[1] + b[3]))
        return (across * across + down * down).squareRoot()
    }

    /// WCAG 2.5.8's spacing: a circle of 24 pt around the target's centre reaches no other target,
    /// nor the circle of another target under 24 pt.
    static func spaced(_ box: [Double], among others: [[Double]]) -> Bool {
        let radius = wcagTarget / 2
        let centre = (box[0] + box[2] / 2, box[1] + box[3] / 2)
        return others.allSatisfy { other in
            let nearestX = max(other[0], min(centre.0, other[0] + other[2]))
            let nearestY = max(other[1], min(centre.1, other[1] + other[3]))
            let toBox = ((centre.0 - nearestX) * (centre.0 - nearestX) + (centre.1 - nearestY) * (centre.1 - nearestY))
                .squareRoot()
            let otherCentre = (other[0] + other[2] / 2, other[1] + other[3] / 2)
            let toCircle =
                ((centre.0 - otherCentre.0) * (centre.0 - otherCentre.0)
                + (centre.1 - otherCentre.1) * (centre.1 - otherCentre.1)).squareRoot()
            let undersized = min(other[2], other[3]) < wcagTarget - 0.01
            return toBox >= radius && (!undersized || toCircle >= 2 * radius)
        }
    }
}
