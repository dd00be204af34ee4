import Foundation
import GlimpseCore
import Synchronization

/// The Chrome DevTools Protocol over `--remote-debugging-pipe`: JSON messages, each ended by a
/// NUL byte, written to the browser's descriptor 3 and read from its descriptor 4. Every command
/// has a deadline; when the browser exits, every command waiting fails at once.
final class DevToolsPipe: Sendable {
    private let output: Int32
    private let input: Int32
    private let state = Mutex(State())
    private let writing = Mutex(())
    /// Why the pipe closed, for the commands still waiting; set once.
    private let describeExit: @Sendable () -> String

    /// The largest message read: a 4096 × 4096 screenshot, base64, is about 20 MB at most.
    static let maximumMessageBytes = Limits.devToolsMessage.value

    private struct State {
        var nextID = 1
        var waiting: [Int: CheckedContinuation<Data, any Error>] = [:]
        var closed: String?
    }

    /// Starts reading `input` on a thread of its own.
    init(writingTo output: Int32, readingFrom input: Int32, describeExit: @escaping @Sendable () -> String) {
        self.output = output
        self.input = input
        self.describeExit = describeExit
        let thread = Thread { [self] in readLoop() }
        thread.name = "glimpse-devtools"
        thread.start()
    }

    /// Sends `method` and waits for its result.
    ///
    /// - Throws: `DevToolsError` when the browser answers with an error, exits, or takes longer than `timeout`.
    func send(
        _ method: String, _ params: [String: Any] = [:], session: String? = nil, timeout: TimeInterval = 60
    ) async throws -> [String: Any] {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        let body = try JSONSerialization.data(withJSONObject: message) + [0]
        let reply: Data = try await withCheckedThrowingContinuation { continuation in
            let closed = state.withLock { state -> String? in
                if let reason = state.closed { return reason }
                state.waiting[id] = continuation
                return nil
            }
            if let closed {
                continuation.resume(throwing: DevToolsError.closed(closed))
                return
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [self] in
                fail(id, DevToolsError.timedOut(method: method, seconds: timeout))
            }
            do {
                try write(body, deadline: Date() + timeout)
            } catch {
                fail(id, error)
            }
        }
        guard let object = try? JSONSerialization.jsonObject(with: reply) as? [String: Any] else {
            throw DevToolsError.protocolError(method: method, message: "an answer that is not JSON")
        }
        if let error = object["error"] as? [String: Any] {
            throw DevToolsError.protocolError(method: method, message: error["message"] as? String ?? "\(error)")
        }
        return object["result"] as? [String: Any] ?? [:]
    }

    private func fail(_ id: Int, _ error: any Error) {
        let continuation = state.withLock { $0.waiting.removeValue(forKey: id) }
        continuation?.resume(throwing: error)
    }

    /// Writes all of `bytes`, waiting for room until `deadline`.
    private func write(_ bytes: Data, deadline: Date) throws {
        try writing.withLock { _ in
            try bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = Glibc.write(output, buffer.baseAddress! + offset, buffer.count - offset)
                    if written > 0 {
                        offset += written
                        continue
                    }
                    guard written < 0, errno == EAGAIN || errno == EINTR else {
                        throw DevToolsError.closed("writing to the browser failed: \(String(cString: strerror(errno)))")
                    }
                    let left = deadline.timeIntervalSinceNow
                    guard left > 0 else { throw DevToolsError.timedOut(method: "writing a command", seconds: 0) }
                    var poller = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&poller, 1, Int32(min(left, 1) * 1000))
                }
            }
        }
    }

    /// Reads messages until the browser closes its end, handing each answer to its command.
    private func readLoop() {
        var pending = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var searchFrom = 0
        var reason = "the browser closed the pipe"
        reading: while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            pending.append(contentsOf: chunk[0..<count])
            while let end = Self.nul(in: pending, from: searchFrom) {
                deliver(Data(pending[0..<end]))
                pending.removeSubrange(0...end)
                searchFrom = 0
            }
            searchFrom = pending.count
            if pending.count > Self.maximumMessageBytes {
                reason = "the browser sent a message larger than \(Self.maximumMessageBytes >> 20) MiB"
                break reading
            }
        }
        close(input)
        let description = "\(reason); \(describeExit())"
        let waiting = state.withLock { state in
            state.closed = description
            defer { state.waiting.removeAll() }
            return Array(state.waiting.values)
        }
        for continuation in waiting { continuation.resume(throwing: DevToolsError.closed(description)) }
    }

    /// The index of the first NUL in `bytes` at or after `start` (`memchr`).
    static func nul(in bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes.withUnsafeBytes { buffer in
            memchr(buffer.baseAddress! + start, 0, buffer.count - start).map {
                UnsafeRawPointer($0) - buffer.baseAddress!
            }
        }
    }

    /// Hands an answer to the command waiting for it; events are not used.
    private func deliver(_ message: Data) {
        guard let id = Self.id(of: message) else { return }
        let continuation = state.withLock { $0.waiting.removeValue(forKey: id) }
        continuation?.resume(returning: message)
    }

    /// The `id` of an answer, which Chromium writes first (`{"id":12,…`); parsed whole otherwise.
    static func id(of message: Data) -> Int? {
        let prefix = Array(#"{"id":"#.utf8)
        if message.starts(with: prefix) {
            var value = 0
            var index = message.startIndex + prefix.count
            var digits = 0
            while index < message.endIndex, let digit = Int(exactly: message[index]).map({ $0 - 48 }),
                (0...9).contains(digit), digits < 12
            {
                value = value * 10 + digit
                index += 1
                digits += 1
            }
            if digits > 0, index < message.endIndex,
                message[index] == UInt8(ascii: ",") || message[index] == UInt8(ascii: "}")
            {
                return value
            }
        }
        guard message.first == UInt8(ascii: "{"),
            let object = try? JSONSerialization.jsonObject(with: message) as? [String: Any]
        else { return nil }
        return object["id"] as? Int
    }
}

/// Why the browser could not do what was asked.
package enum DevToolsError: Error, CustomStringConvertible {
    case protocolError(method: String, message: String)
    case timedOut(method: String, seconds: TimeInterval)
    case closed(String)

    package var description: String {
        switch self {
        case .protocolError(let method, let message): "Chromium refused \(method): \(message)"
        case .timedOut(let method, let seconds): "Chromium did not answer \(method) within \(Int(seconds)) s"
        case .closed(let reason): "Chromium stopped: \(reason)"
        }
    }
}
