import Foundation
import Synchronization

/// The open pages, each on a WebSocket, and what to tell them after a swap: take the new page in
/// place when only its bytes changed, reload it when an asset it links changed, show or clear the
/// build-error overlay. Nothing is sent before
/// the new gallery is the one served.
final class LiveReloadHub: Sendable {
    struct Client {
        var page: String
        /// The page is a view of a unit (`?now=…`, events): it reloads when its unit was rendered again.
        var unit: String?
        var hasQuery: Bool
        var continuation: AsyncStream<String>.Continuation
    }

    private let clients = Mutex<[UUID: Client]>([:])
    /// Page → the generation its bytes last changed in; "*" for the pages' shared assets.
    private let changedIn = Mutex<[String: Int]>([:])
    /// Files every page links besides its own: the serve script and stylesheet.
    static let serveAssets = ["/_glimpse/serve.js", "/_glimpse/serve.css"]

    func finishAll() {
        let all = clients.withLock { clients in
            defer { clients = [:] }
            return Array(clients.values)
        }
        for client in all { client.continuation.finish() }
    }

    /// A page's stream of messages. A page that was rendered before a swap that changed it is told at once.
    func connect(
        page: String, unit: String?, hasQuery: Bool, renderedIn generation: Int?, snapshot: ServedGallery
    )
        -> AsyncStream<String>
    {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let id = UUID()
        clients.withLock { $0[id] = Client(page: page, unit: unit, hasQuery: hasQuery, continuation: continuation) }
        continuation.onTermination = { [weak self] _ in self?.disconnect(id) }
        if let failure = snapshot.failure {
            continuation.yield(Self.message(["type": "error", "failure": failure]))
        }
        let last = changedIn.withLock { max($0[page] ?? 0, $0["*"] ?? 0) }
        if let generation, last > generation {
            continuation.yield(Self.message(["type": "reload", "generation": snapshot.generation]))
        }
        return stream
    }

    /// The pages connected now.
    func openPages() -> Set<String> {
        clients.withLock { Set($0.values.map(\.page)) }
    }

    /// Sends `message` to every open page.
    func tellAll(_ message: String) {
        clients.withLock { clients in for client in clients.values { client.continuation.yield(message) } }
    }

    func disconnect(_ id: UUID) {
        _ = clients.withLock { $0.removeValue(forKey: id) }
    }

    /// After a rebuild has been swapped in.
    ///
    /// - Returns: how many pages were told to reload or take their new bytes.
    @discardableResult
    func publish(_ update: LiveUpdate, snapshot: ServedGallery, serveAssetsChanged: Bool = false) -> Int {
        if let failure = update.failure {
            tellAll(Self.message(["type": "error", "failure": failure]))
            return 0
        }
        let assets = Set(update.changedFiles.filter { $0.hasPrefix("assets/") })
        changedIn.withLock { changed in
            for path in update.changedFiles { changed[path] = update.generation }
            if !assets.isEmpty || serveAssetsChanged { changed["*"] = update.generation }
        }
        let rendered = Set(update.renderedUnits)
        let reload = Self.message(["type": "reload", "generation": update.generation])
        let swap = Self.message(["type": "update", "generation": update.generation])
        let clear = Self.message(["type": "ok", "generation": update.generation])
        var told = 0
        clients.withLock { clients in
            for client in clients.values {
                // A stylesheet, script or font the page links changed: the page loads again. Only
                // its own bytes changed: it takes the new page in place (serve.js), keeping what
                // the browser has loaded.
                let linkedChanged =
                    serveAssetsChanged || !assets.isDisjoint(with: Self.linkedAssets(snapshot.files[client.page]))
                let ownChanged =
                    update.changedFiles.contains(client.page)
                    || (client.hasQuery && (client.unit.map(rendered.contains) ?? !update.changedFiles.isEmpty))
                if linkedChanged || ownChanged {
                    client.continuation.yield(linkedChanged ? reload : swap)
                    told += 1
                } else if update.recovered {
                    client.continuation.yield(clear)
                }
            }
        }
        return told
    }

    /// The gallery's assets a page links: `assets/glimpse.css`, `assets/glimpse.js`…
    static func linkedAssets(_ page: Data?) -> Set<String> {
        guard let page, let html = String(data: page, encoding: .utf8) else { return [] }
        var found: Set<String> = []
        var rest = html[...]
        while let range = rest.range(of: #"(href|src)="(\.\./)*assets/[^"]+""#, options: .regularExpression) {
            let link = rest[range]
            if let start = link.range(of: "assets/") { found.insert(String(link[start.lowerBound...].dropLast())) }
            rest = rest[range.upperBound...]
        }
        return found
    }

    static func message(_ fields: [String: any Encodable & Sendable]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let parts = fields.keys.sorted().map { key -> String in
            let value =
                (try? encoder.encode(AnyEncodable(fields[key]!))).map { String(decoding: $0, as: UTF8.self) } ?? "null"
            return "\"\(key)\":\(value)"
        }
        return "{" + parts.joined(separator: ",") + "}"
    }
}

private struct AnyEncodable: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
