import Foundation
import GlimpseCore

/// The package `glimpse init` writes: the files of `InitTemplate/` (a resource of this target), each
/// name and text with the widget's names put in for `__Name__` (its Swift prefix), `__id__`,
/// `__Display__` and `__container__`, and the dependency on Glimpse for `__GLIMPSE_DEPENDENCY__`
/// and `__GLIMPSE_PACKAGE__`. A name ending `.template` loses it (a Swift file that is no source of
/// Glimpse's); `gitignore` becomes `.gitignore`.
enum InitTemplate {
    /// How the package depends on Glimpse.
    enum Dependency: Equatable {
        case path(String)
        case url(String, version: String)

        /// The line of `Package.swift`'s `dependencies`.
        var declaration: String {
            switch self {
            case .path(let path): ".package(path: \(Self.literal(path)))"
            case .url(let url, let version): ".package(url: \(Self.literal(url)), from: \(Self.literal(version)))"
            }
        }

        /// The package's identity, as a `.product(name:package:)` names it: its folder's or its URL's
        /// last part, lower case, without `.git`.
        var identity: String {
            let last: String =
                switch self {
                case .path(let path): URL(fileURLWithPath: path).standardizedFileURL.lastPathComponent
                case .url(let url, _): String(url.split(separator: "/").last ?? "glimpse")
                }
            return (last.hasSuffix(".git") ? String(last.dropLast(4)) : last).lowercased()
        }

        static func literal(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
    }

    struct File: Equatable {
        /// Relative to the package's folder.
        var path: String
        var data: Data
    }

    /// Every file of the package, in path order.
    static func files(names: InitNames, container: String?, dependency: Dependency) throws -> [File] {
        guard let root = Bundle.module.url(forResource: "InitTemplate", withExtension: nil) else {
            throw InitError("Glimpse's InitTemplate resource is missing from this build")
        }
        let tokens = [
            ("__GLIMPSE_DEPENDENCY__", dependency.declaration), ("__GLIMPSE_PACKAGE__", dependency.identity),
            ("__GLIMPSE_VERSION__", GlimpseVersion.current), ("__Name__", names.type), ("__id__", names.id),
            ("__Display__", names.display), ("__container__", container ?? "group.com.example.\(names.id)"),
        ]
        func fill(_ text: String) -> String {
            tokens.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
        }
        return try relativePaths(under: root).map { relative in
            let text = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
            var path = fill(relative)
            if path.hasSuffix(".template") { path.removeLast(".template".count) }
            if path == "gitignore" { path = ".gitignore" }
            return File(path: path, data: Data(fill(text).utf8))
        }
        .sorted { $0.path < $1.path }
    }

    /// Every regular file under `root`, relative to it.
    static func relativePaths(under root: URL) throws -> [String] {
        let base = root.standardizedFileURL.resolvingSymlinksInPath().path
        guard let walk = FileManager.default.enumerator(atPath: base) else {
            throw InitError("cannot read \(base)")
        }
        var found: [String] = []
        while let relative = walk.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + "/" + relative, isDirectory: &isFolder),
                !isFolder.boolValue
            {
                found.append(relative)
            }
        }
        return found
    }
}

struct InitError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
