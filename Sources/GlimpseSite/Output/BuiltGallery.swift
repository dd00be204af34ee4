import Foundation
import GlimpseCore
import GlimpseFormat

/// A diagnostic with where it came from, for stderr and `--strict`.
package struct ReportedDiagnostic: Hashable, Sendable, CustomStringConvertible {
    package var diagnostic: Diagnostic
    /// The scenario or store folder, as the user named it; `nil` for build-wide notes.
    package var location: String?
    package var app: String?
    /// Whether the scenario declared `expectDiagnostics: true`.
    package var expected: Bool

    /// The file as a path the user can open: `content/scenarios/<app>/corrupt/group…/<store file>`.
    package var path: String? {
        switch (location, diagnostic.file) {
        case (let location?, let file?):
            // A --store that is itself a container: the file already starts with its name.
            if let slash = location.lastIndex(of: "/"), file.hasPrefix(location[location.index(after: slash)...] + "/")
            {
                "\(location[..<slash])/\(file)"
            } else if !location.contains("/"), file.hasPrefix(location + "/") {
                file
            } else {
                "\(location)/\(file)"
            }
        case (nil, let file?): file
        case (let location?, nil): location
        case (nil, nil): nil
        }
    }

    package var description: String {
        let prefix = app.map { "[\($0)] " } ?? ""
        if let path { return "\(diagnostic.severity.rawValue): \(prefix)\(path): \(diagnostic.message)" }
        return "\(diagnostic.severity.rawValue): \(prefix)\(diagnostic.message)"
    }

    /// Fails `--strict`: a warning or error that its scenario did not declare.
    package var failsStrict: Bool { diagnostic.severity > .info && !expected }
}

/// A gallery built in memory, ready to be written.
package struct BuiltGallery: Sendable {
    /// Relative path → bytes, sorted by path; empty when the build handed its files to a sink.
    package var files: [(path: String, data: Data)]
    /// The whole manifest from an in-memory build; only its header (no widgets) from one that
    /// handed its files to a sink, which holds the whole in `manifest.json`.
    package var manifest: Manifest
    package var pageCount: Int
    package var widgetCount: Int
    package var frameCount: Int
    /// Every diagnostic once, in build order.
    package var diagnostics: [ReportedDiagnostic]

    package var warningCount: Int { diagnostics.filter { $0.diagnostic.severity > .info }.count }
}
