import Foundation

/// What BeeBloom writes to `group.app.beebloom/habits.json`.
public struct HabitsFile: Codable, Hashable, Sendable {
    public var groups: [HabitGroup]
    public var habits: [Habit]
    public var completions: [Completion]

    public init(groups: [HabitGroup] = [], habits: [Habit] = [], completions: [Completion] = []) {
        self.groups = groups
        self.habits = habits
        self.completions = completions
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // A store with no groups or no completions yet leaves the key out.
        groups = try container.decodeIfPresent([HabitGroup].self, forKey: .groups) ?? []
        habits = try container.decode([Habit].self, forKey: .habits)
        completions = try container.decodeIfPresent([Completion].self, forKey: .completions) ?? []
    }

    public static let containerIdentifier = "group.app.beebloom"
    public static let fileName = "habits.json"
}

public struct HabitGroup: Codable, Hashable, Sendable {
    public var id: String
    public var name: String
    /// `#RGB` or `#RRGGBB`.
    public var color: String?
    public var order: Int

    public init(id: String, name: String, color: String?, order: Int) {
        self.id = id
        self.name = name
        self.color = color
        self.order = order
    }
}

public struct Habit: Codable, Hashable, Sendable {
    public var id: String
    public var title: String
    public var groupId: String?
    public var createdAt: Date
    public var archived: Bool
    /// Days the habit is scheduled, 1 = Sunday … 7 = Saturday; `nil` means every day.
    public var weekdays: [Int]?

    public init(
        id: String, title: String, groupId: String? = nil, createdAt: Date, archived: Bool = false,
        weekdays: [Int]? = nil
    ) {
        self.id = id
        self.title = title
        self.groupId = groupId
        self.createdAt = createdAt
        self.archived = archived
        self.weekdays = weekdays
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        groupId = try container.decodeIfPresent(String.self, forKey: .groupId)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        archived = try container.decodeIfPresent(Bool.self, forKey: .archived) ?? false
        weekdays = try container.decodeIfPresent([Int].self, forKey: .weekdays)
    }
}

public struct Completion: Codable, Hashable, Sendable {
    public var habitId: String
    public var completedAt: Date

    public init(habitId: String, completedAt: Date) {
        self.habitId = habitId
        self.completedAt = completedAt
    }
}
