import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The manifest's entries of a build, on disk until the manifest is written: a full-axis gallery
/// has fifteen thousand widgets and more, and their entries, hundreds of megabytes, would otherwise
/// be held to the end. Each unit's entries are put here as soon as it is rendered; the manifest
/// then reads them back in its own order, one at a time.
///
/// An unnamed temporary file (made, then unlinked at once), so nothing is left behind however the
/// process ends.
final class EntrySpool: Sendable {
    private let descriptor: Int32
    private let end = Mutex(0)

    /// - Throws: `SiteError.cannotWrite` when no temporary file can be made.
    init() throws {
        var template = Array((NSTemporaryDirectory() + "/glimpse-manifest-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw SiteError.cannotWrite(path: NSTemporaryDirectory(), reason: String(cString: strerror(errno)))
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Puts `data` in the spool; where it is, to read it back.
    ///
    /// - Throws: `SiteError.cannotWrite` for a failed write (a full disk).
    func put(_ data: Data) throws -> Range<Int> {
        let start = end.withLock { end in
            defer { end += data.count }
            return end
        }
        try data.withUnsafeBytes { bytes in
            var done = 0
            while done < bytes.count {
                let written = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(start + done))
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { throw Self.failure("write") }
                done += written
            }
        }
        return start..<(start + data.count)
    }

    /// A manifest whose entries take more than this is streamed to its file; a smaller one is
    /// written whole, and so linked from the gallery in place when it has not changed.
    static let largestHeld = 32 << 20

    /// How many bytes were put.
    var size: Int { end.withLock { $0 } }

    /// The bytes `put` put at `range`.
    ///
    /// - Throws: `SiteError.cannotWrite` for a failed read.
    func read(_ range: Range<Int>) throws -> Data {
        var data = Data(count: range.count)
        try data.withUnsafeMutableBytes { bytes in
            var done = 0
            while done < bytes.count {
                let read = pread(
                    descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(range.lowerBound + done))
                if read < 0 && errno == EINTR { continue }
                guard read > 0 else { throw Self.failure("read") }
                done += read
            }
        }
        return data
    }

    private static func failure(_ what: String) -> SiteError {
        .cannotWrite(
            path: NSTemporaryDirectory(),
            reason: "the manifest's spool could not \(what): \(String(cString: strerror(errno)))")
    }
}

/// Where a file too large to hold is written, a piece at a time: called with the file's path in
/// the gallery and a body, which it calls with a sink for the pieces (`StagedOutput.stream`).
package typealias ManifestStream =
    @Sendable (
        _ path: String, _ body: (_ write: (Data) throws -> Void) throws -> Void
    ) throws -> Void

extension RenderedUnit {
    /// Moves each widget's manifest entry into `spool`, leaving where it is, and lets go of what
    /// only a live server reads again (what the unit read): a build keeps of a unit only what the
    /// index, the app pages and the manifest's header need.
    mutating func spool(into spool: EntrySpool) throws {
        for index in widgets.indices {
            widgets[index].spooled = try spool.put(widgets[index].manifestEntry)
            widgets[index].manifestEntry = Data()
            // Only the primary variant's widgets are shown on the app pages and the index.
            if !widgets[index].isPrimary {
                widgets[index].states = []
                widgets[index].diagnostics = []
            }
        }
        inputs = []
        pageOnlyTemplates = []
    }
}

extension RenderedUnit {
    /// Keeps of the unit's untranslated words only those no unit kept before: every variant of a
    /// scenario in a language reads the same prompts, and a full-axis build's units would hold
    /// thousands of copies of each. Only exact copies go, so what the manifest and the notes are
    /// made of is the same, whichever unit finished first.
    mutating func keepNewNotes(_ seen: borrowing Mutex<Set<[String]>>) {
        guard !notLocalized.isEmpty else { return }
        notLocalized = seen.withLock { seen in
            notLocalized.filter { seen.insert([$0.app, $0.key, $0.text, $0.locale ?? "\0", $0.file ?? "\0"]).inserted }
        }
    }
}

extension WidgetSummary {
    /// The manifest entry, from `spool` where it was put there.
    func entry(from spool: EntrySpool?) throws -> Data {
        guard let spooled, let spool else { return manifestEntry }
        return try spool.read(spooled)
    }
}
