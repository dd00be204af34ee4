import Foundation

extension JustNowStoreFile {
    /// One meditation session, as Just Now writes it to `group.app.justnow/sessions.json`.
    struct Session: Codable, Hashable, Sendable {
        var startedAt: Date
        var durationSeconds: Double

        init(startedAt: Date, durationSeconds: Double) {
            self.startedAt = startedAt
            self.durationSeconds = durationSeconds
        }

        /// When the session ended: what "time since last meditation" counts from.
        var endedAt: Date { startedAt + durationSeconds }
    }
}

/// `sessions.json`: a list of sessions, either the bare array or `{"sessions": [...]}`.
struct JustNowStoreFile: Decodable, Hashable, Sendable {
    var sessions: [JustNowStoreFile.Session]

    init(sessions: [JustNowStoreFile.Session]) {
        self.sessions = sessions
    }

    enum CodingKeys: String, CodingKey {
        case sessions
    }

    init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var sessions: [JustNowStoreFile.Session] = []
            while !list.isAtEnd { sessions.append(try list.decode(JustNowStoreFile.Session.self)) }
            self.sessions = sessions
        } else {
            sessions = try decoder.container(keyedBy: CodingKeys.self).decode(
                [JustNowStoreFile.Session].self, forKey: .sessions)
        }
    }

    static let containerIdentifier = "group.app.justnow"
    static let fileName = "sessions.json"
}
