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
