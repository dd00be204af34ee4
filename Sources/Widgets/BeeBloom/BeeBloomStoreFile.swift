import Foundation

/// What BeeBloom writes to `group.app.beebloom/habits.json`.
struct BeeBloomStoreFile: Codable, Hashable, Sendable {
    var groups: [BeeBloomStoreFile.Group]
    var habits: [BeeBloomStoreFile.Habit]
    var completions: [BeeBloomStoreFile.Completion]

    init(
        groups: [BeeBloomStoreFile.Group] = [], habits: [BeeBloomStoreFile.Habit] = [],
        completions: [BeeBloomStoreFile.Completion] = []
    ) {
        self.groups = groups
        self.habits = habits
        self.completions = completions
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // A store with no groups or no completions yet leaves the key out.
        groups = try container.decodeIfPresent([BeeBloomStoreFile.Group].self, forKey: .groups) ?? []
        habits = try container.decode([BeeBloomStoreFile.Habit].self, forKey: .habits)
        completions = try container.decodeIfPresent([BeeBloomStoreFile.Completion].self, forKey: .completions) ?? []
    }

    static let containerIdentifier = "group.app.beebloom"
    static let fileName = "habits.json"
}

extension BeeBloomStoreFile {
    struct Group: Codable, Hashable, Sendable {
        var id: String
        var name: String
        /// `#RGB` or `#RRGGBB`.
        var color: String?
        var order: Int

        init(id: String, name: String, color: String?, order: Int) {
            self.id = id
            self.name = name
            self.color = color
            self.order = order
        }
    }
}

extension BeeBloomStoreFile {
    struct Habit: Codable, Hashable, Sendable {
        var id: String
        var title: String
        var groupId: String?
        var createdAt: Date
        var archived: Bool
        /// Days the habit is scheduled, 1 = Sunday … 7 = Saturday; `nil` means every day.
        var weekdays: [Int]?

        init(
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

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            title = try container.decode(String.self, forKey: .title)
            groupId = try container.decodeIfPresent(String.self, forKey: .groupId)
            createdAt = try container.decode(Date.self, forKey: .createdAt)
            archived = try container.decodeIfPresent(Bool.self, forKey: .archived) ?? false
            weekdays = try container.decodeIfPresent([Int].self, forKey: .weekdays)
        }
    }
}

extension BeeBloomStoreFile {
    struct Completion: Codable, Hashable, Sendable {
        var habitId: String
        var completedAt: Date

        init(habitId: String, completedAt: Date) {
            self.habitId = habitId
            self.completedAt = completedAt
        }
    }
}
