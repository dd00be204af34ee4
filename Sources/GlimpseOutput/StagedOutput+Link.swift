import Foundation

extension StagedOutput {
    /// Puts the regular file `source` at `path`, as a hard link when they share a file system (no
    /// bytes copied: a merge of shards links each image), else as a copy of its bytes. Returns false,
    /// writing nothing, when `source` is not a regular file (a symbolic link, a FIFO, a folder) or
    /// is larger than `limit`.
    ///
    /// - Throws: `OutputError.failed` when the file cannot be written; the caller then discards.
    /// Paths as strings, not URLs: a merge links tens of thousands, and a URL's appending took a
    /// tenth of one.
    package func link(_ path: String, from source: String, limit: Int) throws -> Bool {
        var status = stat()
        guard lstat(source, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) <= limit else {
            return false
        }
        let target = stagingPath + "/" + path
        do {
            try makeFolder(String(target[..<(target.lastIndex(of: "/") ?? target.endIndex)]))
        } catch {
            throw OutputError.failed(
                path: output.destination.appendingPathComponent(path).path, reason: error.localizedDescription)
        }
        if Foundation.link(source, target) == 0 { return true }
        guard errno == EXDEV || errno == EPERM || errno == EMLINK else {
            throw OutputError.failed(
                path: output.destination.appendingPathComponent(path).path, reason: String(cString: strerror(errno)))
        }
        guard let data = FileManager.default.contents(atPath: source), data.count <= limit else { return false }
        try write(path, data)
        return true
    }
}
