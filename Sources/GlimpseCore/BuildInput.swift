import Synchronization

/// A file or source a part of the gallery was built from: what a live server watches, and what
/// tells it which parts to build again when something changes.
public struct BuildInput: Hashable, Comparable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Comparable, Sendable {
        /// A file or folder of a store (a scenario's or a `--store`'s), read or looked for.
        case store
        /// A file of Glimpse's content: copy, prompts, settings, a scenario's own files.
        case content
        /// A Mustache template.
        case template
        /// A part of the gallery's stylesheet.
        case stylesheet
        /// A request over the network: it cannot be watched, only fetched again.
        case network

        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public var kind: Kind
    /// An absolute, standardized path; a URL for `.network`.
    public var path: String

    public init(_ kind: Kind, _ path: String) {
        self.kind = kind
        self.path = path
    }

    public static func < (lhs: BuildInput, rhs: BuildInput) -> Bool {
        (lhs.kind, lhs.path) < (rhs.kind, rhs.path)
    }

    public var description: String { "\(kind.rawValue): \(path)" }
}

/// Collects the inputs one unit of the gallery reads, from any task. Files that were looked for
/// and not found are inputs too: when one appears, the unit changes.
public final class InputLog: Sendable {
    private let inputs = Mutex<Set<BuildInput>>([])

    public init() {}

    public func record(_ input: BuildInput) {
        _ = inputs.withLock { $0.insert(input) }
    }

    public func record(_ kind: BuildInput.Kind, _ path: String) {
        record(BuildInput(kind, path))
    }

    /// Everything recorded so far.
    public var recorded: Set<BuildInput> {
        inputs.withLock { $0 }
    }
}
