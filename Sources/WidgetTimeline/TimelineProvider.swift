import Foundation

/// What a provider knows when it is asked for entries.
///
/// Unlike WidgetKit, the clock and calendar are passed in, so a provider is a pure
/// function of its store snapshot and this context.
public struct TimelineProviderContext: Sendable {
    public var family: WidgetFamily
    public var displaySize: WidgetSize
    /// The simulated moment of the request.
    public var date: Date
    /// The local calendar: time zone and first weekday.
    public var calendar: Calendar
    /// True for the gallery's widget picker render (the snapshot).
    public var isPreview: Bool

    public init(family: WidgetFamily, displaySize: WidgetSize, date: Date, calendar: Calendar, isPreview: Bool = false)
    {
        self.family = family
        self.displaySize = displaySize
        self.date = date
        self.calendar = calendar
        self.isPreview = isPreview
    }
}

/// The shape of WidgetKit's `TimelineProvider`, with synchronous returns.
public protocol TimelineProvider: Sendable {
    associatedtype Entry: TimelineEntry

    /// The redacted view WidgetKit draws before the first timeline arrives.
    func placeholder(in context: TimelineProviderContext) -> Entry

    /// A single entry for the widget gallery.
    func snapshot(in context: TimelineProviderContext) -> Entry

    /// Entries from `context.date` on.
    ///
    /// - Throws: when the store cannot be read at this moment. The simulator keeps the
    ///   last good timeline, and may retry within a free reload.
    func timeline(in context: TimelineProviderContext) throws -> Timeline<Entry>
}
