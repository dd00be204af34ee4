import Hummingbird

/// What `serve` and `review` ask of every request: a `Host` of this server's, and for a request
/// that changes something, POST from one of its pages with a JSON body.
struct RequestGuard: Sendable {
    let bind: String
    let port: Int

    /// The `Host` a browser sends for this server: loopback by name or number, or the bound address.
    func hostIsOurs(_ host: String?) -> Bool {
        guard let host, !host.isEmpty else { return false }
        if bind == "0.0.0.0" || bind == "::" { return true }
        let names = ["127.0.0.1", "localhost", "[::1]", bind.contains(":") ? "[\(bind)]" : bind]
        return names.contains { host == "\($0):\(port)" || (port == 80 && host == $0) }
    }

    /// A POST from a page of this server: `Origin` is `http://` and the `Host` it was sent to.
    func originIsOurs(_ request: Request) -> Bool {
        guard let origin = request.headers[.origin], let host = request.head.authority else { return false }
        return origin == "http://\(host)"
    }

    /// Why a request that changes something is refused (405, 403, 415); nil when it may go on.
    func refusal(_ request: Request) -> Response? {
        guard request.method == .post else {
            var response = Response.text(.methodNotAllowed, "\(request.uri.path) takes POST only.")
            response.headers[.allow] = "POST"
            return response
        }
        guard originIsOurs(request) else {
            return .text(
                .forbidden,
                "POST from \(request.headers[.origin] ?? "no Origin"): only this server's pages may change anything.")
        }
        guard request.headers[.contentType]?.lowercased().hasPrefix("application/json") == true else {
            return .text(.unsupportedMediaType, "Expected Content-Type: application/json.")
        }
        return nil
    }
}
