import Foundation
import GlimpseCore
import GlimpseDigest
import GlimpseFormat

/// A built gallery, as `glimpse diff` reads it: its manifest, and the SHA-256 of each shared asset.
package struct Gallery: Sendable {
    package var url: URL
    package var manifest: Manifest
    /// `assets/…` → SHA-256.
    package var assets: [String: String]
    /// `assets/….css` → SHA-256 of its rules without comments and spacing (`StylesheetRules`).
    package var rules: [String: String] = [:]
    /// `assets/….css` → its rules without comments and spacing, to find which changed: each
    /// stylesheet while they fit in `Limits.stylesheetRules` together. One not kept reaches every frame.
    package var stylesheets: [String: Data] = [:]
    /// Its findings, when it was built with `--check` (`findings.json` beside the manifest).
    package var findings: [Findings.Finding]?

    /// The largest manifest or asset read: a gallery of 100,000 widgets has a manifest of about 200 MB.
    package static let maximumFileSize = Limits.manifestFile.value
    /// Files under `assets/` read at most.
    static let maximumAssets = Limits.galleryAssets.value

    /// Reads the gallery in `url`, its manifest in full or in outline (`detail`).
    ///
    /// - Throws: `GalleryError` when the folder, its manifest or an asset cannot be read, or the
    ///   manifest has a `schemaVersion` this Glimpse does not know.
    package static func load(_ url: URL, detail: Detail = .full) throws(GalleryError) -> Gallery {
        let manifestURL = url.appendingPathComponent("manifest.json")
        let manifest = try decodeManifest(try readManifest(manifestURL), at: manifestURL, detail: detail)
        try requirePages(of: manifest, in: url, manifestURL: manifestURL)
        let digests = try assetDigests(in: url)
        return Gallery(
            url: url, manifest: manifest, assets: digests.assets, rules: digests.rules,
            stylesheets: digests.stylesheets, findings: try findings(in: url))
    }

    /// `findings.json` of a checked gallery; nil when there is none.
    static func findings(in url: URL) throws(GalleryError) -> [Findings.Finding]? {
        let file = url.appendingPathComponent("findings.json")
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        try checkBounds(file)
        do {
            return try Findings.read(try read(file)).findings
        } catch let error as GalleryError {
            throw error
        } catch let error as Findings.UnreadableVersion {
            throw .unreadable(file.path, "\(error)")
        } catch {
            throw .unreadable(file.path, "not a findings.json of glimpse check")
        }
    }

    /// The manifest in `data`, read from `manifestURL`: its `schemaVersion` is checked before the
    /// rest is decoded, so that a manifest of another version is named as such, not as invalid.
    /// Neither is parsed into a tree of objects first: a full-axis manifest of 200 MB would take
    /// gigabytes as one.
    static func decodeManifest(
        _ data: Data, at manifestURL: URL, detail: Detail = .full
    ) throws(GalleryError)
        -> Manifest
    {
        struct Version: Decodable { var schemaVersion: Int? }
        let version: Int?
        do {
            version = try JSONDecoder().decode(Version.self, from: data).schemaVersion
        } catch DecodingError.dataCorrupted {
            throw .unreadable(manifestURL.path, "not JSON (truncated, or not a manifest)")
        } catch {
            version = nil
        }
        guard let version else {
            throw .unreadable(manifestURL.path, "not a Glimpse manifest (no schemaVersion)")
        }
        guard Manifest.readableSchemaVersions.contains(version) else {
            throw .unknownSchema(manifestURL.path, version)
        }
        do {
            switch detail {
            case .full: return try JSONDecoder().decode(Manifest.self, from: data)
            case .outline: return try JSONDecoder().decode(Outline.self, from: data).manifest
            }
        } catch {
            throw .unreadable(manifestURL.path, "not a valid manifest: \(error)")
        }
    }

    /// A manifest's bytes, once its size, nesting, strings and arrays are within the limits: a
    /// manifest past one is refused a mebibyte in, naming the field and the limit, never decoded.
    package static func readManifest(_ url: URL) throws(GalleryError) -> Data {
        let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey])
        guard let values, values.isRegularFile == true else { throw .unreadable(url.path, "no such file") }
        guard (values.fileSize ?? 0) <= maximumFileSize else {
            throw .unreadable(
                url.path,
                "\((values.fileSize ?? 0).grouped) bytes, larger than the \(Limits.manifestFile.display) "
                    + "a manifest may be (manifest-file, docs/LIMITS.md)")
        }
        try checkBounds(url)
        return try read(url)
    }

    /// Throws, naming the field and the limit, when the JSON at `url` passes one of a manifest's
    /// limits of nesting, string length or array size (`JSONBounds.readerFiles`); the other files a gallery
    /// reader takes are held to the same.
    package static func checkBounds(_ url: URL) throws(GalleryError) {
        // Only a regular file is opened: a FIFO named findings.json would block the open. What is
        // not one is refused by the read that follows, which names it.
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { return }
        do {
            try JSONBounds.readerFiles.check(contentsOf: url)
        } catch let excess as JSONBounds.Excess {
            throw .unreadable(url.path, JSONBounds.readerMessage(excess))
        } catch {
            throw .unreadable(url.path, error.localizedDescription)
        }
    }

    /// Throws unless every page the manifest lists is there, inside the gallery: a diff, a snapshot
    /// or a review links to them.
    static func requirePages(of manifest: Manifest, in url: URL, manifestURL: URL) throws(GalleryError) {
        var missing: [String] = []
        for widget in manifest.widgets {
            guard let page = pageURL(widget.page, in: url) else {
                throw .unreadable(manifestURL.path, "a page outside the gallery: \(widget.page)")
            }
            if (try? page.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) != true {
                missing.append(widget.page)
            }
        }
        if !missing.isEmpty {
            throw .unreadable(
                url.path,
                "\(missing.count) of the manifest's \(manifest.widgets.count) pages are missing, such as "
                    + "\(missing[0]); "
                    + "copy the whole gallery, not only its manifest")
        }
    }

    /// The SHA-256 of each regular file under the gallery's `assets/` (`assets/…` → hex), at most
    /// `maximumAssets` of them; and of each stylesheet's rules, with the rules themselves while they
    /// fit in `Limits.stylesheetRules` together.
    static func assetDigests(
        in url: URL
    ) throws(GalleryError) -> (assets: [String: String], rules: [String: String], stylesheets: [String: Data]) {
        var assets: [String: String] = [:]
        var rules: [String: String] = [:]
        var stylesheets: [String: Data] = [:]
        var kept = 0
        let folder = url.appendingPathComponent("assets")
        let walker = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        var seen = 0
        while let file = walker?.nextObject() as? URL, seen < maximumAssets {
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            seen += 1
            let relative =
                "assets/" + file.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)
            let data = try read(file)
            assets[relative] = SHA256.hex(of: data)
            guard relative.hasSuffix(".css") else { continue }
            let normalized = StylesheetRules.normalized(data)
            rules[relative] = SHA256.hex(of: normalized)
            if kept + normalized.count <= Limits.stylesheetRules.value {
                stylesheets[relative] = normalized
                kept += normalized.count
            }
        }
        return (assets, rules, stylesheets)
    }

    /// The file of a page path from the manifest, or `nil` when the path would leave the gallery
    /// (absolute, `..`, a backslash or NUL).
    package static func pageURL(_ page: String, in root: URL) -> URL? {
        let parts = page.split(separator: "/", omittingEmptySubsequences: false)
        guard !page.isEmpty, !page.hasPrefix("/"), !page.contains("\\"), !page.contains("\0"),
            !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
        else { return nil }
        return root.appendingPathComponent(page)
    }

    /// The file of a page the manifest lists; `load` checked that each is inside the gallery.
    package func page(_ path: String) -> URL { url.appendingPathComponent(path) }

    /// A regular file's bytes, up to `maximumFileSize`.
    package static func read(_ url: URL, limit: Int = maximumFileSize) throws(GalleryError) -> Data {
        let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey])
        guard let values, values.isRegularFile == true else {
            let there = FileManager.default.fileExists(atPath: url.path)
            throw .unreadable(
                url.path, there ? "not a regular file (a FIFO, a socket or a folder); not read" : "no such file")
        }
        guard (values.fileSize ?? 0) <= limit else {
            throw .unreadable(url.path, "larger than \(limit / 1_048_576) MiB")
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .unreadable(url.path, error.localizedDescription)
        }
    }
}

/// Why a diff cannot be made: exit 2.
package enum GalleryError: Error, CustomStringConvertible {
    case unreadable(String, String)
    case unknownSchema(String, Int)
    case outputFailed(String, String)

    package var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): \(reason)"
        case .unknownSchema(let path, let version):
            "\(path): schemaVersion \(version) is not one this glimpse reads "
                + "(\(Manifest.readableSchemaVersions.map(String.init).joined(separator: ", "))); use the glimpse "
                + "that built it"
        case .outputFailed(let path, let reason): "\(path): cannot write the review: \(reason)"
        }
    }
}
