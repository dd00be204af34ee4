import WidgetTimeline

/// A snapshot that passed the sanity checks: what the widget may show.
public struct Goal: Hashable, Sendable {
    public var title: String
    public var totalDays: Int
    public var completedDays: Int
    public var lastCompletedDate: LocalDate?
    /// `nil` means the default accent.
    public var accent: HexColor?

    public init(title: String, totalDays: Int, completedDays: Int, lastCompletedDate: LocalDate?, accent: HexColor?) {
        self.title = title
        self.totalDays = totalDays
        self.completedDays = completedDays
        self.lastCompletedDate = lastCompletedDate
        self.accent = accent
    }

    public var isComplete: Bool { completedDays >= totalDays }

    public var fractionComplete: Double { Double(completedDays) / Double(totalDays) }
}
