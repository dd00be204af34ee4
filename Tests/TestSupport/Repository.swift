import Foundation

/// The repository, found from this file, so tests do not depend on the working directory.
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A new, empty folder under the system's temporary folder.
public func temporaryFolder(_ name: String = "glimpse-test") -> URL {
    let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("\(name)-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A Gregorian calendar in `zone`, as a build with `--time-zone zone` uses.
public func calendar(_ zone: String = "America/New_York") -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: zone)!
    return calendar
}

/// An ISO 8601 date with its offset, such as `2026-11-22T09:00:00-05:00`.
public func date(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }
