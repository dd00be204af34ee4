import Foundation
import TestSupport
import Testing
import Widgets

@testable import GlimpseRegistry

/// The registry is the one list of apps: what lists them is generated from it, and an app's name
/// appears nowhere outside its own folders but there.
struct RegistryTests {
    let apps = GalleryApps.all

    @Test func everyAppIsListedOnceWithItsOwnNames() {
        #expect(apps.count >= 5)
        #expect(Set(apps.map(\.id)).count == apps.count)
        #expect(Set(apps.map(\.displayName)).count == apps.count)
        #expect(Set(apps.map(\.containerIdentifier)).count == apps.count)
        for app in apps {
            #expect(
                app.id.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) },
                "\(app.id): a folder name and a URL path")
            #expect(!app.families.isEmpty, "\(app.id)")
            #expect(!app.fuzzTarget.path.hasPrefix("/") && !app.fuzzTarget.path.contains(".."), "\(app.id)")
        }
    }

    @Test func theFilesThatListTheAppsAreGeneratedFromTheRegistry() throws {
        let stale = try RegistryDocuments(root: repositoryRoot, apps: apps).stale()
        let message = "out of date with Sources/GlimpseRegistry/Registry.swift: run make registry"
        #expect(stale.isEmpty, "\(stale.joined(separator: ", ")) \(message)")
    }

    @Test func aStaleSectionIsFoundAndRewritten() throws {
        let root = temporaryFolder("glimpse-registry")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent(RegistryDocuments.fuzzApps).deletingLastPathComponent(),
            withIntermediateDirectories: true)
        let stale = """
            # Title
            <!-- generated: apps x -->
            old
            <!-- end: apps -->
            <!-- generated: events x -->
            <!-- end: events -->
            rest

            """
        let tables = root.appendingPathComponent(RegistryDocuments.tables)
        try FileManager.default.createDirectory(
            at: tables.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(stale.utf8).write(to: tables)
        let documents = RegistryDocuments(root: root, apps: Array(apps.prefix(2)))
        #expect(try documents.stale() == [RegistryDocuments.tables, RegistryDocuments.fuzzApps])
        #expect(try documents.write() == [RegistryDocuments.tables, RegistryDocuments.fuzzApps])
        #expect(try documents.stale().isEmpty)
        let doc = try String(contentsOf: tables, encoding: .utf8)
        #expect(!doc.contains("old") && doc.hasSuffix("<!-- end: events -->\nrest\n"))
        for app in apps.prefix(2) { #expect(doc.contains("| `\(app.id)` | \(app.displayName) ")) }
        let fuzzApps = try String(contentsOf: root.appendingPathComponent(RegistryDocuments.fuzzApps), encoding: .utf8)
        #expect(fuzzApps.contains("    \(RegistryDocuments.folder(of: apps[0]))App(),\n"))
        #expect(!fuzzApps.contains(RegistryDocuments.folder(of: apps[2])))
    }

    @Test func aTablesDocWithoutItsMarkersIsAClearError() throws {
        let root = temporaryFolder("glimpse-registry-markers")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try Data("# Title\n".utf8).write(to: root.appendingPathComponent(RegistryDocuments.tables))
        #expect(throws: RegistryError.self) { try RegistryDocuments(root: root, apps: apps).expected() }
    }

    /// Each app's folders: its code, templates, copy, scenarios and docs, each named after it.
    @Test func everyAppHasItsFolders() throws {
        for app in apps {
            let folders = [
                "Sources/Widgets/\(folderName(app))", "templates/\(app.id)", "content/copy/\(app.id)",
                "content/scenarios/\(app.id)",
            ]
            for folder in folders {
                var isDirectory: ObjCBool = false
                #expect(
                    FileManager.default.fileExists(
                        atPath: repositoryRoot.appendingPathComponent(folder).path, isDirectory: &isDirectory)
                        && isDirectory.boolValue, "\(folder)")
            }
            for family in app.families {
                let template = "templates/\(app.id)/\(family.rawValue).mustache"
                #expect(
                    FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent(template).path),
                    "\(template)")
            }
            #expect(
                FileManager.default.fileExists(
                    atPath: repositoryRoot.appendingPathComponent("docs/widgets/\(app.id).md").path), "\(app.id)")
        }
    }

    /// Outside an app's own folders (any folder named by its id or its Swift folder's name), no
    /// code names it, by id, by folder or by display name as each is spelled, except the registry and what is
    /// generated from it.
    @Test func anAppIsNamedOutsideItsFoldersOnlyByTheRegistry() throws {
        let exempt = ["Sources/GlimpseRegistry/Registry.swift"] + RegistryDocuments.generated
        var found: [String] = []
        for file in try codeFiles() where !exempt.contains(file) {
            let components = file.split(separator: "/").map { String($0).lowercased() }
            let text = try String(contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)
            for app in apps where !components.contains(app.id) && !components.contains(folderName(app).lowercased()) {
                // As spelled: a state or a word of copy that reads like an id in lower case is not the app.
                for name in Set([app.id, folderName(app), app.displayName]) where text.contains(name) {
                    let line =
                        text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(name) }
                        .map { $0 + 1 } ?? 0
                    found.append("\(file):\(line) names \(app.id) (\"\(name)\")")
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    func folderName(_ app: any GalleryApp) -> String {
        RegistryDocuments.folder(of: app)
    }

    /// Every file of code in the repository, relative to its root: sources, tests, scripts,
    /// templates and stylesheets, the build files. Not documentation, copy or sample stores.
    func codeFiles() throws -> [String] {
        let extensions: Set<String> = ["swift", "py", "sh", "css", "js", "mustache", "yml", "yaml", "toml"]
        let names: Set<String> = ["Makefile", "run"]
        let skipped = ["__Snapshots__", "corpus", ".build", ".venv", "__pycache__", ".git", "public", "docs"]
        var files: [String] = []
        let enumerator = FileManager.default.enumerator(
            at: repositoryRoot, includingPropertiesForKeys: [.isDirectoryKey])!
        while let url = enumerator.nextObject() as? URL {
            let name = url.lastPathComponent
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                if skipped.contains(name) || name.hasPrefix(".build") || name.hasPrefix(".") && name != ".ci" {
                    enumerator.skipDescendants()
                }
                continue
            }
            let relative = String(
                url.standardizedFileURL.path.dropFirst(repositoryRoot.standardizedFileURL.path.count + 1))
            // Sample stores and their settings are data: a scenario's `scenario.yaml` names its app's events.
            if relative.hasPrefix("content/") && !relative.hasSuffix(".py") { continue }
            if extensions.contains(url.pathExtension) || names.contains(name) { files.append(relative) }
        }
        return files.sorted()
    }
}
