import AppGroupStore
import Foundation
import WidgetTimeline

/// A change the app (or a widget intent) makes to the store at a moment.
public enum HabitChange: Hashable, Sendable {
    case complete(habit: String)
    case create(habit: String, title: String, groupId: String?)
    case rename(habit: String, title: String)
    case delete(habit: String)

    func apply(to file: inout HabitsFile, at date: Date) {
        switch self {
        case .complete(let id):
            file.completions.append(Completion(habitId: id, completedAt: date))
        case .create(let id, let title, let groupId):
            file.habits.removeAll { $0.id == id }
            file.habits.append(Habit(id: id, title: StoreText.displayable(title), groupId: groupId, createdAt: date))
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

/// The store could not be read at this moment (the app was writing it).
public struct StoreUnreadableError: Error, CustomStringConvertible {
    public var description: String { "habits.json is being written and cannot be read" }
}

/// BeeBloom's store over the simulated day: what the file held at `now`, then every change.
///
/// A value: a widget intent works on a copy, so the user's file is never touched.
public struct BeeBloomStore: Sendable {
    public enum Loaded: Sendable {
        /// No container or no file: no habits yet.
        case empty
        /// The file could not be decoded at all.
        case unreadable
        case file(HabitsFile)
    }

    public var initial: Loaded
    public var changes: [(at: Date, change: HabitChange)]
    /// Moments when reading fails, such as while the app writes.
    public var unreadable: [DateInterval]

    public init(initial: Loaded, changes: [(at: Date, change: HabitChange)] = [], unreadable: [DateInterval] = []) {
        self.initial = initial
        self.changes = changes.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(
            \.element)
        self.unreadable = unreadable
    }

    /// A copy with one more change: what `CompleteHabitIntent` does.
    public func adding(_ change: HabitChange, at date: Date) -> BeeBloomStore {
        BeeBloomStore(initial: initial, changes: changes + [(date, change)], unreadable: unreadable)
    }

    /// What a read at `date` sees.
    ///
    /// - Throws: `StoreUnreadableError` inside an unreadable window.
    public func read(at date: Date) throws -> Loaded {
        if unreadable.contains(where: { $0.start <= date && date < $0.end }) { throw StoreUnreadableError() }
        guard case .file(var file) = initial else {
            // Changes to a store that was empty start a file; an unreadable one stays unreadable.
            if case .unreadable = initial { return .unreadable }
            let applicable = changes.filter { $0.at <= date }
            guard !applicable.isEmpty else { return .empty }
            var file = HabitsFile()
            for (at, change) in applicable { change.apply(to: &file, at: at) }
            return .file(file)
        }
        for (at, change) in changes where at <= date {
            change.apply(to: &file, at: at)
        }
        return .file(file)
    }
}
