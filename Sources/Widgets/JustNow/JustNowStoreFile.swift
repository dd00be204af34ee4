import Foundation

extension JustNowStoreFile {
    /// One meditation session in `sessions.json`.
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

/// `sessions.json`: a list of sessions, either the bare array or `{"sessions": [...]}`. A format of
/// Glimpse's own: the shipped app (ibomash/LittleMoments@6286def) shares nothing with its widgets,
/// which read no data, yet the spec's "time since last meditation" needs a history
/// (docs/widgets/justnow.md#store).
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

    /// The real app's group (`Little Moments/Little Moments.entitlements`).
    static let containerIdentifier = "group.net.bomash.illya.LittleMoments"
    /// The group Glimpse's earlier samples used: read until the next release, with a warning.
    static let earlierContainerIdentifier = "group.app.justnow"
    static let fileName = "sessions.json"
}
