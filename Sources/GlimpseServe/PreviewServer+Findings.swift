import Foundation
import Hummingbird

/// `glimpse serve --check`: each page of the gallery (not a view of it) loads its findings from
/// `/_glimpse/findings.js?page=…`, which outlines them on its frames; after each check the open
/// pages load them again, without a reload.
extension PreviewServer {
    /// Serves `script` as each page's findings, and tells the open pages to load them again.
    package func showFindings(_ script: @escaping @Sendable (_ page: String) -> Data?) {
        findingsScript.withLock { $0 = script }
        hub.tellAll(LiveReloadHub.message(["type": "findings"]))
    }

    /// The gallery pages open in a browser now (paths in the gallery).
    package func openPages() -> Set<String> {
        hub.openPages()
    }

    func findings(_ request: Request) -> Response {
        guard request.method == .get || request.method == .head else { return .text(.methodNotAllowed, "GET only.") }
        let page = Self.queryItems(request.uri.query ?? "").first { $0.name == "page" }?.value ?? ""
        guard let script = findingsScript.withLock({ $0 }), let data = script(page) else {
            return .text(.notFound, "Not found: glimpse serve checks pages only with --check.")
        }
        return .file(data, type: "text/javascript; charset=utf-8")
    }

    /// `page` (HTML at `path`) loading its findings before its body ends, when serve checks.
    func linkingFindings(_ page: Data, page path: String) -> Data {
        guard findingsScript.withLock({ $0 != nil }), var html = String(data: page, encoding: .utf8),
            let close = html.range(of: "</body>", options: .backwards)
        else { return page }
        let query = path.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-._/")))
        html.insert(
            contentsOf: "<script src=\"/_glimpse/findings.js?page=\(query ?? "")\"></script>\n", at: close.lowerBound)
        return Data(html.utf8)
    }
}
