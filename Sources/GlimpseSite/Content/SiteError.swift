/// Errors in Glimpse's own content, settings or output. Each names the file.
package enum SiteError: Error, CustomStringConvertible, Equatable {
    case missingCopy(file: String)
    case unreadable(file: String, reason: String)
    case invalidScenario(file: String, reason: String)
    case invalidContent(file: String, reason: String)
    case badOption(String)
    /// A file or folder Glimpse writes for itself could not be (the manifest's spool, on a full disk).
    case cannotWrite(path: String, reason: String)

    package var description: String {
        switch self {
        case .missingCopy(let file): "\(file): copy file not found"
        case .unreadable(let file, let reason): "\(file): cannot be read: \(reason)"
        case .invalidScenario(let file, let reason): "\(file): \(reason)"
        case .invalidContent(let file, let reason): "\(file): \(reason)"
        case .badOption(let message): message
        case .cannotWrite(let path, let reason): "\(path): cannot be written: \(reason)"
        }
    }

    /// Usage errors exit 2; the rest exit 1.
    package var isUsageError: Bool {
        if case .badOption = self { return true }
        return false
    }
}
