import Foundation

/// One meditation session, as Just Now writes it to `group.app.justnow/sessions.json`.
public struct MeditationSession: Codable, Hashable, Sendable {
    public var startedAt: Date
    public var durationSeconds: Double

    public init(startedAt: Date, durationSeconds: Double) {
        self.startedAt = startedAt
        self.durationSeconds = durationSeconds
    }

    /// When the session ended: what "time since last meditation" counts from.
    public var endedAt: Date { startedAt + durationSeconds }
}

/// `sessions.json`: a list of sessions, either the bare array or `{"sessions": [...]}`.
public struct SessionsFile: Decodable, Hashable, Sendable {
    public var sessions: [MeditationSession]

    public init(sessions: [MeditationSession]) {
        self.sessions = sessions
    }

    enum CodingKeys: String, CodingKey {
        case sessions
    }

    public init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var sessions: [MeditationSession] = []
            while !list.isAtEnd { sessions.append(try list.decode(MeditationSession.self)) }
            self.sessions = sessions
        } else {
            sessions = try decoder.container(keyedBy: CodingKeys.self).decode(
                [MeditationSession].self, forKey: .sessions)
        }
    }

    public static let containerIdentifier = "group.app.justnow"
    public static let fileName = "sessions.json"
}
