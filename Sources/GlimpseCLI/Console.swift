import Foundation
import Synchronization

/// Only the command line prints. Progress goes to stderr, on one line, when it is a terminal.
struct Console {
    let quiet: Bool
    let isTerminal = Console.record == nil && isatty(STDERR_FILENO) != 0

    /// Where what the commands say goes in a test: a record, not the process's output, so that
    /// a command's lines and exit code are tested in the process that runs it (`GlimpseCommand.run`).
    @TaskLocal static var record: Record?

    /// What a command wrote, and to which of the two streams.
    final class Record: Sendable {
        enum Stream: Sendable { case output, error }
        private let written = Mutex<[(stream: Stream, text: String)]>([])

        init() {}

        func append(_ text: String, to stream: Stream) {
            written.withLock { $0.append((stream, text)) }
        }

        /// Everything written to `stream`, as one text.
        func text(_ stream: Stream) -> String {
            written.withLock { $0.filter { $0.stream == stream }.map(\.text).joined() }
        }
    }

    /// Writes `text` as it is to `stream`: the process's standard output or error, or this task's record.
    static func write(_ text: String, to stream: Record.Stream) {
        if let record {
            record.append(text, to: stream)
            return
        }
        let handle = stream == .output ? FileHandle.standardOutput : FileHandle.standardError
        handle.write(Data(text.utf8))
    }

    func progress(_ text: String) {
        guard !quiet, isTerminal else { return }
        Self.write("\r\u{1B}[K\(text)", to: .error)
    }

    func clearProgress() {
        guard !quiet, isTerminal else { return }
        Self.write("\r\u{1B}[K", to: .error)
    }

    func info(_ text: String) {
        guard !quiet else { return }
        Self.write(Self.printable(text) + "\n", to: .error)
    }

    func error(_ text: String) {
        Self.write(Self.printable(text) + "\n", to: .error)
    }

    /// Text as a terminal shows it, never as it obeys it: control characters other than newline
    /// and tab (an ANSI escape in a file name or a store value, say) are written as `\u{1B}`.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\n" && scalar != "\t" && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
    }
}
