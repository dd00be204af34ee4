import Foundation
import GlimpseCore

/// How a store's files are opened, as a struct of closures: the disk for real runs, a substitute
/// in tests (a file that never answers, say, to show that the store's timeout holds).
public struct StoreFileAccess: Sendable {
    /// Opens a file for reading, only if it is a regular one, without blocking on it.
    public var open: @Sendable (URL) throws -> FileHandle

    public init(open: @escaping @Sendable (URL) throws -> FileHandle) {
        self.open = open
    }

    /// The disk, through `RegularFile.open`.
    public static let disk = StoreFileAccess(open: { try RegularFile.open($0) })
}
