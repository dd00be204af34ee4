/// The frame `state` names of the W8Trackr widget.
public enum W8TrackrState: String, WidgetState {
    /// No container: the app has never been opened.
    case notSetUp
    /// A store without a weigh-in yet.
    case noEntries
    /// The store cannot be read.
    case unreadable
    /// The latest weight, without a goal.
    case weight
    /// The latest weight and the way to the goal.
    case progress
    /// The goal is reached.
    case goalReached
}
