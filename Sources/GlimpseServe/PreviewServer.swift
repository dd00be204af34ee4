import Foundation
import GlimpseCore
import GlimpseSite
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import Synchronization
import Widgets

/// `glimpse serve`'s HTTP side, on Hummingbird: the gallery from memory with the toolbar and the
/// live-reload script added, the live-reload WebSocket, and the toolbar's endpoints.
///
/// Only files of the built gallery are served; nothing is read from disk for a request but the
/// serve script and stylesheet. State-changing endpoints take POST only, from a page of this server.
package final class PreviewServer: Sendable {
    let site: LiveSite
    let views: ViewRenderer
    let hub = LiveReloadHub()
    let toolbar: Toolbar
    package let bind: String
    package let port: Int
    let guards: RequestGuard
    /// The serve script and stylesheet: `templates/serve/`.
    let serveAssets: URL
    /// Request bodies larger than this are refused (413).
    static let maximumBody = Limits.requestBody.value
    /// `--check`: a page's findings script (`/_glimpse/findings.js?page=…`); nil when serve does not check.
    let findingsScript = Mutex<(@Sendable (_ page: String) -> Data?)?>(nil)

    package init(site: LiveSite, bind: String, port: Int) {
        self.site = site
        self.bind = bind
        self.port = port
        guards = RequestGuard(bind: bind, port: port)
        views = ViewRenderer(base: site.builder.options)
        toolbar = Toolbar(options: site.builder.options)
        serveAssets = site.builder.options.inputs.templatesDirectory.appendingPathComponent("serve")
    }

    /// Serves until the process ends.
    ///
    /// - Parameter onListening: called once the port is bound.
    /// - Throws: `ServeError.portInUse` when another program has the port.
    package func run(onListening: @escaping @Sendable () -> Void = {}) async throws {
        var logger = Logger(label: "glimpse-serve")
        logger.logLevel = .critical
        let app = Application(
            responder: CallbackResponder { [self] (request: Request, _: BasicRequestContext) in await handle(request) },
            server: .http1WebSocketUpgrade { [self] head, _, _ in liveSocket(head) },
            configuration: ApplicationConfiguration(address: .hostname(bind, port: port), serverName: nil),
            onServerRunning: { _ in onListening() }, logger: logger)
        do {
            try await app.runService(gracefulShutdownSignals: [])
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw ServeError.portInUse(port)
        } catch let error as IOError {
            throw ServeError.cannotListen(bind, port, "\(error)")
        }
    }

    /// Closes every open page's socket: before the process exits.
    package func closeStreams() {
        hub.finishAll()
    }

    /// After each rebuild: tells the open pages.
    @discardableResult
    package func publish(_ update: LiveUpdate, serveAssetsChanged: Bool = false) -> Int {
        hub.publish(update, snapshot: site.current.withLock { $0 }, serveAssetsChanged: serveAssetsChanged)
    }

    func handle(_ request: Request) async -> Response {
        guard guards.hostIsOurs(request.head.authority) else {
            return .text(.forbidden, "Host \(request.head.authority ?? "(none)") is not this server's address.")
        }
        let path = request.uri.path.removingPercentEncoding ?? request.uri.path
        switch path {
        case "/_glimpse/live":
            return .text(.badRequest, "Expected a WebSocket handshake.")
        case "/_glimpse/serve.js", "/_glimpse/serve.css":
            guard request.method == .get || request.method == .head else {
                return .text(.methodNotAllowed, "GET only.")
            }
            let name = String(path.dropFirst("/_glimpse/".count))
            guard let data = try? Data(contentsOf: serveAssets.appendingPathComponent(name)) else {
                return .text(.notFound, "Not found.")
            }
            return .file(
                data, type: name.hasSuffix(".js") ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8")
        case "/_glimpse/findings.js":
            return findings(request)
        case "/_glimpse/view", "/_glimpse/event", "/_glimpse/tap":
            return await action(request, path: path)
        default:
            guard request.method == .get || request.method == .head else {
                return .text(.methodNotAllowed, "This page is GET only.")
            }
            return await page(request)
        }
    }

    private func page(_ request: Request) async -> Response {
        guard let path = Self.galleryPath(request.uri.path) else { return .text(.notFound, "Not found.") }
        let snapshot = site.current.withLock { $0 }
        do {
            let query = try ViewQuery.parse(Self.queryItems(request.uri.query ?? ""))
            if snapshot.files.isEmpty, let failure = snapshot.failure {
                // No good build yet: a page that shows the error and reloads once it is fixed.
                let page = Data(try ServeTemplates.render(FailurePage(message: failure.message), "failure").utf8)
                return .file(
                    toolbar.inject(into: page, page: "/" + path, query: query, snapshot: snapshot, view: nil),
                    type: "text/html; charset=utf-8")
            }
            var body: Data
            var view: RenderedView?
            if query.isEmpty {
                guard let data = snapshot.files[path] else { return .text(.notFound, "Not found.") }
                if let etag = snapshot.etags[path] {
                    var headers: HTTPFields = [.eTag: etag, .cacheControl: "no-cache"]
                    guard request.headers[.ifNoneMatch] != etag else {
                        return Response(status: .notModified, headers: headers)
                    }
                    headers[.contentType] = Self.contentType(path)
                    return Response(
                        status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
                }
                body = data
            } else {
                guard let rendered = try await views.page(path, query: query, snapshot: snapshot) else {
                    return .text(.notFound, "Not found.")
                }
                view = rendered
                body = rendered.data
            }
            let type = Self.contentType(path)
            if type.hasPrefix("text/html") {
                body = toolbar.inject(into: body, page: "/" + path, query: query, snapshot: snapshot, view: view)
                if query.isEmpty { body = linkingFindings(body, page: path) }
            }
            return .file(body, type: type)
        } catch let error as ViewQueryError {
            return .text(.badRequest, error.description)
        } catch {
            return .text(.internalServerError, "error: \(error)")
        }
    }

    /// The gallery file a request's path (as sent, percent-encoded) names: `/` is `index.html`, a
    /// folder its `index.html`. `nil` for anything that steps out: `..` or `.` in any spelling
    /// (`%2e%2e`, `..%2f`), a backslash, a NUL, or a path that is not absolute.
    static func galleryPath(_ raw: String) -> String? {
        guard raw.hasPrefix("/"), let decoded = raw.removingPercentEncoding,
            !decoded.contains("\\"), !decoded.contains("\0"), !decoded.hasPrefix("//")
        else { return nil }
        let parts = decoded.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard !parts.contains(where: { $0 == ".." || $0 == "." }) else { return nil }
        var relative = String(decoded.dropFirst())
        if relative.isEmpty || relative.hasSuffix("/") { relative += "index.html" }
        return relative
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

    /// A page's live-reload socket: `/_glimpse/live?page=…&generation=…[&view=1]`, from a page of
    /// this server. What the page sends is read only to notice that it closed.
    func liveSocket(
        _ head: HTTPRequest
    ) -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
        let target = head.path ?? ""
        guard target.hasPrefix("/_glimpse/live"), guards.hostIsOurs(head.authority),
            head.headerFields[.origin].map({ $0 == "http://\(head.authority ?? "")" }) ?? true
        else { return .dontUpgrade }
        let items = Self.queryItems(target.split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init) ?? "")
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        let snapshot = site.current.withLock { $0 }
        let path =
            value("page").flatMap {
                Self.galleryPath($0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0)
            } ?? ""
        let messages = hub.connect(
            page: path, unit: snapshot.pageUnits[path], hasQuery: value("view") == "1",
            renderedIn: value("generation").flatMap { Int($0) }, snapshot: snapshot)
        return .upgrade([:]) { inbound, outbound, _ in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { for try await _ in inbound {} }
                group.addTask { for await message in messages { try await outbound.write(.text(message)) } }
                try await group.next()
                group.cancelAll()
            }
        }
    }

    static func queryItems(_ query: String) -> [(name: String, value: String)] {
        var components = URLComponents()
        components.percentEncodedQuery = query.hasPrefix("?") ? String(query.dropFirst()) : query
        return (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }
    }
}

/// Why `glimpse serve` cannot start.
package enum ServeError: Error, CustomStringConvertible {
    case portInUse(Int)
    case cannotListen(String, Int, String)

    package var description: String {
        switch self {
        case .portInUse(let port): "port \(port) is in use by another program; choose another with --port"
        case .cannotListen(let bind, let port, let reason):
            "cannot listen on \(bind):\(port): \(reason); check --bind and --port"
        }
    }
}

extension Response {
    static func text(_ status: HTTPResponse.Status, _ message: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: message + "\n")))
    }

    static func file(_ data: Data, type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func json(_ data: Data) -> Response {
        file(data, type: "application/json")
    }
}
