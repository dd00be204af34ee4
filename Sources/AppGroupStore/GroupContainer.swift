import Foundation
import GlimpseCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One App Group container, read-only. Every read stays inside the container, and within the
/// time its store's `budget` has left.
public struct GroupContainer: Sendable {
    public let identifier: String
    public let url: URL
    /// The container's path relative to the store root, used in file names.
    public let displayName: String
    /// Where every file looked for is recorded, found or not.
    public let log: InputLog?
    /// The time the store's reads may take, shared with every container of the same `StoreRoot`.
    public let budget: StoreReadBudget
    /// How files are opened.
    public let files: StoreFileAccess

    /// Files larger than this are refused (64 MiB).
    public static let defaultSizeLimit = Limits.storeFile.value

    public init(
        identifier: String, url: URL, displayName: String, log: InputLog? = nil,
        budget: StoreReadBudget = StoreReadBudget(), files: StoreFileAccess = .disk
    ) {
        self.log = log
        self.identifier = identifier
        self.url = url
        self.displayName = displayName
        self.budget = budget
        self.files = files
    }

    /// The file's name relative to the store root, for diagnostics.
    public func displayPath(_ relativePath: String) -> String {
        "\(displayName)/\(relativePath)"
    }

    /// The real path of `relativePath`, after symlinks, checked to be inside the container.
    ///
    /// - Throws: `StoreError.outsideContainer` for `..`, absolute paths or symlinks out;
    ///   `StoreError.fileMissing` when there is no such file; `StoreError.unreadable` past the budget.
    public func resolve(_ relativePath: String) throws(StoreError) -> URL {
        try budget.run(displayPath(relativePath), key: url.appendingPathComponent(relativePath).path) {
            () throws(StoreError) in try locate(relativePath)
        }
    }

    /// `resolve(_:)` on the caller's thread: for reads that are already within the budget.
    private func locate(_ relativePath: String) throws(StoreError) -> URL {
        let file = displayPath(relativePath)
        log?.record(.store, url.appendingPathComponent(relativePath).standardizedFileURL.path)
        let components = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        guard !relativePath.hasPrefix("/"), !components.contains(".."), !relativePath.contains("\0") else {
            throw .outsideContainer(file: file)
        }
        guard let containerReal = Self.realPath(url.path) else {
            throw .unreadable(file: displayName, reason: "the container cannot be resolved")
        }
        let candidate = url.appendingPathComponent(relativePath).path
        guard let real = Self.realPath(candidate) else {
            // A dangling symlink is still a way out; report it as such when it points outside.
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: candidate) {
                if target.hasPrefix("/") && !target.hasPrefix(containerReal + "/") {
                    throw .outsideContainer(file: file)
                }
            }
            throw .fileMissing(file: file)
        }
        guard real.hasPrefix(containerReal + "/") else { throw .outsideContainer(file: file) }
        return URL(fileURLWithPath: real)
    }

    /// False only when there is nothing at `relativePath`. Something there that cannot be used (a
    /// link out of the container, a path not resolved within the store's timeout) is there: the
    /// read that follows names the file and what is wrong, rather than the file passing for absent.
    public func fileExists(_ relativePath: String) -> Bool {
        do {
            _ = try resolve(relativePath)
            return true
        } catch .fileMissing {
            return false
        } catch {
            return true
        }
    }

    /// The bytes of a file, read-only and bounded.
    ///
    /// - Throws: a `StoreError` naming the file.
    public func data(at relativePath: String, limit: Int = defaultSizeLimit) throws(StoreError) -> Data {
        try budget.run(displayPath(relativePath), key: url.appendingPathComponent(relativePath).path) {
            () throws(StoreError) in try bytes(relativePath, limit: limit)
        }
    }

    /// `data(at:limit:)` on the caller's thread.
    private func bytes(_ relativePath: String, limit: Int) throws(StoreError) -> Data {
        let file = displayPath(relativePath)
        let real = try regularFile(relativePath, limit: limit)
        let data: Data
        do {
            data = try boundedRead(real, limit: limit, open: files.open)
        } catch {
            throw .unreadable(file: file, reason: error.localizedDescription)
        }
        guard data.count <= limit else { throw .tooLarge(file: file, bytes: data.count, limit: limit) }
        return data
    }

    /// Copies a file to `destination` a mebibyte at a time, never holding it whole: a SQLite
    /// store may be far larger than any file read into memory should be.
    ///
    /// - Throws: a `StoreError` naming the file: missing, outside the container, a folder, over
    ///   `limit` (checked before and while copying, as the file may grow), or unreadable.
    public func copy(_ relativePath: String, to destination: URL, limit: Int) throws(StoreError) {
        try budget.run(displayPath(relativePath), key: url.appendingPathComponent(relativePath).path) {
            () throws(StoreError) in
            try copyFile(relativePath, to: destination, limit: limit)
        }
    }

    /// `copy(_:to:limit:)` on the caller's thread.
    private func copyFile(_ relativePath: String, to destination: URL, limit: Int) throws(StoreError) {
        let file = displayPath(relativePath)
        let real = try regularFile(relativePath, limit: limit)
        do {
            let source = try files.open(real)
            defer { try? source.close() }
            guard FileManager.default.createFile(atPath: destination.path, contents: nil) else {
                throw StoreError.unreadable(
                    file: file, reason: "cannot make a private copy in \(destination.deletingLastPathComponent().path)")
            }
            let target = try FileHandle(forWritingTo: destination)
            defer { try? target.close() }
            var copied = 0
            while let chunk = try source.read(upToCount: 1 << 20), !chunk.isEmpty {
                copied += chunk.count
                guard copied <= limit else { throw StoreError.tooLarge(file: file, bytes: copied, limit: limit) }
                try target.write(contentsOf: chunk)
            }
        } catch let error as StoreError {
            throw error
        } catch let error as NotARegularFile {
            throw .unreadable(file: file, reason: error.localizedDescription)
        } catch {
            throw .unreadable(file: file, reason: "cannot copy: \(error.localizedDescription)")
        }
    }

    /// The real path of `relativePath`, checked to be a file no larger than `limit`.
    private func regularFile(_ relativePath: String, limit: Int) throws(StoreError) -> URL {
        let file = displayPath(relativePath)
        let real = try locate(relativePath)
        // lstat: what the path is, without opening it (opening a FIFO blocks).
        var status = stat()
        guard lstat(real.path, &status) == 0 else { throw .fileMissing(file: file) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .unreadable(
                file: file, reason: NotARegularFile(kind: NotARegularFile.kind(of: status.st_mode)).localizedDescription
            )
        }
        if Int(status.st_size) > limit {
            throw .tooLarge(file: file, bytes: Int(status.st_size), limit: limit)
        }
        return real
    }

    /// Decodes a JSON file.
    ///
    /// - Throws: `StoreError.corrupt` with the coding path, or the errors of `data(at:)`.
    public func decodeJSON<Value: Decodable & Sendable>(
        _ type: Value.Type, at relativePath: String
    ) throws(StoreError) -> Value {
        let file = displayPath(relativePath)
        return try budget.run(file, key: url.appendingPathComponent(relativePath).path) { () throws(StoreError) in
            try StoreJSON.decode(type, from: try bytes(relativePath, limit: Self.defaultSizeLimit), file: file)
        }
    }

    /// Opens a UserDefaults suite plist, XML or binary.
    ///
    /// - Parameter suite: the suite name; the file is `Library/Preferences/<suite>.plist`.
    public func userDefaults(suite: String) throws(StoreError) -> UserDefaultsSuite {
        let relativePath = "Library/Preferences/\(suite).plist"
        let file = displayPath(relativePath)
        return try budget.run(file, key: url.appendingPathComponent(relativePath).path) { () throws(StoreError) in
            try UserDefaultsSuite(data: try bytes(relativePath, limit: Self.defaultSizeLimit), file: file)
        }
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
