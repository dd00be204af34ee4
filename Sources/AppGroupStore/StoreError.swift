import GlimpseCore

/// Why a file in a store could not be read. Every case names the file, relative to the store root.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The app's group container is not in the store.
    case containerMissing(identifier: String)
    /// The container is there; the file is not.
    case fileMissing(file: String)
    /// The path leaves its container (`..`, an absolute path, or a symlink out).
    case outsideContainer(file: String)
    /// Larger than the cap for this kind of file.
    case tooLarge(file: String, bytes: Int, limit: Int)
    /// The file exists but could not be read.
    case unreadable(file: String, reason: String)
    /// The bytes are not what the format expects. `codingPath` is like `holdings[2].quantity`.
    case corrupt(file: String, codingPath: String, reason: String)

    public var file: String? {
        switch self {
        case .containerMissing(let identifier): identifier
        case .fileMissing(let file), .outsideContainer(let file), .tooLarge(let file, _, _),
            .unreadable(let file, _), .corrupt(let file, _, _):
            file
        }
    }

    /// The message without the file name, for diagnostics that carry the file separately.
    public var message: String {
        switch self {
        case .containerMissing(let identifier):
            "no container \(identifier) in this store"
        case .fileMissing:
            "file not found"
        case .outsideContainer:
            "refused: the path resolves outside its container or store"
        case .tooLarge(_, let bytes, let limit):
            "refused: \(bytes) bytes is over the \(limit)-byte limit"
        case .unreadable(_, let reason):
            "cannot be read: \(reason)"
        case .corrupt(_, let codingPath, let reason):
            codingPath.isEmpty ? reason : "\(codingPath): \(reason)"
        }
    }

    public var description: String {
        if let file { return "\(file): \(message)" }
        return message
    }

    /// The diagnostic for this error: an absent container is `info`, anything else `warning`.
    public var diagnostic: Diagnostic {
        switch self {
        case .containerMissing:
            Diagnostic(.info, message, file: file)
        default:
            Diagnostic(.warning, message, file: file)
        }
    }
}
