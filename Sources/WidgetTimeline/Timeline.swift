import Foundation

/// When WidgetKit should ask the provider for a new timeline.
public enum TimelineReloadPolicy: Hashable, Sendable {
    /// After the last entry's date.
    case atEnd
    /// At or after the given date.
    case after(Date)
    /// Only when the app or an intent asks.
    case never
}

/// Entries and a reload policy, as WidgetKit's `Timeline(entries:policy:)`.
public struct Timeline<Entry: TimelineEntry>: Sendable {
    public var entries: [Entry]
    public var policy: TimelineReloadPolicy

    public init(entries: [Entry], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }
}
