import Foundation
import GlimpseCore
import Widgets

/// A folder an app reads through its `InputContext`, Glimpse's content or a scenario's own
/// folder, each file and listing recorded as an input of the unit that reads it.
struct RecordedFolder: InputFiles {
    let root: URL
    /// How `root` is named in messages: `content`, `content/scenarios/<app>/fresh`, or a `--store`.
    let displayRoot: String
    let kind: BuildInput.Kind
    let fileIO: FileIO
    let log: InputLog

    func files(in folder: String) throws -> [String] {
        let url = root.appendingPathComponent(folder)
        log.record(kind, url.standardizedFileURL.path)
        return try fileIO.listFiles(url)
    }

    func text(_ path: String) throws -> String? {
        let url = root.appendingPathComponent(path)
        log.record(kind, url.standardizedFileURL.path)
        guard try fileIO.listFiles(url.deletingLastPathComponent()).contains(url.lastPathComponent) else { return nil }
        return try fileIO.readText(url, displayPath(path))
    }

    func displayPath(_ path: String) -> String {
        "\(displayRoot)/\(path)"
    }
}

/// The copy book a unit renders with: every key it looks up is recorded, as the file it comes from.
struct RecordingCopyBook: CopyBook {
    let book: ContentCopyBook
    let log: InputLog

    func copy(_ app: String, _ key: String, values: [String: String]) throws -> Copy {
        log.record(.content, book.file(app, key).path)
        return try book.copy(app, key, values: values)
    }
}
