import Foundation
import GlimpseCore
import GlimpseFormat
import GlimpseGallery

extension DiffReport {
    /// The largest `diff.json` read: a full-axis diff is well under it.
    package static let maximumBytes = Limits.diffReport.value

    /// The report of a review folder (`glimpse diff --out`), or of a `diff.json` given itself.
    ///
    /// - Throws: `GalleryError` naming the file when it is not there, too large, not a report, or of
    ///   another version.
    package static func read(_ url: URL) throws(GalleryError) -> DiffReport {
        let file = url.pathExtension == "json" ? url : url.appendingPathComponent("diff.json")
        if (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            try Gallery.checkBounds(file)
        }
        let data: Data
        do {
            data = try RegularFile.read(file, limit: maximumBytes)
        } catch {
            throw .unreadable(file.path, "\(error.localizedDescription); expected the output of glimpse diff")
        }
        guard let header = try? JSONDecoder().decode(FormatHeader.self, from: data) else {
            throw .unreadable(file.path, "not a diff.json (no schemaVersion)")
        }
        guard header.schemaVersion == currentSchemaVersion else {
            throw .unreadable(
                file.path,
                "diff.json of schemaVersion \(header.schemaVersion); this glimpse decides on \(currentSchemaVersion): "
                    + "run glimpse diff again")
        }
        do {
            return try JSONDecoder().decode(DiffReport.self, from: data)
        } catch {
            throw .unreadable(file.path, "not a valid diff.json: \(error)")
        }
    }
}

extension DiffReport.WidgetChange {
    /// The anchors of its changed frames, storyboard steps and placeholder.
    package var changedAnchors: [String] {
        (frames + storyboard + [placeholder].compactMap { $0 }).map(\.anchor)
    }

    /// `@430x932@AX5`: what the key adds to app/scenario/family; "" for the gallery's own variant.
    package var variant: String {
        String(key.dropFirst("\(app)/\(scenario)/\(family)".count))
    }
}
