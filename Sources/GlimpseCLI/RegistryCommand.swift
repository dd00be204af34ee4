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
                print(
                    [app.id, RegistryDocuments.folder(of: app), app.displayName, app.containerIdentifier].joined(
                        separator: "\t"))
            }
            return
        }
        do {
            if write {
                let written = try documents.write()
                print(written.isEmpty ? "Up to date." : written.map { "Wrote \($0)" }.joined(separator: "\n"))
                return
            }
            let stale = try documents.stale()
            guard stale.isEmpty else {
                FileHandle.standardError.write(
                    Data(
                        (stale.map { "\($0): out of date with the app registry; run make registry" }
                            .joined(separator: "\n") + "\n").utf8))
                throw ExitCode(1)
            }
            print("Up to date.")
        } catch let error as RegistryError {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}
