/// What stops `glimpse check`: a measurement that cannot be read, or bad usage (a file named on the
/// command line that cannot be read).
package enum CheckError: Error, CustomStringConvertible {
    case measuring(String)
    case usage(String)

    package var description: String {
        switch self {
        case .measuring(let message), .usage(let message): message
        }
    }
}
