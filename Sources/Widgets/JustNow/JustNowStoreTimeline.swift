import Foundation

/// Just Now's sessions over the simulated day: what the file held at `now`, then sessions the
/// app logs. A value; the user's file is never touched.
struct JustNowStoreTimeline: Sendable {
    private(set) var initial: [JustNowStoreFile.Session]
    var logged: [(at: Date, session: JustNowStoreFile.Session)]
    /// End times of `initial`, ascending, so lookups are binary searches: a store may hold years of sessions.
    let initialEnds: [Date]

    init(initial: [JustNowStoreFile.Session], logged: [(at: Date, session: JustNowStoreFile.Session)] = []) {
        self.initial = initial
        self.logged = logged
        initialEnds = initial.map(\.endedAt).sorted()
    }

    /// When the last meditation known at `date` ended: the latest end time at or before `date`.
    func lastEnded(at date: Date) -> Date? {
        let index = initialEnds.partitionIndex { $0 > date }
        let stored = index > 0 ? initialEnds[index - 1] : nil
        let fromApp = logged.lazy.filter { $0.at <= date }.map(\.session.endedAt).filter { $0 <= date }.max()
        return [stored, fromApp].compactMap { $0 }.max()
    }

    /// The first end time after `date` of a session already in the file (one in progress at `now`).
    func nextEnd(after date: Date) -> Date? {
        let index = initialEnds.partitionIndex { $0 > date }
        return index < initialEnds.count ? initialEnds[index] : nil
    }
}
