import ArgumentParser
import Foundation
import GlimpseCore

/// `glimpse init`: a widget team's own package, written into their repository's `glimpse/` folder,
/// with one widget in it that builds a gallery at once (`InitTemplate/`, each name and text with the
/// widget's names put in).
struct Init: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a package for your own widget into DIR/glimpse/: the app, its templates, copy and scenarios.",
        discussion: """
            Then, in DIR/glimpse: swift run glimpse build (a gallery in public/), swift run glimpse serve. Writes over \
            nothing: if a file it would write is there, it names it and exits 2.
            """)

    @Argument(help: ArgumentHelp("The app's repository; the package goes into its glimpse/ folder.", valueName: "dir"))
    var directory: String = "."

    @Option(
        help: ArgumentHelp(
            "The widget's name, in words or as a Swift type: \"Water Intake\", WaterIntake.", valueName: "name"))
    var widget: String

    @Option(
        help: ArgumentHelp("The App Group the widget reads. Default: group.com.example.<id>.", valueName: "group"))
    var container: String?

    @Option(
        name: .customLong("glimpse-path"),
        help: ArgumentHelp(
            "The Glimpse checkout the package depends on by path. Default: the one this glimpse was built from.",
            valueName: "path"))
    var glimpsePath: String?

    @Option(
        name: .customLong("glimpse-url"),
        help: ArgumentHelp("Depend on Glimpse's repository at this URL, by version, instead.", valueName: "url"))
    var glimpseURL: String?

    @Option(
        name: .customLong("glimpse-version"),
        help: ArgumentHelp("The version --glimpse-url depends on, from. Default: this one.", valueName: "x.y.z"))
    var glimpseVersion: String?

    func validate() throws {
        guard InitNames(widget) != nil else {
            throw ValidationError("--widget \(widget): give a name that starts with a letter, such as \"Water Intake\"")
        }
        if glimpseURL != nil, glimpsePath != nil {
            throw ValidationError("--glimpse-url and --glimpse-path: give one")
        }
        if glimpseVersion != nil, glimpseURL == nil {
            throw ValidationError("--glimpse-version is for --glimpse-url: add it")
        }
    }

    /// The package written: its files, where, and for which widget.
    struct Outcome: CommandOutcome {
        var names: InitNames
        var root: URL
        var files: [String]

        var exitCode: Int32 { 0 }

        var said: [Said] {
            [
                .result(
                    """
                    Wrote \(files.count) files of the \(names.display) widget (\(names.id)) into \(root.relativePath)/.
                    Next: cd \(root.relativePath) && swift run glimpse build && open public/index.html
                    """)
            ]
        }
    }

    var quiet: Bool { false }

    func outcome() async throws -> Outcome {
        let names = InitNames(widget)!
        let root = URL(fileURLWithPath: directory).appendingPathComponent("glimpse")
        let files = try CommandFailure.exiting(2) {
            try InitTemplate.files(names: names, container: container, dependency: dependency)
        }
        let existing = files.map(\.path).filter {
            FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path)
        }
        guard existing.isEmpty else {
            let shown = existing.map { "  \(root.appendingPathComponent($0).relativePath)" }.joined(separator: "\n")
            throw CommandFailure(
                code: 2, message: "glimpse init writes over nothing, and these are there already:\n\(shown)")
        }
        try CommandFailure.exiting(2) {
            for file in files {
                let url = root.appendingPathComponent(file.path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.data.write(to: url, options: .withoutOverwriting)
            }
        }
        return Outcome(names: names, root: root, files: files.map(\.path))
    }

    /// The package's dependency on Glimpse: by URL and version, or by path (this checkout by default).
    var dependency: InitTemplate.Dependency {
        if let glimpseURL {
            return .url(glimpseURL, version: glimpseVersion ?? GlimpseVersion.current)
        }
        let path = glimpsePath.map { URL(fileURLWithPath: $0) } ?? GlimpseFolders.checkout
        return .path(path.standardizedFileURL.path)
    }
}

/// The names of a new widget, from what its author typed: `Water Intake`, `WaterIntake`, `waterintake`.
struct InitNames: Equatable {
    /// The Swift prefix of every type and file: `WaterIntake`.
    var type: String
    /// The id: folders, the manifest, `--app`: `waterintake`.
    var id: String
    /// What the gallery calls it: `Water Intake`.
    var display: String

    init?(_ typed: String) {
        let words = typed.split { !$0.isLetter && !$0.isNumber }.map(String.init)
        guard let first = words.first?.unicodeScalars.first, first.isASCII, CharacterSet.letters.contains(first),
            words.allSatisfy({ $0.unicodeScalars.allSatisfy(\.isASCII) })
        else { return nil }
        type = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        id = words.joined().lowercased()
        // `WaterIntake` typed as one word reads as two.
        display =
            words.count == 1
            ? type.reduce(into: "") { text, letter in
                if letter.isUppercase, !text.isEmpty, text.last?.isLowercase == true { text.append(" ") }
                text.append(letter)
            } : words.joined(separator: " ")
    }
}
