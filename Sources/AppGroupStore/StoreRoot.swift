import Foundation
import GlimpseCore

/// A folder of App Group containers, opened read-only.
///
/// Containers are found by folder name (`group.com.example.app/`) or, as in a Simulator's
/// `Containers/Shared/AppGroup/<UUID>/`, by the `MCMMetadataIdentifier` in the folder's
/// `.com.apple.mobile_container_manager.metadata.plist`. A path to a single container
/// is accepted too; its parent then serves as the root for file names.
public struct StoreRoot: Sendable {
    /// The folder the user named.
    public let url: URL
    /// The folder file names are relative to.
    public let displayRoot: URL
    /// Container identifier → folder.
    public let containers: [String: URL]
    /// Where the folders and files looked at are recorded, when a caller wants to know.
    public let log: InputLog?
    /// The time reading this store may take, every container's files together.
    public let budget: StoreReadBudget
    /// How its files are opened.
    public let files: StoreFileAccess
    /// What finding the containers ran into: a Simulator metadata plist that could not be read
    /// (a FIFO, say), so that its folder is known by its name alone. Every app's widgets show it.
    public let diagnostics: [Diagnostic]

    public static let metadataFileName = ".com.apple.mobile_container_manager.metadata.plist"

    /// Opens `url` as a store root, or as a single container.
    ///
    /// - Parameters:
    ///   - url: the folder the user named: a folder of containers, or one container.
    ///   - log: records every folder listed and file looked for, found or not.
    ///   - timeout: how long, in seconds, the reads of this store may take, all of them together
    ///     (`StoreReadBudget`); a read past it fails with a diagnostic naming the file.
    ///   - files: how files are opened; the disk but in tests.
    /// - Throws: `StoreError.unreadable` when `url` is not a readable folder.
    public init(
        url: URL, log: InputLog? = nil, timeout: TimeInterval = StoreReadBudget.standardSeconds,
        files: StoreFileAccess = .disk
    ) throws(StoreError) {
        let standardized = url.standardizedFileURL
        self.log = log
        let budget = StoreReadBudget(seconds: timeout)
        self.budget = budget
        self.files = files
        log?.record(.store, standardized.path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: standardized.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            throw .unreadable(file: url.path, reason: "not a folder")
        }
        self.url = standardized
        var diagnostics: [Diagnostic] = []
        let (rootIdentifier, rootProblem) = Self.containerIdentifier(
            of: standardized, log: log, budget: budget, files: files)
        if let rootIdentifier {
            displayRoot = standardized.deletingLastPathComponent()
            containers = [rootIdentifier: standardized]
            self.diagnostics = rootProblem.map { [$0] } ?? []
            return
        }
        diagnostics += rootProblem.map { [$0] } ?? []
        displayRoot = standardized
        var found: [String: URL] = [:]
        for child in Self.folders(in: standardized, budget: budget, diagnostics: &diagnostics) {
            let (identifier, problem) = Self.containerIdentifier(of: child, log: log, budget: budget, files: files)
            diagnostics += problem.map { [$0] } ?? []
            guard let identifier else { continue }
            // A folder named by its identifier wins over a Simulator folder with the same one.
            if found[identifier] == nil || child.lastPathComponent == identifier {
                found[identifier] = child
            }
        }
        containers = found
        self.diagnostics = diagnostics
    }

    /// `folders(in:)` within the store's timeout: a folder on a mount that stopped answering
    /// blocks in readdir or stat as a file read does. Past it, none, with the diagnostic.
    static func folders(in root: URL, budget: StoreReadBudget, diagnostics: inout [Diagnostic]) -> [URL] {
        do {
            return try budget.run(root.lastPathComponent, key: root.path) { () throws(StoreError) -> [URL] in
                folders(in: root)
            }
        } catch {
            diagnostics.append(error.diagnostic)
            return []
        }
    }

    /// The folders of `root` (a link to one counts), sorted by name: the containers' candidates.
    static func folders(in root: URL) -> [URL] {
        let children =
            (try? FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: [.isDirectoryKey]))
            ?? []
        return children.sorted { $0.lastPathComponent < $1.lastPathComponent }.filter { child in
            // fileExists follows symlinks, so a container linked from elsewhere is found, then refused.
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: child.path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }
    }

    /// The container for `identifier`.
    ///
    /// - Throws: `StoreError.containerMissing` when the store has no such container;
    ///   `StoreError.outsideContainer` when the container is a symlink out of the store.
    public func container(_ identifier: String) throws(StoreError) -> GroupContainer {
        guard let folder = containers[identifier] else { throw .containerMissing(identifier: identifier) }
        let name =
            folder.path.hasPrefix(displayRoot.path + "/")
            ? String(folder.path.dropFirst(displayRoot.path.count + 1))
            : folder.lastPathComponent
        // The container itself must resolve inside the folder the user named.
        guard let rootReal = GroupContainer.realPath(url.path), let folderReal = GroupContainer.realPath(folder.path),
            folderReal == rootReal || folderReal.hasPrefix(rootReal + "/")
        else { throw .outsideContainer(file: name) }
        return GroupContainer(
            identifier: identifier, url: folder, displayName: name, log: log, budget: budget, files: files)
    }

    /// The identifier of a container folder: from its Simulator metadata, or from its name. A
    /// metadata plist that is there but cannot be read (not a regular file, too large, not a
    /// plist, not within the budget) leaves the name, and a warning naming the plist.
    static func containerIdentifier(
        of folder: URL, log: InputLog?, budget: StoreReadBudget,
        files: StoreFileAccess
    ) -> (identifier: String?, problem: Diagnostic?) {
        let metadata = folder.appendingPathComponent(metadataFileName)
        log?.record(.store, metadata.path)
        let name = folder.lastPathComponent
        let byName = name.hasPrefix("group.") ? name : nil
        // lstat: whether it is there at all, without opening it.
        var status = stat()
        guard lstat(metadata.path, &status) == 0 else { return (byName, nil) }
        let file = "\(name)/\(metadataFileName)"
        let limit = Limits.storeMetadata.value
        let values: [String: PlistValue]
        do {
            values = try budget.run(file) { () throws(StoreError) -> [String: PlistValue] in
                let data: Data
                do {
                    data = try boundedRead(metadata, limit: limit, open: files.open)
                } catch {
                    throw StoreError.unreadable(file: file, reason: error.localizedDescription)
                }
                guard data.count <= limit else {
                    throw StoreError.tooLarge(file: file, bytes: data.count, limit: limit)
                }
                guard case .dictionary(let values)? = try? PlistValue.decode(data) else {
                    throw StoreError.corrupt(file: file, codingPath: "", reason: "not a property list dictionary")
                }
                return values
            }
        } catch {
            let diagnostic = error.diagnostic
            return (
                byName,
                Diagnostic(
                    diagnostic.severity, diagnostic.message + "; the folder is known by its name alone",
                    file: diagnostic.file)
            )
        }
        if case .string(let identifier)? = values["MCMMetadataIdentifier"], !identifier.isEmpty {
            return (identifier, nil)
        }
        return (byName, nil)
    }
}

/// Reads at most `limit` bytes of a file opened by `open`, read-only.
///
/// - Throws: what `open` throws (`StoreFileAccess.disk`: `NotARegularFile` for a FIFO, socket,
///   device, folder or symbolic link; the system's error when the file cannot be opened).
func boundedRead(_ url: URL, limit: Int, open: (URL) throws -> FileHandle) throws -> Data {
    try RegularFile.read(url, limit: limit, open: open)
}
