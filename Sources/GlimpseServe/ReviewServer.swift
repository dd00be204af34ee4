import Dispatch
import Foundation
import GlimpseCore
import GlimpseGallery
import GlimpseOutput
import GlimpseReview
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// `glimpse review`'s HTTP side: a diff's review, rendered from its decisions on each request, the
/// two galleries under `/_base/` and `/_new/`, the images `--pixels` drew, and two POST endpoints,
/// `/_glimpse/decide` and `/_glimpse/comment`, which write into the decisions folder before they
/// answer (503 while another writer holds its lock past the deadline). The same guards as
/// `serve`: a `Host` of this server's, POST only from its pages (`Origin`), bodies bounded, and no
/// path outside the review and the galleries.
package final class ReviewServer: Sendable {
    let review: Mutex<LiveReview>
    let base: URL
    let new: URL
    /// The images of `--pixels`; nil without.
    let images: URL?
    let guards: RequestGuard
    /// Who decides: `--by`.
    let reviewer: String
    /// Where decisions are written, one after another.
    let writes = DispatchQueue(label: "glimpse-review-decisions")

    package init(review: LiveReview, base: URL, new: URL, images: URL?, bind: String, port: Int, reviewer: String) {
        self.review = Mutex(review)
        self.base = base.standardizedFileURL
        self.new = new.standardizedFileURL
        self.images = images?.standardizedFileURL
        guards = RequestGuard(bind: bind, port: port)
        self.reviewer = reviewer
    }

    /// Serves until the process ends.
    ///
    /// - Throws: `ServeError.portInUse` when another program has the port.
    package func run(onListening: @escaping @Sendable () -> Void = {}) async throws {
        var logger = Logger(label: "glimpse-review")
        logger.logLevel = .critical
        let app = Application(
            responder: CallbackResponder { [self] (request: Request, _: BasicRequestContext) in await handle(request) },
            configuration: ApplicationConfiguration(
                address: .hostname(guards.bind, port: guards.port), serverName: nil),
            onServerRunning: { _ in onListening() }, logger: logger)
        do {
            try await app.runService(gracefulShutdownSignals: [])
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw ServeError.portInUse(guards.port)
        } catch let error as IOError {
            throw ServeError.cannotListen(guards.bind, guards.port, "\(error)")
        }
    }

    func handle(_ request: Request) async -> Response {
        guard guards.hostIsOurs(request.head.authority) else {
            return .text(.forbidden, "Host \(request.head.authority ?? "(none)") is not this server's address.")
        }
        switch request.uri.path {
        case "/_glimpse/decide", "/_glimpse/comment":
            return await decision(request, comment: request.uri.path == "/_glimpse/comment")
        default:
            guard request.method == .get || request.method == .head else {
                return .text(.methodNotAllowed, "This page is GET only.")
            }
            return get(request.uri.path)
        }
    }

    /// A page of the review as it is now, a file of a gallery, or an image.
    func get(_ raw: String) -> Response {
        guard let path = PreviewServer.galleryPath(raw) else { return .text(.notFound, "Not found.") }
        let type = PreviewServer.contentType(path)
        for (isBase, root) in [(true, base), (false, new)] {
            let prefix = ReviewContext.servedFolder(base: isBase) + "/"
            if path.hasPrefix(prefix) { return file(String(path.dropFirst(prefix.count)), in: root, type: type) }
        }
        let current = review.withLock { review in
            review.refresh()
            return review
        }
        do {
            if let data = try current.file(path) { return .file(data, type: type) }
        } catch {
            return .text(.internalServerError, "error: \(error)")
        }
        if Gallery.isLook(path) { return file(path, in: new, type: type) }
        if let images { return file(path, in: images, type: type) }
        return .text(.notFound, "Not found.")
    }

    /// `relative` in `root`, when it is a regular file there and no link leads out of `root`.
    func file(_ relative: String, in root: URL, type: String) -> Response {
        let url = root.appendingPathComponent(relative)
        guard url.resolvingSymlinksInPath().path.hasPrefix(root.resolvingSymlinksInPath().path + "/"),
            let data = try? RegularFile.read(url, limit: Gallery.maximumFileSize)
        else { return .text(.notFound, "Not found.") }
        return .file(data, type: type)
    }

    func decision(_ request: Request, comment: Bool) async -> Response {
        if let refusal = guards.refusal(request) { return refusal }
        guard let body = await PreviewServer.body(of: request) else {
            return .text(.contentTooLarge, "The request body is larger than \(PreviewServer.maximumBody) bytes.")
        }
        let result = await record(body, comment: comment)
        do {
            return .json(try JSONEncoder().encode(try result.get()))
        } catch let error as ReviewRequestError {
            return .text(.badRequest, error.description)
        } catch let error as FileLockError {
            return .text(.serviceUnavailable, "error: \(error)")
        } catch {
            return .text(.internalServerError, "error: \(error)")
        }
    }

    /// Records a decision or a comment, one after another on a queue of their own, not on the
    /// tasks that answer requests: a write waits for the lock while another process writes, and
    /// reads and syncs files.
    func record(_ body: Data, comment: Bool) async -> Result<LiveReview.Outcome, any Error> {
        await withCheckedContinuation { continuation in
            writes.async { [self] in
                // Decided on a copy, and the copy shown once written: pages are not held up while
                // the write waits for another process's lock.
                var copy = review.withLock { $0 }
                let at = Date().formatted(.iso8601)
                let result = Result {
                    if comment {
                        let request = try Self.decode(LiveReview.CommentRequest.self, body)
                        return try copy.comment(request, by: reviewer, at: at)
                    }
                    let request = try Self.decode(LiveReview.DecisionRequest.self, body)
                    return try copy.decide(request, by: reviewer, at: at)
                }
                if case .success = result { review.withLock { $0 = copy } }
                continuation.resume(returning: result)
            }
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, _ body: Data) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: body)
        } catch {
            throw ReviewRequestError("expected a JSON object with \"key\" and the endpoint's fields")
        }
    }
}
