import Foundation
@testable import GlimpseSite

/// The repository, found from this file, so tests do not depend on the working directory.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The sample gallery's options, with the clock pinned.
func sampleOptions(device: String = "393x852") -> BuildOptions {
    BuildOptions(
        contentDirectory: repositoryRoot.appendingPathComponent("content"),
        templatesDirectory: repositoryRoot.appendingPathComponent("templates"),
        now: Scenario.parseDate("2026-11-22T09:00:00-05:00"), timeZone: TimeZone(identifier: "America/New_York"),
        device: .named(device)!)
}

func temporaryFolder(_ name: String = "glimpse-test") -> URL {
    let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("\(name)-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Every file under `folder`, relative path → bytes.
func contents(of folder: URL) -> [String: Data] {
    var result: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder.path)!
    while let path = enumerator.nextObject() as? String {
        var isDirectory: ObjCBool = false
        let url = folder.appendingPathComponent(path)
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            result[path] = try! Data(contentsOf: url)
        }
    }
    return result
}

/// The sample gallery, built once for every snapshot suite.
private let sampleGalleryBuild = Task { try await GalleryBuilder(options: sampleOptions()).build() }

func sampleGallery() async throws -> BuiltGallery {
    try await sampleGalleryBuild.value
}

/// The full-size widgets of the first frame in `state`, one per scheme, as each stage holds them.
func widgetElements(in html: String, state: String) -> [String] {
    let sections = html.components(separatedBy: "<section ").filter { $0.hasPrefix("class=\"frame\"") }
    guard let frame = sections.first(where: { $0.contains("data-state=\"\(state)\"") }) else { return [] }
    var widgets: [String] = []
    var rest = Substring(frame)
    while let open = rest.range(of: "<div class=\"stage-canvas\">"), let close = rest[open.upperBound...].range(of: "</div>\n<figcaption>") {
        widgets.append(String(rest[open.upperBound..<close.lowerBound]))
        rest = rest[close.upperBound...]
    }
    return widgets
}
