import Foundation
import GlimpseCore
import Synchronization
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
    /// Paths read as if they were not there: a store's own file that was refused.
    var excluded: Set<String> = []

    func files(in folder: String) throws -> [String] {
        let url = root.appendingPathComponent(folder)
        log.record(kind, url.standardizedFileURL.path)
        return try fileIO.listFiles(url).filter { !excluded.contains(folder.isEmpty ? $0 : "\(folder)/\($0)") }
    }

    func text(_ path: String) throws -> String? {
        try text(path, limit: nil)
    }

    func text(_ path: String, limit: Int) throws -> String? {
        try text(path, limit: Optional(limit))
    }

    private func text(_ path: String, limit: Int?) throws -> String? {
        let url = root.appendingPathComponent(path)
        log.record(kind, url.standardizedFileURL.path)
        guard !excluded.contains(path),
            try fileIO.listFiles(url.deletingLastPathComponent()).contains(url.lastPathComponent)
        else { return nil }
        return try fileIO.readText(url, displayPath(path), limit: limit)
    }

    func displayPath(_ path: String) -> String {
        "\(displayRoot)/\(path)"
    }

    func recording(into log: InputLog) -> any InputFiles {
        RecordedFolder(root: root, displayRoot: displayRoot, kind: kind, fileIO: fileIO, log: log, excluded: excluded)
    }
}

/// The copy book a unit renders with. Each key it is asked for is noted, and recorded as the file
/// the copy comes from once the unit is done (`record(into:)`): every text of every frame asks,
/// far too often to make a file's path each time.
final class RecordingCopyBook: CopyBook {
    struct Key: Hashable {
        var app: String
        var key: String
    }

    let book: ContentCopyBook
    private let keys = Mutex<Set<Key>>([])

    init(book: ContentCopyBook) {
        self.book = book
    }

    func copy(_ app: String, _ key: String, values: [String: String]) throws -> Copy {
        _ = keys.withLock { $0.insert(Key(app: app, key: key)) }
        return try book.copy(app, key, values: values)
    }

    func copy(_ app: String, _ key: String, values: [String: String], count: Int) throws -> Copy {
        _ = keys.withLock { $0.insert(Key(app: app, key: key)) }
        return try book.copy(app, key, values: values, count: count)
    }

    /// The keys of `app` asked for so far that have no translation into the book's locale, sorted.
    func untranslated(app: String) -> [String] {
        let asked = Set(keys.withLock { $0 }.filter { $0.app == app }.map(\.key))
        return book.untranslated(app: app).filter(asked.contains)
    }

    /// Records the files of every key asked for so far: the English one, and each translation it
    /// is looked for in, there or not (one added later is then read).
    func record(into log: InputLog) {
        for key in keys.withLock({ $0 }) {
            for file in book.files(key.app, key.key) { log.record(.content, file) }
        }
    }
}
