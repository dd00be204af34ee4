/// A problem found while reading a store or applying a widget's rules.
///
/// Diagnostics are rendered in the gallery, printed on stderr and listed in the manifest.
public struct Diagnostic: Hashable, Sendable, Codable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable, Codable, Comparable {
        /// Expected, such as an absent container. Never fails `--strict`.
        case info
        case warning
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            let order: [Severity] = [.info, .warning, .error]
            return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
        }
    }

    public var severity: Severity
    public var message: String
    /// Relative to the store root; never absolute.
    public var file: String?

    public init(_ severity: Severity, _ message: String, file: String? = nil) {
        self.severity = severity
        self.message = message
        self.file = file
    }

    public var description: String {
        if let file { return "\(severity.rawValue): \(file): \(message)" }
        return "\(severity.rawValue): \(message)"
    }
}
