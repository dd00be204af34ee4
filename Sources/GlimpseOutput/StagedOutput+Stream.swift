import Foundation

extension StagedOutput {
    /// Writes one file at `path` a piece at a time, through `body`'s sink: for a file too large to
    /// hold whole (a full-axis check's `findings.json` is 600 MB). Unlike `write(_:_:)`, it is never
    /// linked from the gallery in place.
    ///
    /// - Throws: `OutputError.failed` when the file cannot be written, or what `body` throws; the
    ///   caller then discards.
    package func stream(_ path: String, _ body: (_ sink: FileSink) throws -> Void) throws {
        let url = folder.appendingPathComponent(path)
        let sink: FileSink
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown)
            }
            sink = FileSink(try FileHandle(forWritingTo: url))
        } catch {
            throw OutputError.failed(
                path: output.destination.appendingPathComponent(path).path, reason: error.localizedDescription)
        }
        defer { try? sink.handle.close() }
        try body(sink)
        do {
            try sink.flush()
        } catch {
            throw OutputError.failed(
                path: output.destination.appendingPathComponent(path).path, reason: error.localizedDescription)
        }
    }
}

/// A file written in pieces, gathered into writes of about a megabyte.
package final class FileSink {
    let handle: FileHandle
    private var buffer = Data()
    private static let chunk = 1 << 20

    init(_ handle: FileHandle) {
        self.handle = handle
        buffer.reserveCapacity(Self.chunk * 2)
    }

    /// Appends `data` to the file.
    ///
    /// - Throws: the error of the write underneath.
    package func write(_ data: Data) throws {
        buffer.append(data)
        if buffer.count >= Self.chunk { try flush() }
    }

    /// Appends `text`, in UTF-8.
    package func write(_ text: String) throws {
        try write(Data(text.utf8))
    }

    func flush() throws {
        guard !buffer.isEmpty else { return }
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
