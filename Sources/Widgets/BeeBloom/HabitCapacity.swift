import WidgetTimeline

/// How many rows a family shows, and what fits when there are more habits
/// (docs/widgets/beebloom.md#families).
public struct HabitCapacity: Hashable, Sendable {
    public var rows: Int

    public init(rows: Int) {
        self.rows = rows
    }

    public static func of(_ family: WidgetFamily) -> HabitCapacity {
        switch family {
        case .systemSmall: HabitCapacity(rows: 3)
        case .systemMedium: HabitCapacity(rows: 6)
        default: HabitCapacity(rows: 10)
        }
    }

    /// What `family` shows at `size` and `textSize`: `of(family)`'s rows, or fewer where rows of
    /// that text no longer fit the widget's height (a row needs its title's line, 18 pt at Large
    /// scaled as subheadline, and 6 pt; the list sits inside the widget's padding, rows `gap` apart).
    /// Medium keeps its two columns. At Large on every screen class, this is `of(family)`.
    public static func of(_ family: WidgetFamily, size: WidgetSize, textSize: TextSize) -> HabitCapacity {
        let base = of(family)
        let row = 18 * TextStyle.subheadline.scale(at: textSize) + 6
        func fitting(height: Double, gap: Double) -> Int { max(1, Int(((height + gap) / (row + gap)).rounded(.down))) }
        switch family {
        case .systemSmall:
            return HabitCapacity(rows: min(base.rows, fitting(height: Double(size.height) - 22, gap: 4)))
        case .systemMedium:
            let perColumn = min(base.rows / 2, fitting(height: Double(size.height) - 22, gap: 6))
            return HabitCapacity(rows: 2 * perColumn)
        default:
            return HabitCapacity(rows: min(base.rows, fitting(height: Double(size.height) - 16, gap: 2)))
        }
    }

    /// The most rows any family shows.
    public static let mostRows = WidgetFamily.allCases.map { of($0).rows }.max() ?? 0

    /// How many habits are shown, and N of "+N more" (0 when everything fits).
    ///
    /// When the habits exceed the rows, the last row becomes "+N more".
    public func layout(incomplete count: Int) -> (visible: Int, more: Int) {
        guard count > rows else { return (max(0, count), 0) }
        let visible = rows - 1
        return (visible, count - visible)
    }
}
