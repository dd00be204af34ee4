/// The frame `state` names of the One Goal widget.
public enum OneGoalState: String, WidgetState {
    /// No snapshot, or one that failed its checks: the designed empty state.
    case noGoal
    case notDoneToday
    case doneToday
    /// `completedDays == totalDays`.
    case complete
}
