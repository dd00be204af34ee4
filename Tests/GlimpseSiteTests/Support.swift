import AppGroupStore
import Foundation
import GlimpseCore
import GlimpseRegistry
import TestSupport
import Testing
import Widgets

@testable import GlimpseSite

/// The sample gallery's options, with the clock pinned.
func sampleOptions(device: String = "393x852") -> BuildOptions {
    BuildOptions(
        inputs: BuildOptions.Inputs(
            knownApps: GalleryApps.all, contentDirectory: repositoryRoot.appendingPathComponent("content"),
            templatesDirectory: repositoryRoot.appendingPathComponent("templates")),
        axes: BuildOptions.Axes(device: .named(device)!),
        run: BuildOptions.Run(
            now: Scenario.parseDate("2026-11-22T09:00:00-05:00"), timeZone: TimeZone(identifier: "America/New_York")))
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
    while let open = rest.range(of: "<div class=\"stage-canvas\">"),
        let close = rest[open.upperBound...].range(of: "</div>\n<figcaption>")
    {
        widgets.append(String(rest[open.upperBound..<close.lowerBound]))
        rest = rest[close.upperBound...]
    }
    return widgets
}

/// The context an app's `inputs` gets in a build: `content` as Glimpse's content folder,
/// `scenario` as the scenario's, both read from disk and recorded in the returned log.
func inputContext(content: URL, scenario: URL? = nil, store: StoreRoot? = nil) -> (InputContext, InputLog) {
    let log = InputLog()
    let now = Scenario.parseDate("2026-11-22T09:00:00-05:00")!
    let context = InputContext(
        content: RecordedFolder(root: content, displayRoot: "content", kind: .content, fileIO: .diskAccess, log: log),
        scenario: RecordedFolder(
            root: scenario ?? content, displayRoot: "scenario", kind: .content, fileIO: .diskAccess, log: log),
        store: store, window: DateInterval(start: now, duration: 86_400), calendar: calendar(), locale: .enUS,
        markdown: Markdown.document, log: log)
    return (context, log)
}

/// A new folder holding `files` (relative path → text).
func folder(_ files: [String: String]) throws -> URL {
    let folder = temporaryFolder("glimpse-content")
    for (path, text) in files {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    return folder
}

/// Store text that tried to be markup: a `<script>` and an attribute break-out, as stores can hold.
let hostileStoreText = "<script>alert(1)</script>\" onmouseover=\"x {{mustache}} \u{202E}evil"

/// Expects no page of `gallery` to hold `hostileStoreText` as markup.
func expectNoStoreMarkup(in gallery: BuiltGallery, sourceLocation: SourceLocation = #_sourceLocation) {
    for file in gallery.files where file.path.hasSuffix(".html") {
        let html = String(decoding: file.data, as: UTF8.self)
        #expect(!html.contains("<script>alert"), "\(file.path)", sourceLocation: sourceLocation)
        #expect(!html.contains("\" onmouseover=\""), "\(file.path)", sourceLocation: sourceLocation)
    }
}
