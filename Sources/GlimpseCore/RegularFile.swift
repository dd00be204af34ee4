import Foundation

/// Reading a file that someone else made: only if it is a regular file, never blocking on it, and
/// never more than a limit. A FIFO with no writer would make a plain open wait forever.
public enum RegularFile {
    /// Opens `url` for reading: `O_NONBLOCK | O_NOFOLLOW`, then `fstat` of what was opened.
    ///
    /// - Throws: `NotARegularFile` for a FIFO, socket, device, folder or symbolic link; a
    ///   `CocoaError` with the system's reason when it cannot be opened.
    public static func open(_ url: URL) throws -> FileHandle {
        let descriptor = openFile(url.path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ELOOP { throw NotARegularFile(kind: "a symbolic link") }
            throw CocoaError(
                .fileReadNoSuchFile,
                userInfo: [
                    NSFilePathErrorKey: url.path,
                    NSLocalizedDescriptionKey: String(cString: strerror(errno)),
                ])
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            let kind = NotARegularFile.kind(of: status.st_mode)
            close(descriptor)
            throw NotARegularFile(kind: kind)
        }
        // Reads of a regular file never block; clear the flag so that they behave as usual.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// At most `limit + 1` bytes of a regular file: one more than allowed tells the caller it is too large.
    ///
    /// - Parameters:
    ///   - url: the file to read.
    ///   - limit: the most bytes the caller accepts.
    ///   - open: how the file is opened: `open(_:)` but in tests.
    public static func read(_ url: URL, limit: Int, open: (URL) throws -> FileHandle = RegularFile.open) throws -> Data
    {
        let handle = try open(url)
        defer { try? handle.close() }
        return try handle.read(upToCount: limit + 1) ?? Data()
    }
}

/// A path that names something other than a regular file.
public struct NotARegularFile: Error, LocalizedError {
    public var kind: String

    public init(kind: String) {
        self.kind = kind
    }

    public var errorDescription: String? { "it is \(kind), not a regular file" }

    public static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a folder"
        case S_IFLNK: "a symbolic link"
        default: "not a file"
        }
    }
}

/// `open(2)`, by a name that does not clash with `RegularFile.open`.
private func openFile(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}
