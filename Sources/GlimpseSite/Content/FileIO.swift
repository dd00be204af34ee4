import AppGroupStore
import Foundation
import GlimpseCore

/// File access for reading content, templates and stores, as a struct of closures: the disk for
/// real runs, a substitute in tests.
public struct FileIO: Sendable {
    public var readData: @Sendable (_ url: URL, _ displayName: String) throws -> Data
    public var listFolders: @Sendable (_ url: URL) throws -> [String]
    public var listFiles: @Sendable (_ url: URL) throws -> [String]
    /// How the files of a store are opened.
    public var storeFiles: StoreFileAccess

    public init(
        readData: @escaping @Sendable (URL, String) throws -> Data,
        listFolders: @escaping @Sendable (URL) throws -> [String],
        listFiles: @escaping @Sendable (URL) throws -> [String],
        storeFiles: StoreFileAccess = .disk
    ) {
        self.readData = readData
        self.listFolders = listFolders
        self.listFiles = listFiles
        self.storeFiles = storeFiles
    }

    public func readText(_ url: URL, _ displayName: String) throws -> String {
        let data = try readData(url, displayName)
        guard let text = String(data: data, encoding: .utf8) else {
            throw SiteError.unreadable(file: displayName, reason: "not UTF-8 text")
        }
        return text
    }

    /// The largest file of Glimpse's content, templates or a scenario read: 64 MiB.
    public static let maximumFileSize = 64 << 20

    /// The real disk. Listings are sorted, so builds do not depend on directory order.
    public static let diskAccess = FileIO(
        readData: { url, displayName in
            let data: Data
            do {
                // Only regular files, never waited on (a FIFO), and bounded.
                data = try RegularFile.read(url, limit: maximumFileSize)
            } catch let error as NotARegularFile {
                throw SiteError.unreadable(file: displayName, reason: error.localizedDescription)
            } catch {
                throw SiteError.unreadable(file: displayName, reason: (error as NSError).localizedFailureReason ?? error.localizedDescription)
            }
            guard data.count <= maximumFileSize else {
                throw SiteError.unreadable(file: displayName, reason: "larger than \(maximumFileSize / 1_048_576) MiB")
            }
            return data
        },
        listFolders: { url in entries(of: url, folders: true) },
        listFiles: { url in entries(of: url, folders: false) }
    )
}

/// The names in `url` that are folders (or files), sorted; hidden ones left out, and Python's
/// `__pycache__`, which a scenario generator beside its scenarios could leave.
private func entries(of url: URL, folders: Bool) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    return names.filter { name in
        var isDirectory: ObjCBool = false
        return !name.hasPrefix(".") && name != "__pycache__"
            && FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isDirectory)
            && isDirectory.boolValue == folders
    }.sorted()
}
