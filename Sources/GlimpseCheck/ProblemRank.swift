import GlimpseFormat
import GlimpseShots

/// Which frame shows a problem best: one the accept file does not accept (a problem partly
/// accepted shows what is still wrong), then the smallest text size where it occurs, then the widest
/// screen, then the gallery's own language (its first locale, no pseudolanguage), then the first
/// scheme (light), then a frame of data before the placeholder (whose grey bars show no text), then
/// the first widget and frame by name. The run keeps that frame's picture, and
/// the report shows it; both rank the same way.
struct ProblemRank: Comparable, Sendable {
    /// 1 for a finding the accept file accepts.
    var accepted: Int
    var textSize: Int
    /// The screen's width, negated: the widest first.
    var narrowness: Int
    /// 0 for the gallery's own locale, 1 for another, 2 for a pseudolanguage; then by name.
    var foreignness: Int
    var language: String
    var scheme: Int
    /// 1 for the placeholder frame, drawn redacted: a frame of data shows the problem better.
    var placeholder: Int
    var widget: String
    var frame: String

    init(_ finding: Findings.Finding, primaryLocale: String?, accepted: Bool) {
        self.accepted = accepted ? 1 : 0
        textSize = Findings.textSizeIndex(finding.widget.textSize)
        narrowness = -(Int(finding.widget.device?.prefix { $0 != "x" } ?? "") ?? 0)
        foreignness = finding.widget.pseudo != nil ? 2 : finding.widget.locale == primaryLocale ? 0 : 1
        language = finding.widget.language ?? ""
        scheme = Findings.schemeOrder.firstIndex(of: finding.scheme) ?? Findings.schemeOrder.count
        placeholder = finding.frame == FrameMarkup.placeholderAnchor ? 1 : 0
        widget = finding.widget.key
        frame = finding.frame
    }

    static func < (lhs: ProblemRank, rhs: ProblemRank) -> Bool {
        if lhs.accepted != rhs.accepted { return lhs.accepted < rhs.accepted }
        let (one, two) = (
            (lhs.textSize, lhs.narrowness, lhs.foreignness, lhs.language),
            (rhs.textSize, rhs.narrowness, rhs.foreignness, rhs.language)
        )
        if one != two { return one < two }
        return (lhs.scheme, lhs.placeholder, lhs.widget, lhs.frame)
            < (rhs.scheme, rhs.placeholder, rhs.widget, rhs.frame)
    }

    /// Each problem's best frame so far, by problem key.
    struct Best: Sendable {
        var frames: [String: (rank: ProblemRank, key: FrameKey)] = [:]
        /// The gallery's own locale (the manifest's), whose frames come first.
        var primaryLocale: String?
        /// The accept file, whose findings come last.
        var accepted: AcceptedFindings?

        mutating func consider(_ finding: Findings.Finding) {
            let rank = ProblemRank(
                finding, primaryLocale: primaryLocale, accepted: accepted?.acceptance(of: finding) != nil)
            let key = finding.problemKey
            if let kept = frames[key], kept.rank <= rank { return }
            frames[key] = (rank, CheckReport.key(of: finding))
        }
    }
}
