import Foundation

/// What a widget showed over an interval, and which reload produced it.
public struct TimelineFrame<Entry: TimelineEntry>: Sendable {
    public var start: Date
    public var end: Date
    public var entry: Entry
    /// Index into the reload log.
    public var reload: Int
    /// True while no timeline has arrived yet and WidgetKit shows the placeholder.
    public var isPlaceholder: Bool

    public init(start: Date, end: Date, entry: Entry, reload: Int, isPlaceholder: Bool = false) {
        self.start = start
        self.end = end
        self.entry = entry
        self.reload = reload
        self.isPlaceholder = isPlaceholder
    }

    public var interval: DateInterval { DateInterval(start: start, end: end) }
}

/// The result of simulating a widget over a window: frames that tile it, and the reload log.
public struct TimelineSimulation<Entry: TimelineEntry>: Sendable {
    public var window: DateInterval
    public var frames: [TimelineFrame<Entry>]
    public var reloads: [ReloadRecord]
    public var budget: ReloadBudget

    /// The frame on screen at `date`, if `date` is in the window.
    public func frame(at date: Date) -> TimelineFrame<Entry>? {
        frames.first { $0.start <= date && date < $0.end }
    }

    /// Merges consecutive frames that have the same key (for example, identical rendered HTML).
    /// The merged frame keeps the first frame's entry and reload.
    public func mergingFrames<Key: Equatable>(
        by key: (TimelineFrame<Entry>) throws -> Key
    ) rethrows -> TimelineSimulation<Entry> {
        var merged: [TimelineFrame<Entry>] = []
        var lastKey: Key?
        for frame in frames {
            let frameKey = try key(frame)
            if let lastKey, lastKey == frameKey, var previous = merged.popLast() {
                previous.end = frame.end
                merged.append(previous)
            } else {
                merged.append(frame)
            }
            lastKey = frameKey
        }
        var result = self
        result.frames = merged
        return result
    }
}
