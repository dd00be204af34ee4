import GlimpseFormat

/// Which frame shows a problem best: the smallest text size where it occurs, then the widest
/// screen, then the first scheme (light), then the first widget and frame by name. The run keeps
/// that frame's picture, and the report shows it; both rank the same way.
struct ProblemRank: Comparable, Sendable {
    var textSize: Int
    /// The screen's width, negated: the widest first.
    var narrowness: Int
    var language: String
    var scheme: Int
    var widget: String
    var frame: String

    init(_ finding: Findings.Finding) {
        textSize = Findings.textSizeIndex(finding.widget.textSize)
        narrowness = -(Int(finding.widget.device?.prefix { $0 != "x" } ?? "") ?? 0)
        language = finding.widget.language ?? ""
        scheme = Findings.schemeOrder.firstIndex(of: finding.scheme) ?? Findings.schemeOrder.count
        widget = finding.widget.key
        frame = finding.frame
    }

    static func < (lhs: ProblemRank, rhs: ProblemRank) -> Bool {
        (lhs.textSize, lhs.narrowness, lhs.language, lhs.scheme, lhs.widget, lhs.frame)
            < (rhs.textSize, rhs.narrowness, rhs.language, rhs.scheme, rhs.widget, rhs.frame)
    }

    /// Each problem's best frame so far, by problem key.
    struct Best: Sendable {
        var frames: [String: (rank: ProblemRank, key: FrameKey)] = [:]

        mutating func consider(_ finding: Findings.Finding) {
            let rank = ProblemRank(finding)
            let key = finding.problemKey
            if let kept = frames[key], kept.rank <= rank { return }
            frames[key] = (rank, CheckReport.key(of: finding))
        }
    }
}
