/// What stops `glimpse check`: a measurement that cannot be read, or bad usage (a file named on the
/// command line that cannot be read).
public enum CheckError: Error, CustomStringConvertible {
    case measuring(String)
    case usage(String)

    public var description: String {
        switch self {
        case .measuring(let message), .usage(let message): message
        }
    }
}
