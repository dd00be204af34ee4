import ArgumentParser
import Foundation
import GlimpseRegistry
import Widgets

/// `glimpse registry`: the files derived from the app registry, checked or rewritten. Hidden:
/// `make registry` runs it, after an app is added to `Sources/GlimpseRegistry/Registry.swift`.
struct RegistryCommand: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "registry",
        abstract:
            "Check, or with --write regenerate, the files that list the apps: the tables of docs/APPS-AND-STORES.md "
            + "and make fuzz's list.",
        shouldDisplay: false)

    @Flag(help: "Rewrite the files that are out of date.")
    var write = false

    @Flag(
        help:
            "List the apps instead, in the order they were added: id, Swift folder, name and container, tab-separated.")
    var list = false

    @Option(help: ArgumentHelp("The repository's root.", valueName: "path"))
    var root: String = "."

    /// The registry's files: the apps listed, the files written, or those out of date (exit 1).
    enum Outcome: CommandOutcome {
        case listed([[String]])
        case written([String])
        case stale([String])

        var exitCode: Int32 {
            if case .stale(let files) = self, !files.isEmpty { return 1 }
            return 0
        }

        var said: [Said] {
            switch self {
            case .listed(let apps): apps.map { .result($0.joined(separator: "\t")) }
            case .written(let files) where files.isEmpty, .stale(let files) where files.isEmpty:
                [.result("Up to date.")]
            case .written(let files): files.map { .result("Wrote \($0)") }
            case .stale(let files):
                files.map { .problem("\($0): out of date with the app registry; run make registry") }
            }
        }
    }

    var quiet: Bool { false }

    func outcome() async throws -> Outcome {
        if list {
            return .listed(
                GalleryApps.all.map {
                    [$0.id, RegistryDocuments.folder(of: $0), $0.displayName, $0.containerIdentifier]
                })
        }
        let documents = RegistryDocuments(root: URL(fileURLWithPath: root), apps: GalleryApps.all)
        return try CommandFailure.exiting(1) { write ? .written(try documents.write()) : .stale(try documents.stale()) }
    }
}
