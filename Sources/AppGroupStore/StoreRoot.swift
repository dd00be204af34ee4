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

    public static let metadataFileName = ".com.apple.mobile_container_manager.metadata.plist"

    /// Opens `url` as a store root, or as a single container.
    ///
    /// - Parameters:
    ///   - log: records every folder listed and file looked for, found or not.
    ///   - timeout: how long, in seconds, the reads of this store may take, all of them together
    ///     (`StoreReadBudget`); a read past it fails with a diagnostic naming the file.
    ///   - files: how files are opened; the disk but in tests.
    /// - Throws: `StoreError.unreadable` when `url` is not a readable folder.
    public init(url: URL, log: InputLog? = nil, timeout: TimeInterval = StoreReadBudget.standardSeconds,
                files: StoreFileAccess = .disk) throws(StoreError) {
        let standardized = url.standardizedFileURL
        self.log = log
        let budget = StoreReadBudget(seconds: timeout)
        self.budget = budget
        self.files = files
        log?.record(.store, standardized.path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: standardized.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .unreadable(file: url.path, reason: "not a folder")
        }
        self.url = standardized
        if let identifier = Self.containerIdentifier(of: standardized, log: log, budget: budget, files: files) {
            displayRoot = standardized.deletingLastPathComponent()
            containers = [identifier: standardized]
            return
        }
        displayRoot = standardized
        var found: [String: URL] = [:]
        let children = (try? FileManager.default.contentsOfDirectory(
            at: standardized, includingPropertiesForKeys: [.isDirectoryKey], options: [])) ?? []
        for child in children.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
            // fileExists follows symlinks, so a container linked from elsewhere is found, then refused.
            var childIsDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: child.path, isDirectory: &childIsDirectory), childIsDirectory.boolValue,
                  let identifier = Self.containerIdentifier(of: child, log: log, budget: budget, files: files)
            else { continue }
            // A folder named by its identifier wins over a Simulator folder with the same one.
            if found[identifier] == nil || child.lastPathComponent == identifier {
                found[identifier] = child
            }
        }
        containers = found
    }

    /// The container for `identifier`.
    ///
    /// - Throws: `StoreError.containerMissing` when the store has no such container;
    ///   `StoreError.outsideContainer` when the container is a symlink out of the store.
    public func container(_ identifier: String) throws(StoreError) -> GroupContainer {
        guard let folder = containers[identifier] else { throw .containerMissing(identifier: identifier) }
        let name = folder.path.hasPrefix(displayRoot.path + "/")
            ? String(folder.path.dropFirst(displayRoot.path.count + 1))
            : folder.lastPathComponent
        // The container itself must resolve inside the folder the user named.
        guard let rootReal = GroupContainer.realPath(url.path), let folderReal = GroupContainer.realPath(folder.path),
              folderReal == rootReal || folderReal.hasPrefix(rootReal + "/")
        else { throw .outsideContainer(file: name) }
        return GroupContainer(identifier: identifier, url: folder, displayName: name, log: log, budget: budget, files: files)
    }

    /// The identifier of a container folder: from its Simulator metadata, or from its name (also
    /// when the metadata cannot be read, or not within the budget).
    static func containerIdentifier(of folder: URL, log: InputLog?, budget: StoreReadBudget, files: StoreFileAccess) -> String? {
        let metadata = folder.appendingPathComponent(metadataFileName)
        log?.record(.store, metadata.path)
        let read: @Sendable () throws(StoreError) -> Data = { () throws(StoreError) -> Data in
            do {
                return try boundedRead(metadata, limit: 1 << 20, open: files.open)
            } catch {
                throw StoreError.unreadable(file: metadata.lastPathComponent, reason: error.localizedDescription)
            }
        }
        if let data = try? budget.run(metadata.lastPathComponent, read),
           case .dictionary(let values)? = try? PlistValue.decode(data),
           case .string(let identifier)? = values["MCMMetadataIdentifier"], !identifier.isEmpty
        {
            return identifier
        }
        let name = folder.lastPathComponent
        return name.hasPrefix("group.") ? name : nil
    }
}

/// Reads at most `limit` bytes of a file opened by `open`, read-only.
///
/// - Throws: what `open` throws (`StoreFileAccess.disk`: `NotARegularFile` for a FIFO, socket,
///   device, folder or symbolic link; the system's error when the file cannot be opened).
func boundedRead(_ url: URL, limit: Int, open: (URL) throws -> FileHandle) throws -> Data {
    try RegularFile.read(url, limit: limit, open: open)
}
