import GlimpseFormat

/// A problem as the check report's index shows it: its card, with its frame, its grid of text size
/// × screen and its language chips.
extension CheckReport.IndexModel {
    /// A problem as the page shows it.
    struct ProblemCard: Encodable {
        var id: String
        var title: String
        var rule: String
        var severity: String
        var app: String
        var family: String
        var source: String?
        var text: String?
        var message: String
        var extent: String
        @Grouped var findings: Int
        @Grouped var acceptedFindings: Int
        /// Some findings accepted, not all.
        var partlyAccepted: Bool
        var reason: String?
        var status: String?
        var frame: Item
        var columns: [String]
        var grid: [GridRow]
        var languages: [Chip]
        var hasLanguages: Bool
    }

    struct GridRow: Encodable {
        var device: String
        var cells: [GridCell]
    }

    struct GridCell: Encodable {
        var findings: Int
        /// 0 (none) to 3 (the most of the grid's cells): the cell's shade.
        var level: Int
        var label: String
    }

    struct Chip: Encodable {
        var name: String
        @Grouped var findings: Int
        var seen: Bool
    }

    /// What the page and `junit.xml` call a problem: its rule and its element's source, text or role.
    static func title(of problem: Findings.Problem) -> String {
        let element =
            problem.element.source ?? problem.element.text.map { "“\($0)”" } ?? problem.element.role ?? "widget"
        return "\(problem.rule.rawValue) · \(problem.app) \(problem.family) · \(element)"
    }

    func card(_ problem: Findings.Problem, axes: ProblemTally.Axes) -> ProblemCard {
        let representative = problem.representative
        let size = sizes[representative.widget]
        let frame = Item(
            severity: problem.severity.rawValue, status: nil, accepted: nil, key: representative.widget,
            link: toGallery + representative.page + "#" + representative.frame, frame: representative.frame,
            scheme: representative.scheme, message: problem.message, image: representative.image,
            width: size?.width ?? 0, height: size?.height ?? 0, x: representative.box.x, y: representative.box.y,
            w: representative.box.width, h: representative.box.height)
        let most = max(1, problem.grid.map(\.findings).max() ?? 1)
        var counts: [String: Int] = [:]
        var byLanguage: [String: Int] = [:]
        for cell in problem.grid {
            counts[cell.textSize + "\u{1F}" + cell.device, default: 0] += cell.findings
            byLanguage[cell.language ?? "", default: 0] += cell.findings
        }
        let grid = axes.devices.map { device in
            GridRow(
                device: device.replacingOccurrences(of: "x", with: "×"),
                cells: axes.textSizes.map { size in
                    let count = counts[size + "\u{1F}" + device] ?? 0
                    return GridCell(
                        findings: count, level: count == 0 ? 0 : 1 + min(2, count * 3 / (most + 1)),
                        label: "\(size), \(device): \(ProblemExtent.count(count, "finding"))")
                })
        }
        return ProblemCard(
            id: problem.id, title: Self.title(of: problem), rule: problem.rule.rawValue,
            severity: problem.severity.rawValue, app: problem.app, family: problem.family,
            source: problem.element.source, text: problem.element.text ?? problem.element.role,
            message: problem.message, extent: problem.extent, findings: problem.findings,
            acceptedFindings: problem.accepted,
            partlyAccepted: problem.accepted > 0 && problem.accepted < problem.findings,
            reason: problem.acceptedReason, status: problem.baseline?.rawValue, frame: frame,
            columns: axes.textSizes, grid: grid,
            languages: axes.languages.count > 1
                ? axes.languages.map { Chip(name: $0, findings: byLanguage[$0] ?? 0, seen: byLanguage[$0] != nil) }
                : [], hasLanguages: axes.languages.count > 1)
    }
}
