import WidgetTimeline

/// How many rows a family shows, and what fits when there are more habits
/// (docs/widgets/beebloom.md#families).
struct BeeBloomCapacity: Hashable, Sendable {
    var rows: Int

    init(rows: Int) {
        self.rows = rows
    }

    static func of(_ family: WidgetFamily) -> BeeBloomCapacity {
        switch family {
        case .systemSmall: BeeBloomCapacity(rows: 3)
        case .systemMedium: BeeBloomCapacity(rows: 6)
        default: BeeBloomCapacity(rows: 10)
        }
    }

    /// What `family` shows at `size` and `textSize`: `of(family)`'s rows, or fewer where rows of
    /// that text no longer fit the widget's height (a row needs its title's line, 18 pt at Large
    /// scaled as subheadline, and 6 pt; the list sits inside the widget's padding, rows `gap` apart).
    /// Medium keeps its two columns. At Large on every screen class, this is `of(family)`.
    static func of(_ family: WidgetFamily, size: WidgetSize, textSize: TextSize) -> BeeBloomCapacity {
        let base = of(family)
        let row = 18 * TextStyle.subheadline.scale(at: textSize) + 6
        func fitting(height: Double, gap: Double) -> Int { max(1, Int(((height + gap) / (row + gap)).rounded(.down))) }
        switch family {
        case .systemSmall:
            return BeeBloomCapacity(rows: min(base.rows, fitting(height: Double(size.height) - 22, gap: 4)))
        case .systemMedium:
            let perColumn = min(base.rows / 2, fitting(height: Double(size.height) - 22, gap: 6))
            return BeeBloomCapacity(rows: 2 * perColumn)
        default:
            return BeeBloomCapacity(rows: min(base.rows, fitting(height: Double(size.height) - 16, gap: 2)))
        }
    }

    /// The most rows any family shows.
    static let mostRows = WidgetFamily.allCases.map { of($0).rows }.max() ?? 0

    /// How many habits are shown, and N of "+N more" (0 when everything fits).
    ///
    /// When the habits exceed the rows, the last row becomes "+N more".
    func layout(incomplete count: Int) -> (visible: Int, more: Int) {
        guard count > rows else { return (max(0, count), 0) }
        let visible = rows - 1
        return (visible, count - visible)
    }
}
