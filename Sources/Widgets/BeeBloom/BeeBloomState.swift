/// The frame `state` names of the BeeBloom widget.
public enum BeeBloomState: String, WidgetState {
    /// No habits at all: "Add your first habit in BeeBloom".
    case noHabits
    /// Some incomplete habits, all of which fit.
    case habits
    /// More incomplete habits than rows: the last row is "+N more".
    case overflow
    /// Nothing left today: "All habits completed today! 🌸".
    case allComplete
    /// The store could not be read.
    case unreadable
}
