import FlyingFox
import FlyingSocks
import Foundation
import GlimpseSite
import Widgets

/// `glimpse serve`'s HTTP side, on FlyingFox: the gallery from memory with the toolbar and the
/// live-reload script added, the live-reload WebSocket, and the toolbar's endpoints.
///
/// Only files of the built gallery are served; nothing is read from disk for a request but the
/// serve script and stylesheet. State-changing endpoints take POST only, from a page of this server.
public final class PreviewServer: Sendable {
    let site: LiveSite
    let views: ViewRenderer
    let hub = LiveReloadHub()
    let toolbar: Toolbar
    public let bind: String
    public let port: UInt16
    let server: HTTPServer
    /// The serve script and stylesheet: `templates/serve/`.
    let serveAssets: URL
    /// Request bodies larger than this are refused (413).
    static let maximumBody = 16 * 1024

    /// - Throws: `ServeError.badAddress` for a `--bind` that is not an IPv4 or IPv6 address.
    public init(site: LiveSite, bind: String, port: UInt16) throws {
        self.site = site
        self.bind = bind
        self.port = port
        views = ViewRenderer(base: site.builder.options)
        toolbar = Toolbar(options: site.builder.options)
        serveAssets = site.builder.options.templatesDirectory.appendingPathComponent("serve")
        let address: any SocketAddress
        do {
            address = bind.contains(":") ? try sockaddr_in6.inet6(ip6: bind, port: port) : try sockaddr_in.inet(ip4: bind, port: port)
        } catch {
            throw ServeError.badAddress(bind)
        }
        server = HTTPServer(address: address, timeout: 30, logger: .disabled)
    }

    /// Serves until cancelled.
    ///
    /// - Throws: `ServeError.portInUse` when another program has the port.
    public func run() async throws {
        await server.appendRoute("*") { [self] request in await handle(request) }
        do {
            try await server.run()
        } catch let error as SocketError {
            if case .failed(let type, let code, let message) = error, type == "Bind" {
                throw code == EADDRINUSE ? ServeError.portInUse(port) : ServeError.cannotListen(bind, port, message)
            }
            throw error
        }
    }

    public func waitUntilListening() async throws {
        try await server.waitUntilListening(timeout: 10)
    }

    public func stop() async {
        await server.stop(timeout: 1)
    }

    /// After each rebuild: tells the open pages.
    @discardableResult
    public func publish(_ update: LiveUpdate, serveAssetsChanged: Bool = false) -> Int {
        hub.publish(update, snapshot: site.current.withLock { $0 }, serveAssetsChanged: serveAssetsChanged)
    }

    /// The open pages' sockets.
    public var connectedPages: Int { hub.count }

    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        guard hostIsOurs(request.headers[.host]) else {
            return .text(403, "Host \(request.headers[.host] ?? "(none)") is not this server's address.")
        }
        switch request.path {
        case "/_glimpse/live":
            return await liveSocket(request)
        case "/_glimpse/serve.js", "/_glimpse/serve.css":
            guard request.method == .GET || request.method == .HEAD else { return .text(405, "GET only.") }
            let name = String(request.path.dropFirst("/_glimpse/".count))
            guard let data = try? Data(contentsOf: serveAssets.appendingPathComponent(name)) else { return .text(404, "Not found.") }
            return .file(data, type: name.hasSuffix(".js") ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8")
        case "/_glimpse/view", "/_glimpse/event", "/_glimpse/tap":
            return await action(request)
        default:
            guard request.method == .GET || request.method == .HEAD else { return .text(405, "This page is GET only.") }
            return await page(request)
        }
    }

    /// The `Host` a browser sends for this server: loopback by name or number, or the bound address.
    func hostIsOurs(_ host: String?) -> Bool {
        guard let host else { return false }
        let names = ["127.0.0.1", "localhost", "[::1]", bind.contains(":") ? "[\(bind)]" : bind]
        if bind == "0.0.0.0" || bind == "::" { return !host.isEmpty }
        return names.contains { host == "\($0):\(port)" || (port == 80 && host == $0) }
    }

    /// A POST from a page of this server: `Origin` is `http://` and the `Host` it was sent to.
    func originIsOurs(_ request: HTTPRequest) -> Bool {
        guard let origin = request.headers[HTTPHeader("Origin")], let host = request.headers[.host] else { return false }
        return origin == "http://\(host)"
    }

    private func page(_ request: HTTPRequest) async -> HTTPResponse {
        guard let path = Self.galleryPath(request.path, rawTarget: request.target.rawValue) else { return .text(404, "Not found.") }
        let snapshot = site.current.withLock { $0 }
        let query: ViewQuery
        do {
            query = try ViewQuery.parse(request.query.map { ($0.name, $0.value) })
        } catch {
            return .text(400, error.description)
        }
        do {
            var body: Data
            var view: RenderedView?
            if snapshot.files.isEmpty, let failure = snapshot.failure {
                // No good build yet: a page that shows the error and reloads once it is fixed.
                let page = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Build failed · Glimpse</title>"
                    + "</head><body><main id=\"main\"><h1>The gallery could not be built</h1><p>\(Self.escape(failure.message))</p></main></body></html>"
                return .file(toolbar.inject(into: Data(page.utf8), page: "/" + path, query: query, snapshot: snapshot, view: nil),
                             type: "text/html; charset=utf-8")
            }
            if query.isEmpty {
                guard let data = snapshot.files[path] else { return .text(404, "Not found.") }
                body = data
            } else {
                guard let rendered = try await views.page(path, query: query, snapshot: snapshot) else { return .text(404, "Not found.") }
                view = rendered
                body = rendered.data
            }
            let type = Self.contentType(path)
            if type.hasPrefix("text/html") {
                body = toolbar.inject(into: body, page: "/" + path, query: query, snapshot: snapshot, view: view)
            }
            return .file(body, type: type)
        } catch let error as ViewQueryError {
            return .text(400, error.description)
        } catch {
            return .text(500, "error: \(error)")
        }
    }

    /// The gallery file a request path names: `/` is `index.html`, a folder its `index.html`.
    /// `nil` for anything that steps out: `..`, an encoded `%2e%2e`, a backslash, a NUL.
    static func galleryPath(_ path: String, rawTarget: String) -> String? {
        let raw = rawTarget.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        let decoded = raw.removingPercentEncoding ?? raw
        guard path.hasPrefix("/"), !decoded.contains("\\"), !decoded.contains("\0") else { return nil }
        let parts = decoded.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard !parts.contains(where: { $0 == ".." || $0 == "." }) else { return nil }
        var relative = String(path.dropFirst())
        if relative.isEmpty || relative.hasSuffix("/") { relative += "index.html" }
        return relative
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    static func contentType(_ path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "svg": "image/svg+xml"
        case "woff2": "font/woff2"
        case "woff": "font/woff"
        case "otf": "font/otf"
        case "ttf": "font/ttf"
        case "png": "image/png"
        default: "application/octet-stream"
        }
    }

    private func liveSocket(_ request: HTTPRequest) async -> HTTPResponse {
        let page = request.query.first { $0.name == "page" }?.value ?? "/"
        let generation = (request.query.first { $0.name == "generation" }?.value).flatMap { Int($0) }
        let hasQuery = request.query.first { $0.name == "view" }?.value == "1"
        let snapshot = site.current.withLock { $0 }
        let path = Self.galleryPath(page, rawTarget: page) ?? ""
        let socket = LiveSocket(hub: hub, page: path, unit: snapshot.pageUnits[path], hasQuery: hasQuery, generation: generation,
                                snapshot: snapshot)
        do {
            return try await WebSocketHTTPHandler.webSocket(socket).handleRequest(request)
        } catch {
            return .text(400, "Expected a WebSocket handshake.")
        }
    }
}

/// One open page's socket: what the hub sends; what the page sends is ignored.
struct LiveSocket: WSMessageHandler {
    let hub: LiveReloadHub
    let page: String
    let unit: String?
    let hasQuery: Bool
    let generation: Int?
    let snapshot: GallerySnapshot

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let outgoing = hub.connect(page: page, unit: unit, hasQuery: hasQuery, renderedIn: generation, snapshot: snapshot)
        // The page closing ends `client`; then the outgoing stream is finished and the page forgotten.
        let (stream, continuation) = AsyncStream<WSMessage>.makeStream()
        let forward = Task {
            for await message in outgoing { continuation.yield(message) }
            continuation.finish()
        }
        Task {
            for await _ in client {}
            forward.cancel()
            continuation.finish()
        }
        return stream
    }
}

/// Why `glimpse serve` cannot start.
public enum ServeError: Error, CustomStringConvertible {
    case portInUse(UInt16)
    case badAddress(String)
    case cannotListen(String, UInt16, String)

    public var description: String {
        switch self {
        case .cannotListen(let bind, let port, let reason): "cannot listen on \(bind):\(port): \(reason); check --bind and --port"
        case .portInUse(let port): "port \(port) is in use by another program; choose another with --port"
        case .badAddress(let bind): "--bind \(bind): not an IPv4 or IPv6 address"
        }
    }
}

private let phrases = [400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 413: "Content Too Large",
                       415: "Unsupported Media Type", 500: "Internal Server Error"]

extension HTTPResponse {
    static func text(_ status: Int, _ message: String) -> HTTPResponse {
        HTTPResponse(statusCode: HTTPStatusCode(status, phrase: phrases[status] ?? "Error"),
                     headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                     body: Data((message + "\n").utf8))
    }

    static func file(_ data: Data, type: String) -> HTTPResponse {
        HTTPResponse(statusCode: .ok, headers: [.contentType: type, .cacheControl: "no-store"], body: data)
    }

    static func json(_ data: Data) -> HTTPResponse {
        HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"], body: data)
    }
}
