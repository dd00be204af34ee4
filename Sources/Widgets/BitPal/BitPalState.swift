/// The frame `state` names of the BitPal widget.
public enum BitPalState: String, WidgetState {
    /// The portfolio, priced less than 60 minutes ago.
    case fresh
    /// The portfolio, priced 60 minutes ago or more: it carries the stale indicator.
    case stale
    /// No holdings.
    case empty
    /// Nothing readable in the store and nothing fetched.
    case unreadable
}
