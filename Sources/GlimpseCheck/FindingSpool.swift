import Foundation
import GlimpseFormat
import Synchronization

/// A check's findings, kept in a temporary file as they are found rather than in memory, and read
/// back a widget at a time. A full-axis gallery has about 720,000 findings: held as values they
/// took most of a gigabyte; here they take a few megabytes of offsets. The file is removed from its
/// folder as soon as it is opened, so that nothing is left behind, however the check ends.
///
/// Each batch's findings of a widget are written together as one segment, one compact JSON line
/// per finding, in `CheckFindings.order`.
package final class FindingSpool: Sendable {
    struct Segment {
        var offset: Int
        var length: Int
    }

    struct State {
        var end = 0
        var count = 0
        var segments: [String: [Segment]] = [:]
    }

    private let descriptor: Int32
    private let state = Mutex(State())

    /// A spool in the temporary folder (`$TMPDIR`).
    ///
    /// - Throws: `CheckError.measuring` when no temporary file can be made.
    package init() throws(CheckError) {
        let folder = FileManager.default.temporaryDirectory.path
        var template = Array("\(folder)/glimpse-findings-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard made >= 0 else {
            throw .measuring("cannot make a temporary file in \(folder) for the findings: \(Self.lastError())")
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        descriptor = made
    }

    deinit {
        close(descriptor)
    }

    /// How many findings the spool holds.
    package var count: Int { state.withLock { $0.count } }

    /// The widget keys with findings, sorted: the order of `findings.json`.
    package var widgetKeys: [String] { state.withLock { $0.segments.keys.sorted() } }

    /// Writes `findings`, each widget's in order, after the others.
    ///
    /// - Throws: `CheckError.measuring` when the file cannot be written.
    func append(_ findings: [Findings.Finding]) throws {
        guard !findings.isEmpty else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var bytes = Data()
        var pieces: [(key: String, start: Int, length: Int)] = []
        let byWidget = Dictionary(grouping: findings, by: \.widget.key)
        for key in byWidget.keys.sorted() {
            let start = bytes.count
            for finding in byWidget[key]!.sorted(by: CheckFindings.order) {
                bytes.append(try encoder.encode(finding))
                bytes.append(0x0A)
            }
            pieces.append((key, start, bytes.count - start))
        }
        try state.withLock { state in
            try write(bytes, at: state.end)
            for piece in pieces {
                state.segments[piece.key, default: []].append(
                    Segment(offset: state.end + piece.start, length: piece.length))
            }
            state.end += bytes.count
            state.count += findings.count
        }
    }

    /// The findings of one widget, in order.
    ///
    /// - Throws: `CheckError.measuring` when the file cannot be read back.
    package func findings(of key: String) throws -> [Findings.Finding] {
        let segments = state.withLock { $0.segments[key] ?? [] }
        let decoder = JSONDecoder()
        var findings: [Findings.Finding] = []
        for segment in segments {
            let bytes = try read(segment)
            for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: true) {
                do {
                    findings.append(try decoder.decode(Findings.Finding.self, from: Data(line)))
                } catch {
                    throw CheckError.measuring("the findings' temporary file could not be read back: \(error)")
                }
            }
        }
        return segments.count > 1 ? findings.sorted(by: CheckFindings.order) : findings
    }

    /// Every finding, in the order of `findings.json`, a widget's at a time.
    package func forEachFinding(_ body: (Findings.Finding) throws -> Void) throws {
        for key in widgetKeys {
            for finding in try findings(of: key) { try body(finding) }
        }
    }

    /// Every finding in one array, in order: for a few pages' check (`serve`), not a gallery's.
    package func all() throws -> [Findings.Finding] {
        var all: [Findings.Finding] = []
        try forEachFinding { all.append($0) }
        return all
    }

    private func write(_ bytes: Data, at offset: Int) throws {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                pwrite(descriptor, buffer.baseAddress! + written, buffer.count - written, off_t(offset + written))
            }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else {
                throw CheckError.measuring("the findings' temporary file could not be written: \(Self.lastError())")
            }
            written += result
        }
    }

    private func read(_ segment: Segment) throws -> Data {
        var bytes = Data(count: segment.length)
        var done = 0
        while done < segment.length {
            let result = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + done, segment.length - done, off_t(segment.offset + done))
            }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else {
                throw CheckError.measuring("the findings' temporary file could not be read back: \(Self.lastError())")
            }
            done += result
        }
        return bytes
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
