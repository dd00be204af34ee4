import Foundation
import WidgetTimeline

public struct W8TrackrEntry: TimelineEntry, Hashable {
    public enum Content: Hashable, Sendable {
        /// No container: the app has never been opened.
        case notSetUp
        case noEntries
        case unreadable
        case weight(WeightSummary)
    }

    public var date: Date
    public var content: Content
}

/// Entries at `now` and at each local midnight ("Today" becomes "Yesterday"); reloads then.
public struct W8TrackrProvider: TimelineProvider {
    public enum Source: Sendable {
        case notSetUp
        case unreadable
        case data(W8TrackrData)
    }

    public var source: Source
    /// Weights the app logs during the day.
    public var logged: [WeightEntry]

    public init(source: Source, logged: [WeightEntry] = []) {
        self.source = source
        self.logged = logged
    }

    public func placeholder(in context: TimelineProviderContext) -> W8TrackrEntry {
        let sample = WeightSummary(
            current: 172.4, unit: .lb, date: context.date,
            goal: .init(goal: 165, start: 185, remaining: 7.4, fraction: 0.63, reached: false, losing: true),
            weekChange: -1.8)
        return W8TrackrEntry(date: context.date, content: .weight(sample))
    }

    public func snapshot(in context: TimelineProviderContext) -> W8TrackrEntry {
        entry(at: context.date)
    }

    public func timeline(in context: TimelineProviderContext) -> Timeline<W8TrackrEntry> {
        var dates = [context.date] + context.calendar.midnights(in: DateInterval(start: context.date, duration: 86_400))
        if dates.count == 1 { dates.append(context.calendar.startOfNextDay(after: context.date)) }
        return Timeline(entries: dates.map { entry(at: $0, readAt: context.date) }, policy: .atEnd)
    }

    /// What shows at `date`, from what the store held when read at `readAt`.
    func entry(at date: Date, readAt: Date? = nil) -> W8TrackrEntry {
        let read = readAt ?? date
        switch source {
        case .notSetUp: return W8TrackrEntry(date: date, content: .notSetUp)
        case .unreadable: return W8TrackrEntry(date: date, content: .unreadable)
        case .data(var data):
            data = W8TrackrData(
                entries: data.entries + logged.filter { $0.date <= read }, unit: data.unit, goal: data.goal)
            guard let summary = WeightSummary.of(data, at: max(date, read)) else {
                return W8TrackrEntry(date: date, content: .noEntries)
            }
            return W8TrackrEntry(date: date, content: .weight(summary))
        }
    }
}
