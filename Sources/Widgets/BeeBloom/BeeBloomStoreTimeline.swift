import AppGroupStore
import Foundation
import WidgetTimeline

extension BeeBloomStoreTimeline {
    /// A change the app (or a widget intent) makes to the store at a moment.
    enum Change: Hashable, Sendable {
        case complete(habit: String)
        case create(habit: String, title: String, groupId: String?)
        case rename(habit: String, title: String)
        case delete(habit: String)

        func apply(to file: inout BeeBloomStoreFile, at date: Date) {
            switch self {
            case .complete(let id):
                file.completions.append(BeeBloomStoreFile.Completion(habitId: id, completedAt: date))
            case .create(let id, let title, let groupId):
                file.habits.removeAll { $0.id == id }
                file.habits.append(
                    BeeBloomStoreFile.Habit(
                        id: id, title: StoreText.displayable(title), groupId: groupId, createdAt: date))
            case .rename(let id, let title):
                for index in file.habits.indices where file.habits[index].id == id {
                    file.habits[index].title = StoreText.displayable(title)
                }
            case .delete(let id):
                file.habits.removeAll { $0.id == id }
                file.completions.removeAll { $0.habitId == id }
            }
        }
    }
}

extension BeeBloomStoreTimeline {
    /// The store could not be read at this moment (the app was writing it).
    struct Unreadable: Error, CustomStringConvertible {
        var description: String { "habits.json is being written and cannot be read" }
    }
}

/// BeeBloom's store over the simulated day: what the file held at `now`, then every change.
///
/// A value: a widget intent works on a copy, so the user's file is never touched.
struct BeeBloomStoreTimeline: Sendable {
    enum Loaded: Sendable {
        /// No container or no file: no habits yet.
        case empty
        /// The file could not be decoded at all.
        case unreadable
        case file(BeeBloomStoreFile)
    }

    var initial: Loaded
    var changes: [(at: Date, change: BeeBloomStoreTimeline.Change)]
    /// Moments when reading fails, such as while the app writes.
    var unreadable: [DateInterval]

    init(
        initial: Loaded, changes: [(at: Date, change: BeeBloomStoreTimeline.Change)] = [],
        unreadable: [DateInterval] = []
    ) {
        self.initial = initial
        self.changes = changes.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(
            \.element)
        self.unreadable = unreadable
    }

    /// A copy with one more change: what `CompleteHabitIntent` does.
    func adding(_ change: BeeBloomStoreTimeline.Change, at date: Date) -> BeeBloomStoreTimeline {
        BeeBloomStoreTimeline(initial: initial, changes: changes + [(date, change)], unreadable: unreadable)
    }

    /// What a read at `date` sees.
    ///
    /// - Throws: `BeeBloomStoreTimeline.Unreadable` inside an unreadable window.
    func read(at date: Date) throws -> Loaded {
        if unreadable.contains(where: { $0.start <= date && date < $0.end }) {
            throw BeeBloomStoreTimeline.Unreadable()
        }
        guard case .file(var file) = initial else {
            // Changes to a store that was empty start a file; an unreadable one stays unreadable.
            if case .unreadable = initial { return .unreadable }
            let applicable = changes.filter { $0.at <= date }
            guard !applicable.isEmpty else { return .empty }
            var file = BeeBloomStoreFile()
            for (at, change) in applicable { change.apply(to: &file, at: at) }
            return .file(file)
        }
        for (at, change) in changes where at <= date {
            change.apply(to: &file, at: at)
        }
        return .file(file)
    }
}
