import ArgumentParser
import Foundation
import GlimpseRegistry
import Widgets

/// `glimpse registry`: the files derived from the app registry, checked or rewritten. Hidden:
/// `make registry` runs it, after an app is added to `Sources/GlimpseRegistry/Registry.swift`.
struct RegistryCommand: ParsableCommand {
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

    func run() throws {
        let documents = RegistryDocuments(root: URL(fileURLWithPath: root), apps: GalleryApps.all)
        if list {
            for app in GalleryApps.all {
                let fields = [app.id, RegistryDocuments.folder(of: app), app.displayName, app.containerIdentifier]
                Console.write(fields.joined(separator: "\t") + "\n", to: .output)
            }
            return
        }
        do {
            if write {
                let written = try documents.write()
                let said = written.isEmpty ? "Up to date." : written.map { "Wrote \($0)" }.joined(separator: "\n")
                Console.write(said + "\n", to: .output)
                return
            }
            let stale = try documents.stale()
            guard stale.isEmpty else {
                Console.write(
                    stale.map { "\($0): out of date with the app registry; run make registry\n" }.joined(), to: .error)
                throw ExitCode(1)
            }
            Console.write("Up to date.\n", to: .output)
        } catch let error as RegistryError {
            Console.write("error: \(error)\n", to: .error)
            throw ExitCode(1)
        }
    }
}
