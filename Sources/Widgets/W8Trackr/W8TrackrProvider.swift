import Foundation
import WidgetTimeline

struct W8TrackrEntry: TimelineEntry, Hashable {
    enum Content: Hashable, Sendable {
        /// No container: the app has never been opened.
        case notSetUp
        case noEntries
        case unreadable
        case weight(W8TrackrSummary)
    }

    var date: Date
    var content: Content
}

/// Entries at `now` and at each local midnight ("Today" becomes "Yesterday"); reloads then.
struct W8TrackrProvider: TimelineProvider {
    enum Source: Sendable {
        case notSetUp
        case unreadable
        case data(W8TrackrLog)
    }

    var source: Source
    /// Weights the app logs during the day.
    var logged: [W8TrackrWeighIn]

    init(source: Source, logged: [W8TrackrWeighIn] = []) {
        self.source = source
        self.logged = logged
    }

    func placeholder(in context: TimelineProviderContext) -> W8TrackrEntry {
        // The shipped widget's placeholder: 175 lb, 60 % of the way to 165, down 5 lb this week.
        let sample = W8TrackrSummary(
            current: 175, unit: .lb, date: context.date,
            goal: .init(
                goal: 165, start: 190, remaining: 10, fraction: 0.6, reached: false, losing: true, shownRemaining: 10),
            weekChange: -5)
        return W8TrackrEntry(date: context.date, content: .weight(sample))
    }

    func snapshot(in context: TimelineProviderContext) -> W8TrackrEntry {
        entry(at: context.date)
    }

    func timeline(in context: TimelineProviderContext) -> Timeline<W8TrackrEntry> {
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
            data = W8TrackrLog(
                entries: data.entries + logged.filter { $0.date <= read }, unit: data.unit, goal: data.goal)
            guard let summary = W8TrackrSummary.of(data, at: max(date, read)) else {
                return W8TrackrEntry(date: date, content: .noEntries)
            }
            return W8TrackrEntry(date: date, content: .weight(summary))
        }
    }
}
