/// The frame `state` names of the Just Now widgets and control.
public enum JustNowState: String, WidgetState {
    /// No session at all: "No recent sessions".
    case noHistory
    /// Under a minute since the last session ended.
    case justNow
    case minutesAgo
    case hoursAgo
    case yesterday
    case daysAgo
    case weeksAgo
    /// The Control Center control, which shows no data.
    case control
}
