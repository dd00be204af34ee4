import Foundation
import GlimpseSite

/// A built gallery, as `glimpse diff` reads it: its manifest, and the SHA-256 of each shared asset.
public struct Gallery: Sendable {
    public var url: URL
    public var manifest: Manifest
    /// `assets/…` → SHA-256.
    public var assets: [String: String]

    /// The largest manifest or asset read: a gallery of 100,000 widgets has a manifest of about 200 MB.
    static let maximumFileSize = 512 * 1024 * 1024
    /// Files under `assets/` read at most.
    static let maximumAssets = 1_000

    /// Reads the gallery in `url`.
    ///
    /// - Throws: `DiffError` when the folder, its manifest or an asset cannot be read, or the
    ///   manifest has a `schemaVersion` this Glimpse does not know.
    public static func load(_ url: URL) throws(DiffError) -> Gallery {
        let manifestURL = url.appendingPathComponent("manifest.json")
        let data = try read(manifestURL)
        struct Version: Decodable { var schemaVersion: Int? }
        guard let version = (try? JSONDecoder().decode(Version.self, from: data))?.schemaVersion else {
            throw .unreadable(manifestURL.path, "not a Glimpse manifest (no schemaVersion)")
        }
        guard version == Manifest.currentSchemaVersion else {
            throw .unknownSchema(manifestURL.path, version)
        }
        let manifest: Manifest
        do {
            manifest = try JSONDecoder().decode(Manifest.self, from: data)
        } catch {
            throw .unreadable(manifestURL.path, "not a valid manifest: \(error)")
        }
        var assets: [String: String] = [:]
        let folder = url.appendingPathComponent("assets")
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        var seen = 0
        while let file = walker?.nextObject() as? URL, seen < maximumAssets {
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            seen += 1
            let relative = "assets/" + file.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)
            assets[relative] = FrameHash.of(data: try read(file))
        }
        return Gallery(url: url, manifest: manifest, assets: assets)
    }

    /// A regular file's bytes, up to `maximumFileSize`.
    static func read(_ url: URL) throws(DiffError) -> Data {
        let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey])
        guard let values, values.isRegularFile == true else { throw .unreadable(url.path, "no such file") }
        guard (values.fileSize ?? 0) <= maximumFileSize else { throw .unreadable(url.path, "larger than \(maximumFileSize / 1_048_576) MiB") }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .unreadable(url.path, error.localizedDescription)
        }
    }
}

/// Why a diff cannot be made: exit 2.
public enum DiffError: Error, CustomStringConvertible {
    case unreadable(String, String)
    case unknownSchema(String, Int)
    case outputFailed(String, String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): \(reason)"
        case .unknownSchema(let path, let version):
            "\(path): schemaVersion \(version) is not one this glimpse reads (\(Manifest.currentSchemaVersion)); use the glimpse that built it"
        case .outputFailed(let path, let reason): "\(path): cannot write the review: \(reason)"
        }
    }
}
