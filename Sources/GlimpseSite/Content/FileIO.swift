import AppGroupStore
import Foundation
import GlimpseCore
import GlimpseTemplates

/// File access for reading content, templates and stores, as a struct of closures: the disk for
/// real runs, a substitute in tests.
package struct FileIO: Sendable {
    package var readData: @Sendable (_ url: URL, _ displayName: String) throws -> Data
    package var listFolders: @Sendable (_ url: URL) throws -> [String]
    package var listFiles: @Sendable (_ url: URL) throws -> [String]
    /// At most the first `limit + 1` bytes of a file: one more than allowed tells the caller it is
    /// too large, and a file of any size costs no more than that to refuse.
    package var readPrefix: @Sendable (_ url: URL, _ displayName: String, _ limit: Int) throws -> Data
    /// How the files of a store are opened.
    package var storeFiles: StoreFileAccess

    package init(
        readData: @escaping @Sendable (URL, String) throws -> Data,
        listFolders: @escaping @Sendable (URL) throws -> [String],
        listFiles: @escaping @Sendable (URL) throws -> [String],
        readPrefix: @escaping @Sendable (URL, String, Int) throws -> Data = FileIO.readRegularFile,
        storeFiles: StoreFileAccess = .disk
    ) {
        self.readData = readData
        self.listFolders = listFolders
        self.listFiles = listFiles
        self.readPrefix = readPrefix
        self.storeFiles = storeFiles
    }

    /// The text of a file.
    ///
    /// - Parameter limit: read at most `limit + 1` bytes; a longer file's text is that much, for
    ///   the caller to refuse as too large (a YAML file, whose cap is far below the 64 MiB of any
    ///   file here).
    package func readText(_ url: URL, _ displayName: String, limit: Int? = nil) throws -> String {
        let data = try limit.map { try readPrefix(url, displayName, $0) } ?? readData(url, displayName)
        if let limit, data.count > limit { return String(decoding: data, as: UTF8.self) }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SiteError.unreadable(file: displayName, reason: "not UTF-8 text")
        }
        return text
    }

    /// Templates are read as every file of Glimpse's content is.
    package var templateFiles: TemplateFiles {
        TemplateFiles(listFiles: listFiles, listFolders: listFolders, readText: { try readText($0, $1) })
    }

    /// The largest file of Glimpse's content, templates or a scenario read: 64 MiB.
    package static let maximumFileSize = Limits.contentFile.value

    /// The real disk. Listings are sorted, so builds do not depend on directory order.
    package static let diskAccess = FileIO(
        readData: { url, displayName in
            let data = try readRegularFile(url, displayName, maximumFileSize)
            guard data.count <= maximumFileSize else {
                throw SiteError.unreadable(file: displayName, reason: "larger than \(maximumFileSize / 1_048_576) MiB")
            }
            return data
        },
        listFolders: { url in entries(of: url, folders: true) },
        listFiles: { url in entries(of: url, folders: false) },
        readPrefix: readRegularFile
    )

    /// At most `limit + 1` bytes of a regular file, never waited on (a FIFO).
    ///
    /// - Throws: `SiteError.unreadable` naming the file.
    @Sendable package static func readRegularFile(_ url: URL, _ displayName: String, _ limit: Int) throws -> Data {
        do {
            return try RegularFile.read(url, limit: limit)
        } catch let error as NotARegularFile {
            throw SiteError.unreadable(file: displayName, reason: error.localizedDescription)
        } catch {
            throw SiteError.unreadable(
                file: displayName, reason: (error as NSError).localizedFailureReason ?? error.localizedDescription)
        }
    }
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
