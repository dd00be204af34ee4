import Foundation
import GlimpseCore
import GlimpseDigest
import GlimpseFormat
import GlimpseGallery
import GlimpseOutput

extension DecisionStore {
    /// The decisions of the folder, each from its file, and every file of the folder by name.
    ///
    /// - Throws: `GalleryError.unreadable` naming a file that cannot be read or is not a decision,
    ///   or a folder inside the folder.
    static func readFolder(
        _ location: DecisionLocation
    ) throws(GalleryError) -> (records: [DecisionRecord], files: [String: Data]) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: location.folder.path, isDirectory: &isFolder) else {
            return ([], [:])
        }
        guard isFolder.boolValue else { throw .unreadable(location.folderPath, "not a folder") }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: location.folder.path).sorted()
        } catch {
            throw .unreadable(location.folderPath, error.localizedDescription)
        }
        guard names.count <= DecisionRecord.maximumFiles else {
            throw .unreadable(location.folderPath, "more than \(DecisionRecord.maximumFiles.grouped) files; not read")
        }
        var records: [DecisionRecord] = []
        var files: [String: Data] = [:]
        for name in names {
            let shown = "\(location.folderPath)/\(name)"
            let data: Data
            do {
                data = try RegularFile.read(
                    location.folder.appendingPathComponent(name), limit: DecisionRecord.maximumBytes + 1)
            } catch {
                throw .unreadable(shown, "\(error); the decisions folder holds one file a decision")
            }
            files[name] = data
            guard isDecisionFile(name) else { continue }
            do {
                records.append(try DecisionRecord.read(data, file: shown))
            } catch {
                throw .unreadable(shown, error.message)
            }
        }
        return (records, files)
    }

    /// A decision's file, as glimpse names them; other files of the folder are left as they are.
    static func isDecisionFile(_ name: String) -> Bool {
        name.hasSuffix(".json") && !name.hasPrefix(".")
    }

    /// Writes the folder whole and swaps it in, unless it holds these decisions already; then
    /// removes version 1's files, whose decisions it now holds.
    ///
    /// - Throws: `GalleryError.outputFailed` naming the folder; it is then as it was.
    mutating func save() throws(GalleryError) {
        var wanted = folderFiles.filter { !Self.isDecisionFile($0.key) }
        for (name, record) in Self.named(records) { wanted[name] = record.encoded() }
        if wanted != folderFiles {
            do {
                try AtomicOutput(destination: location.folder).write(wanted.sorted { $0.key < $1.key }.map { ($0, $1) })
            } catch {
                throw .outputFailed(location.folderPath, "\(error)")
            }
            folderFiles = wanted
        }
        for file in legacyFiles where unlink(file.path) != 0 && errno != ENOENT {
            throw .outputFailed(location.display(file), String(cString: strerror(errno)))
        }
        legacyFiles = []
    }

    /// Every decision and comment, as their files say them.
    var records: [DecisionRecord] {
        approvals.approvals.map { DecisionRecord($0, kind: .approved) }
            + notes.requests.map { DecisionRecord($0, kind: .changesRequested) }
            + (notes.comments ?? []).map { DecisionRecord($0) }
    }

    /// Each record by its file's name. Two records of one change (an approval and a request that
    /// two writers of version 1 left) keep a file each, the second named after all it says.
    static func named(_ records: [DecisionRecord]) -> [(String, DecisionRecord)] {
        var names: Set<String> = []
        return records.map { record in
            var name = fileName(record)
            if names.contains(name) {
                name = "\(stem(record)).\(SHA256.hex(of: record.encoded()).prefix(12)).json"
            }
            names.insert(name)
            return (name, record)
        }
    }

    /// The name of `record`'s file: what it is about, then the start of the SHA-256 of the change
    /// it decides (its key, digests and frame), never of the verdict, so that two branches that
    /// decide one change differently write one file two ways, a conflict git shows. A comment's
    /// is of all it says: comments never conflict.
    package static func fileName(_ record: DecisionRecord) -> String {
        let identity =
            record.kind == .comment
            ? [
                "comment", record.key, record.before ?? "", record.after ?? "", record.frame ?? "", record.scheme ?? "",
                record.by, record.at, record.note ?? "",
            ].joined(separator: "\n")
            : identity(record)
        return "\(stem(record)).\(SHA256.hex(of: identity).prefix(12)).json"
    }

    /// The readable part of a file's name: the key with `/` as `.`, the frame, and `comment`.
    static func stem(_ record: DecisionRecord) -> String {
        var stem = slug(record.key, limit: 96)
        if let frame = record.frame { stem += "." + slug(frame, limit: 32) }
        if record.kind == .comment { stem += ".comment" }
        return stem
    }

    /// `text` as a part of a file name: letters, digits and `-_@+.`, `/` as `.`, others as `_`.
    static func slug(_ text: String, limit: Int) -> String {
        var slug = ""
        for scalar in text.unicodeScalars.prefix(limit) {
            switch scalar {
            case "/": slug += "."
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_", "@", "+", ".": slug.unicodeScalars.append(scalar)
            default: slug += "_"
            }
        }
        return slug.hasPrefix(".") || slug.isEmpty ? "_" + slug : slug
    }

    /// What makes two decisions one: the change (key, before, after) and the frame.
    static func identity(_ record: DecisionRecord) -> String {
        ["decision", record.key, record.before ?? "", record.after ?? "", record.frame ?? ""].joined(separator: "\n")
    }

    static func identity(of decision: Decision) -> String {
        identity(DecisionRecord(decision, kind: .approved))
    }
}
