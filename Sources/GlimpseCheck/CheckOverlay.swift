import Foundation
import GlimpseFormat

/// `glimpse build --check`: the findings shown in the gallery itself. `assets/findings.js` holds them
/// by page, with the code that outlines each on its frame and lists it under the frame, and gives
/// each widget's card its count; every page of the gallery loads it.
public enum CheckOverlay {
    /// `assets/findings.js`: the findings as data, then `Resources/overlay.js`.
    ///
    /// - Throws: `CheckError.measuring` when the overlay's code is not in glimpse's resources.
    public static func script(_ findings: Findings) throws -> Data {
        guard let url = Bundle.module.url(forResource: "overlay", withExtension: "js"),
            let code = try? String(contentsOf: url, encoding: .utf8)
        else {
            throw CheckError.measuring("overlay.js is not in glimpse's resources; rebuild or reinstall glimpse")
        }
        var pages: [String: [Item]] = [:]
        var counts: [String: [Int]] = [:]
        for finding in findings.findings {
            let box = finding.element.box
            pages[finding.page, default: []].append(
                Item(
                    frame: finding.frame, scheme: finding.scheme, rule: finding.rule.rawValue,
                    severity: finding.severity.rawValue, message: finding.message,
                    box: [box.x, box.y, box.width, box.height], accepted: finding.accepted))
            var count = counts[finding.page] ?? [0, 0, 0]
            count[finding.accepted != nil ? 2 : finding.severity == .error ? 0 : 1] += 1
            counts[finding.page] = count
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = try encoder.encode(Overlay(pages: pages, counts: counts))
        return Data("window.glimpseFindings = ".utf8) + json + Data(";\n".utf8) + Data(code.utf8)
    }

    /// `page` (HTML, at `path` in the gallery) loading `assets/findings.js` before its body ends;
    /// nil for a page without a body's end.
    public static func linking(_ page: Data, at path: String) -> Data? {
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
