import Foundation
import GlimpseCore
import WidgetTimeline

/// What a One Goal template presents. Swift decides everything; the template only lays it out.
struct OneGoalViewModel: Encodable, Hashable, Sendable {
    var link: String
    var accessibilityLabel: String
    var redacted: Bool
    var goal: GoalModel?
    /// The designed empty state, as HTML from copy.
    var emptyHTML: HTMLFragment
    /// Its copy key, as the template's `data-source` names it.
    var emptySource: String
    /// What the empty state shows, as its family has room.
    var emptyLayout: OneGoalEmptyLayout?

    struct GoalModel: Encodable, Hashable, Sendable {
        var title: String
        /// `store:goal.title`, or the copy shown for a goal without one.
        var titleSource: String
        var number: String
        var total: String
        /// "of 30 days", from copy.
        var captionHTML: HTMLFragment
        var statusHTML: HTMLFragment
        var statusSource: String
        var done: Bool
        var complete: Bool
        /// Bar fill, as a CSS percentage with fixed decimals: "40.00%".
        var barWidth: String
        var percentText: String
        var grid: OneGoalViewModel.Grid?
        var ring: OneGoalViewModel.Ring
        /// "12/30" for the inline family.
        var fraction: String
        /// The lines the family shows at the text size, in the language.
        var layout: OneGoalLayout
    }
}

extension OneGoalViewModel {
    /// A mini grid of one cell per day, sized to fit its area.
    struct Grid: Encodable, Sendable, Hashable {
        var columns: Int
        var cellSize: Int
        var gap: Int
        var cells: [Cell]
        /// The grid's CSS: `grid-template-columns` and cell size. Integers only.
        /// Stored, not computed: templates read the stored properties `Encodable` encodes.
        var style: String

        struct Cell: Encodable, Sendable, Hashable {
            var done: Bool
        }

        init(columns: Int, cellSize: Int, gap: Int, cells: [Cell]) {
            self.columns = columns
            self.cellSize = cellSize
            self.gap = gap
            self.cells = cells
            self.style =
                "grid-template-columns:repeat(\(columns),\(cellSize)px);grid-auto-rows:\(cellSize)px;gap:\(gap)px"
        }

        /// The most days drawn as cells: a year fits; more reads better as a bar.
        static let maximumCells = 400

        /// Lays out `total` square cells in `width`×`height` points, as large as they fit.
        ///
        /// - Returns: `nil` over `maximumCells` or when a cell would be under 4 pt; the caller
        ///   shows a bar instead.
        static func fitting(
            total: Int, completed: Int, width: Int, height: Int, maximumCell: Int = 16
        ) -> OneGoalViewModel.Grid? {
            guard total > 0, total <= maximumCells, width > 0, height > 0 else { return nil }
            var best: (columns: Int, pitch: Double)?
            for columns in 1...total {
                let rows = (total + columns - 1) / columns
                let pitch = min(Double(width) / Double(columns), Double(height) / Double(rows))
                if best == nil || pitch > best!.pitch { best = (columns, pitch) }
            }
            guard let best else { return nil }
            let pitch = min(best.pitch, Double(maximumCell) * 1.25)
            let gap = max(1, Int((pitch * 0.22).rounded()))
            let cell = Int(pitch.rounded(.down)) - gap
            guard cell >= 4 else { return nil }
            let cells = (0..<total).map { Cell(done: $0 < completed) }
            return OneGoalViewModel.Grid(columns: best.columns, cellSize: cell, gap: gap, cells: cells)
        }
    }

    /// A circular gauge for the Lock Screen, as SVG stroke dashes on a circle of radius 42.
    struct Ring: Encodable, Sendable, Hashable {
        var dash: String
        var circumference: String

        init(fraction: Double) {
            let circumference = 2 * Double.pi * 42
            let clamped = min(max(fraction, 0), 1)
            self.dash = String(format: "%.2f", clamped * circumference)
            self.circumference = String(format: "%.2f", circumference)
        }
    }
}
