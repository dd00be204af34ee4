import Foundation
import GlimpseFormat

/// The problems of a check, counted as its findings go by once, in `findings.json`'s order: each
/// cause (`Finding.problemKey`) with its counts, where it is seen, its best frame, and the first
/// findings its page lists. Never every finding.
struct ProblemTally {
    /// The findings a problem's page lists; every one is in `findings.json`.
    static let findingsListed = CheckReport.findingsListedPerProblem

    struct Entry {
        var problem: Findings.Problem
        var rank: ProblemRank
        /// The last widget and frame counted, to count each once: findings come widget by widget,
        /// frame by frame.
        var lastWidget = ""
        var lastFrame = ""
        var schemes = Set<String>()
        var textSizes = Set<String>()
        var devices = Set<String>()
        var languages = Set<String>()
        var scenarios = Set<String>()
        var grid: [String: Findings.GridCell] = [:]
        var reasons = Set<String>()
        /// For `truncated`: the fewest and the most characters shown before the ellipsis.
        var shown: ClosedRange<Int>?
        var persisting = false
        var listed: [Findings.Finding] = []
    }

    private(set) var entries: [String: Entry] = [:]
    private var order: [String] = []
    /// The gallery's own locale (the manifest's), whose frames represent a problem first.
    var primaryLocale: String?

    /// Counts `finding`, marked by the accept file and the baseline.
    mutating func count(_ finding: Findings.Finding) {
        let key = finding.problemKey
        if entries[key] == nil {
            let problem = Findings.Problem(
                id: Findings.Finding.problemID(of: key), rule: finding.rule, severity: finding.severity,
                app: finding.widget.app, family: finding.widget.family,
                element: Findings.ProblemElement(
                    source: finding.element.source, text: finding.element.text, role: finding.element.role),
                message: finding.message, representative: Self.representative(finding))
            entries[key] = Entry(
                problem: problem,
                rank: ProblemRank(finding, primaryLocale: primaryLocale, accepted: finding.accepted != nil))
            order.append(key)
        }
        entries[key]!.add(finding, primaryLocale: primaryLocale)
    }

    /// Every problem, its extent in words against the gallery's `axes`: unaccepted errors first, then
    /// unaccepted warnings, then those accepted whole, each by reach (frames, then findings).
    func problems(axes: Axes, images: Set<String>, baseline: Bool) -> [Findings.Problem] {
        order.map { entries[$0]!.finished(axes: axes, images: images, baseline: baseline) }.sorted(by: Self.precedes)
    }

    /// The findings a problem's page lists, by problem id.
    var listed: [String: [Findings.Finding]] {
        Dictionary(uniqueKeysWithValues: entries.values.map { ($0.problem.id, $0.listed) })
    }

    static func precedes(_ one: Findings.Problem, _ two: Findings.Problem) -> Bool {
        let (a, b) = (standing(one), standing(two))
        if a != b { return a < b }
        if one.frames != two.frames { return one.frames > two.frames }
        if one.findings != two.findings { return one.findings > two.findings }
        return one.id < two.id
    }

    /// 0: an error some finding of which no entry accepts; 1: such a warning; 2: accepted whole.
    static func standing(_ problem: Findings.Problem) -> Int {
        if problem.accepted == problem.findings { return 2 }
        return problem.severity == .error ? 0 : 1
    }

    static func representative(_ finding: Findings.Finding) -> Findings.Representative {
        Findings.Representative(
            widget: finding.widget.key, page: finding.page, frame: finding.frame, scheme: finding.scheme,
            box: finding.element.box, image: FrameImage.name(CheckReport.key(of: finding)))
    }

    /// What the gallery was built over, each in its order: what a problem's extent is told against.
    struct Axes {
        var textSizes: [String]
        var devices: [String]
        var languages: [String]

        init(textSizes: [String], devices: [String], languages: [String]) {
            self.textSizes = textSizes
            self.devices = devices
            self.languages = languages
        }

        init(_ manifest: Manifest) {
            var sizes = Set<String>()
            var devices: [String: Int] = [:]
            var languages = Set<String>()
            for widget in manifest.widgets {
                sizes.insert(widget.textSize ?? "Large")
                let device = widget.device ?? manifest.device.name
                devices[device] = Int(device.prefix { $0 != "x" }) ?? 0
                let key = Findings.WidgetKey(
                    key: "", app: "", scenario: "", family: "", device: nil, textSize: nil,
                    locale: widget.locale ?? manifest.locale, pseudo: widget.pseudo ?? manifest.pseudo)
                languages.insert(key.language ?? "")
            }
            textSizes = sizes.sorted { Findings.textSizeIndex($0) < Findings.textSizeIndex($1) }
            self.devices = devices.keys.sorted { (devices[$0]!, $0) < (devices[$1]!, $1) }
            self.languages = languages.sorted()
        }
    }
}

extension ProblemTally.Entry {
    mutating func add(_ finding: Findings.Finding, primaryLocale: String?) {
        problem.findings += 1
        if finding.severity == .error { problem.severity = .error }
        if let reason = finding.accepted {
            problem.accepted += 1
            reasons.insert(reason)
        }
        if finding.baseline == .persisting { persisting = true }
        if let count = finding.measured.shownCharacters {
            shown = shown.map { min($0.lowerBound, count)...max($0.upperBound, count) } ?? count...count
        }
        if finding.widget.key != lastWidget {
            problem.widgets += 1
            lastWidget = finding.widget.key
            lastFrame = ""
        }
        if finding.frame != lastFrame {
            problem.frames += 1
            lastFrame = finding.frame
        }
        let (size, device) = (finding.widget.textSize ?? "Large", finding.widget.device ?? "")
        schemes.insert(finding.scheme)
        textSizes.insert(size)
        devices.insert(device)
        languages.insert(finding.widget.language ?? "")
        scenarios.insert(finding.widget.scenario)
        let cell = [size, device, finding.widget.language ?? ""].joined(separator: "\u{1F}")
        grid[
            cell,
            default: Findings.GridCell(textSize: size, device: device, language: finding.widget.language, findings: 0)
        ]
        .findings += 1
        let rank = ProblemRank(finding, primaryLocale: primaryLocale, accepted: finding.accepted != nil)
        if rank < self.rank {
            self.rank = rank
            problem.representative = ProblemTally.representative(finding)
            problem.message = finding.message
            problem.element.text = finding.element.text ?? problem.element.text
        }
        if listed.count < ProblemTally.findingsListed { listed.append(finding) }
    }

    /// The problem, its sets in the gallery's order and its extent in words.
    func finished(axes: ProblemTally.Axes, images: Set<String>, baseline: Bool) -> Findings.Problem {
        var problem = problem
        if baseline { problem.baseline = persisting ? .persisting : .new }
        problem.textSizes = axes.textSizes.filter(textSizes.contains)
        problem.devices = axes.devices.filter(devices.contains)
        problem.languages = axes.languages.filter(languages.contains).filter { !$0.isEmpty }
        problem.schemes =
            Findings.schemeOrder.filter(schemes.contains) + schemes.subtracting(Findings.schemeOrder).sorted()
        problem.scenarios = scenarios.sorted()
        problem.grid = grid.values.sorted {
            (Findings.textSizeIndex($0.textSize), $0.device, $0.language ?? "")
                < (Findings.textSizeIndex($1.textSize), $1.device, $1.language ?? "")
        }
        if problem.accepted == problem.findings, reasons.count == 1 { problem.acceptedReason = reasons.first }
        if let image = problem.representative.image, !images.contains(image) { problem.representative.image = nil }
        problem.extent = ProblemExtent.words(problem, axes: axes, shown: shown)
        return problem
    }
}
