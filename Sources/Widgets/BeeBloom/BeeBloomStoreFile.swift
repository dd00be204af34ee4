import Foundation

/// BeeBloom's habits, groups and completions, as the widget reads them: from the TinyBase store the
/// real app keeps in `group.com.ilyakukarkinorg.beebloom/beebloom.db` (`BeeBloomTinyBase`), or from
/// `habits.json`, the format of Glimpse's earlier samples (docs/widgets/beebloom.md#store).
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

    /// The real app's group (IlyaKukarkin/bee_bloom, `app.json`'s expo-widgets `groupIdentifier`).
    static let containerIdentifier = "group.com.ilyakukarkinorg.beebloom"
    /// Where its TinyBase store lives: the group container's root (`src/store/persister.ts`).
    static let databaseName = "beebloom.db"
    /// The group and file of Glimpse's earlier samples: read until the next release, with a warning.
    static let earlierContainerIdentifier = "group.app.beebloom"
    static let earlierFileName = "habits.json"
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
        /// Days the habit is scheduled, 1 = Sunday … 7 = Saturday; `nil` means every day. The real
        /// app has no schedule: every habit is due every day.
        var weekdays: [Int]?
        /// Its place in its group, as the user ordered it in the Today view (the real app's
        /// `order`); 0 where the store has none, so `createdAt` orders.
        var order: Double
        /// The habit's own colour (the real app's), shown where its group has none.
        var color: String?

        init(
            id: String, title: String, groupId: String? = nil, createdAt: Date, archived: Bool = false,
            weekdays: [Int]? = nil, order: Double = 0, color: String? = nil
        ) {
            self.id = id
            self.title = title
            self.groupId = groupId
            self.createdAt = createdAt
            self.archived = archived
            self.weekdays = weekdays
            self.order = order
            self.color = color
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            title = try container.decode(String.self, forKey: .title)
            groupId = try container.decodeIfPresent(String.self, forKey: .groupId)
            createdAt = try container.decode(Date.self, forKey: .createdAt)
            archived = try container.decodeIfPresent(Bool.self, forKey: .archived) ?? false
            weekdays = try container.decodeIfPresent([Int].self, forKey: .weekdays)
            order = try container.decodeIfPresent(Double.self, forKey: .order) ?? 0
            color = try container.decodeIfPresent(String.self, forKey: .color)
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
