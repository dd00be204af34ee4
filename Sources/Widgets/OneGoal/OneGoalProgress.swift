import WidgetTimeline

/// A snapshot that passed the sanity checks: what the widget may show.
struct OneGoalProgress: Hashable, Sendable {
    var title: String
    var totalDays: Int
    var completedDays: Int
    var lastCompletedDate: LocalDate?
    /// `nil` means the default accent.
    var accent: HexColor?

    init(title: String, totalDays: Int, completedDays: Int, lastCompletedDate: LocalDate?, accent: HexColor?) {
        self.title = title
        self.totalDays = totalDays
        self.completedDays = completedDays
        self.lastCompletedDate = lastCompletedDate
        self.accent = accent
    }

    var isComplete: Bool { completedDays >= totalDays }

    var fractionComplete: Double { Double(completedDays) / Double(totalDays) }
}
