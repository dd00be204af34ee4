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
    /// What happened while it was made, for the reload log, such as "prices: HTTP 429; cached
    /// data from 9:00 AM". Not part of WidgetKit's API: a simulation aid.
    public var note: String?

    public init(entries: [Entry], policy: TimelineReloadPolicy, note: String? = nil) {
        self.entries = entries
        self.policy = policy
        self.note = note
    }
}
