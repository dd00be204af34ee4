import Foundation
import GlimpseFormat

/// `glimpse build --check`: the findings shown in the gallery itself. `assets/findings.js` holds them
/// by page, with the code that outlines each on its frame and lists it under the frame, and gives
/// each widget's card its count; every page of the gallery loads it.
package enum CheckOverlay {
    /// `assets/findings.js`: the findings as data, then `Resources/overlay.js`.
    ///
    /// - Parameters:
    ///   - page: the one page whose findings to outline (`glimpse serve`, which serves the script
    ///     for each page at `root`); nil for every page, with the gallery's `assets/` as the root.
    ///   - status: what the page says of the check above its findings (`glimpse serve`).
    /// - Throws: `CheckError.measuring` when the overlay's code is not in glimpse's resources.
    package static func script(
        _ findings: Findings, page: String? = nil, root: String? = nil, status: Status? = nil
    ) throws -> Data {
        try script(each: findings.findings.forEach, page: page, root: root, status: status)
    }

    /// `assets/findings.js` of the findings `each` gives, one at a time and marked (accepted or
    /// not): for a gallery's findings read from a run's spool.
    package static func script(
        each: ((Findings.Finding) throws -> Void) throws -> Void, page: String? = nil, root: String? = nil,
        status: Status? = nil
    ) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var overlay = try overlay(each, page: page)
        overlay.root = root
        overlay.status = status
        let json = String(decoding: try encoder.encode(overlay), as: UTF8.self)
            .replacingOccurrences(of: "<", with: "\\u003c")
        return Data("window.glimpseFindings = \(json);\n".utf8) + (try code())
    }

    /// What a page served by `glimpse serve` says of the check: whether the page is waiting for its
    /// check, and why the last check or the accept file failed (`note`).
    package struct Status: Encodable, Sendable {
        package var checking: Bool
        package var note: String?

        package init(checking: Bool, note: String? = nil) {
            self.checking = checking
            self.note = note
        }
    }

    static func code() throws -> Data {
        guard let url = Bundle.module.url(forResource: "overlay", withExtension: "js"),
            let code = try? Data(contentsOf: url)
        else {
            throw CheckError.measuring("overlay.js is not in glimpse's resources; rebuild or reinstall glimpse")
        }
        return code
    }

    /// The findings by page (of `page` alone when given) and every page's counts.
    static func overlay(
        _ each: ((Findings.Finding) throws -> Void) throws -> Void, page only: String?
    ) throws -> Overlay {
        var pages: [String: [Item]] = [:]
        var counts: [String: [Int]] = [:]
        try each { finding in
            let box = finding.element.box
            if only == nil || only == finding.page {
                pages[finding.page, default: []].append(
                    Item(
                        frame: finding.frame, scheme: finding.scheme, rule: finding.rule.rawValue,
                        severity: finding.severity.rawValue, message: finding.message,
                        box: [box.x, box.y, box.width, box.height], accepted: finding.accepted))
            }
            var count = counts[finding.page] ?? [0, 0, 0]
            count[finding.accepted != nil ? 2 : finding.severity == .error ? 0 : 1] += 1
            counts[finding.page] = count
        }
        return Overlay(pages: pages, counts: counts)
    }

    /// `page` (HTML, at `path` in the gallery) loading `assets/findings.js` before its body ends;
    /// nil for a page without a body's end.
    package static func linking(_ page: Data, at path: String) -> Data? {
        let html = String(decoding: page, as: UTF8.self)
        guard let end = html.range(of: "</body>", options: .backwards) else { return nil }
        let depth = path.split(separator: "/").count - 1
        let root = String(repeating: "../", count: max(0, depth))
        let tag = "<script src=\"\(root)assets/findings.js\"></script>\n"
        return Data((html[..<end.lowerBound] + tag + html[end.lowerBound...]).utf8)
    }

    struct Overlay: Encodable {
        var pages: [String: [Item]]
        var counts: [String: [Int]]
        /// The gallery's root as a path on the server; nil where it is the folder above `assets/`.
        var root: String?
        var status: Status?
    }

    struct Item: Encodable {
        var frame: String
        var scheme: String
        var rule: String
        var severity: String
        var message: String
        var box: [Double]
        var accepted: String?
    }
}
