import Foundation

/// The weigh-ins a 24 h window can show, gathered one at a time from a store of any size.
///
/// At any moment `t` of the window the widget reads the oldest weight (the goal's start), the
/// latest at or before `t`, and the latest at or before `t` − 7 days (`W8TrackrSummary.of`). So
/// what is kept is: the oldest entry; the newest entry before `window.start` − 7 days; and every
/// entry from then to the window's end. The summaries at every moment of the window are the
/// same as from all the entries.
struct W8TrackrRelevantWeights: Sendable {
    let window: DateInterval
    private var oldest: W8TrackrWeighIn?
    private var newestBefore: W8TrackrWeighIn?
    private var recent: [W8TrackrWeighIn] = []
    /// The newest entry of all, however far in the future: the store excerpt reports it.
    private(set) var newest: W8TrackrWeighIn?

    init(window: DateInterval) {
        self.window = window
    }

    /// From a week before the window: the earliest `t` − 7 days the window asks about.
    var cutoff: Date { window.start - 7 * 86_400 }

    mutating func add(_ entry: W8TrackrWeighIn) {
        func older(_ a: W8TrackrWeighIn, _ b: W8TrackrWeighIn) -> Bool { (a.date, a.id) < (b.date, b.id) }
        if oldest.map({ older(entry, $0) }) ?? true { oldest = entry }
        if newest.map({ older($0, entry) }) ?? true { newest = entry }
        if entry.date < cutoff {
            if newestBefore.map({ older($0, entry) }) ?? true { newestBefore = entry }
        } else if entry.date <= window.end {
            recent.append(entry)
        }
    }

    /// The kept entries, each once, in any order (`W8TrackrLog` sorts them).
    var entries: [W8TrackrWeighIn] {
        var entries = recent
        for entry in [newestBefore, oldest].compactMap({ $0 }) where !entries.contains(entry) {
            entries.append(entry)
        }
        return entries
    }
}
