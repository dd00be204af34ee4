import Foundation
import TestSupport
import Testing

@testable import GlimpseCLI

/// `glimpse build`, `init` and `registry`: what each says and its exit code, in this process.
@Suite struct BuildCommandTests {
    @Test func aBuildWritesItsGalleryAndSaysWhatItBuilt() async throws {
        let folder = temporaryFolder("glimpse-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("public").path
        let ran = await glimpse(["build", "--app", firstApp, "--out", out] + clock)
        #expect(ran.code == 0, "\(ran)")
        let manifest = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")))
        let widgets = ((manifest as? [String: Any])?["widgets"] as? [Any])?.count ?? 0
        #expect(widgets > 0 && ran.error.contains(" pages, \(widgets) widgets, "), "\(ran)")
    }

    /// A store of the first app's scenario whose name says its store is corrupt, without the
    /// scenario that expects the diagnostic: the containers alone, copied into `folder/my-device`.
    static func corruptStore(in folder: URL) throws -> String {
        let scenarios = repositoryRoot.appendingPathComponent("content/scenarios/\(firstApp)")
        let names = try FileManager.default.contentsOfDirectory(atPath: scenarios.path).sorted()
        let scenario = scenarios.appendingPathComponent(try #require(names.first { $0.contains("corrupt") }))
        let store = folder.appendingPathComponent("my-device")
        try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: scenario.path) where name.hasPrefix("group.") {
            try FileManager.default.copyItem(
                at: scenario.appendingPathComponent(name), to: store.appendingPathComponent(name))
        }
        return store.path
    }

    @Test func aBuildsOutcomeIsWhatItWroteAndStrictFailsOnlyOnTheUnexpected() async throws {
        let folder = temporaryFolder("glimpse-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("public").path
        let built = try await outcome(of: Build.self, ["build", "--app", firstApp, "--out", out, "--strict"] + clock)
        let manifest = try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))
        let widgets = ((try JSONSerialization.jsonObject(with: manifest) as? [String: Any])?["widgets"] as? [Any])?
            .count
        #expect(built.exitCode == 0 && built.unexpected.isEmpty && built.checked == nil)
        #expect(built.built.widgetCount == widgets && built.built.pageCount > 0)
        #expect(
            built.said.last?.kind == .note
                && built.said.last?.text.hasPrefix("Built \(built.built.pageCount) pages, ") == true)
        // The sample scenarios' corrupt stores are expected: said as problems, and never failing --strict.
        #expect(built.said.contains { $0.kind == .problem && $0.text.hasSuffix("(expected by the scenario)") })

        let store = try Self.corruptStore(in: folder)
        let strict = try await outcome(of: Build.self, ["build", "--store", store, "--out", out, "--strict"] + clock)
        #expect(strict.exitCode == 1 && !strict.unexpected.isEmpty, "\(strict.said)")
        #expect(strict.unexpected.allSatisfy { $0.description.contains("my-device/group.") }, "\(strict.said)")
        #expect(
            strict.said.last
                == .problem(
                    "error: --strict: \(strict.unexpected.count) unexpected diagnostic"
                        + (strict.unexpected.count == 1 ? "" : "s") + "; \(out)/ was left as it was"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")) == manifest)
        let loose = try await outcome(of: Build.self, ["build", "--store", store, "--out", out] + clock)
        #expect(loose.exitCode == 0 && loose.unexpected == strict.unexpected.map { $0 })
    }

    @Test func badUsageExits2AndWritesNothing() async {
        let folder = temporaryFolder("glimpse-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("public").path
        for (arguments, said) in [
            (["--now", "yesterday"], "--now yesterday: expected ISO 8601 with an offset"),
            (["--locale", "english"], "'english' is invalid for '--locale <locale>': not a locale ICU knows"),
            (["--device", "100x100"], "--device 100x100"),
            (["--no-such-option"], "Unknown option '--no-such-option'"),
        ] {
            let ran = await glimpse(["build", "--out", out] + arguments)
            #expect(ran.code == 2 && ran.error.contains(said), "\(arguments): \(ran)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func aFailedBuildExits1AndLeavesThePreviousGalleryAsItWas() async throws {
        let folder = temporaryFolder("glimpse-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try await gallery(into: folder, "public")
        let manifest = try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))
        let templates = folder.appendingPathComponent("templates")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("templates"), to: templates)
        try "{{#unclosed}}\n".write(
            to: templates.appendingPathComponent("layout.mustache"), atomically: true, encoding: .utf8)
        let ran = await glimpse(["build", "--app", firstApp, "--out", out, "--templates", templates.path] + clock)
        #expect(ran.code == 1, "\(ran)")
        #expect(ran.error.contains("layout.mustache"), "\(ran)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")) == manifest)
    }

    @Test func helpAndVersionAreSaidOnStandardOutput() async {
        let version = await glimpse("--version")
        #expect(version.code == 0 && version.output == Glimpse.version + "\n" && version.error.isEmpty)
        let help = await glimpse("diff", "--help")
        #expect(help.code == 0 && help.output.contains("USAGE: glimpse diff <base> <new>"), "\(help)")
    }

    @Test func initWritesAPackageOnceAndNeverOverIt() async throws {
        let folder = temporaryFolder("glimpse-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try await outcome(of: Init.self, ["init", folder.path, "--widget", "Step Streak"])
        #expect(written.names.id == "stepstreak" && written.files.contains("Package.swift"), "\(written.files)")
        for file in written.files {
            #expect(FileManager.default.fileExists(atPath: folder.path + "/glimpse/" + file), "\(file)")
        }
        let refused = try #require(
            try await failure(of: Init.self, ["init", folder.path, "--widget", "Step Streak"]))
        #expect(refused.code == 2 && refused.message.contains("Package.swift"), "\(refused)")
        let again = await glimpse("init", folder.path, "--widget", "Step Streak")
        #expect(again.code == 2 && again.error.hasPrefix("error: glimpse init writes over nothing"), "\(again)")
    }

    @Test func theRegistryIsUpToDateHereAndStaleInAnEmptyTree() async throws {
        let here = await glimpse("registry", "--root", repositoryRoot.path)
        #expect(here.code == 0 && here.output == "Up to date.\n", "\(here)")
        let listed = await glimpse("registry", "--list")
        #expect(listed.output.split(separator: "\n").count == 5, "\(listed)")
        let folder = temporaryFolder("glimpse-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let unread = try #require(try await failure(of: RegistryCommand.self, ["registry", "--root", folder.path]))
        #expect(unread.code == 1 && unread.message.contains("APPS-AND-STORES.md"), "\(unread)")
        // The tables alone, up to date: every other file is stale.
        let docs = folder.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: repositoryRoot.appendingPathComponent("docs/APPS-AND-STORES.md"),
            to: docs.appendingPathComponent("APPS-AND-STORES.md"))
        let checked = try await outcome(of: RegistryCommand.self, ["registry", "--root", folder.path])
        guard case .stale(let files) = checked else { throw Failed(Ran(code: -1, output: "", error: "\(checked)")) }
        #expect(checked.exitCode == 1 && !files.isEmpty && !files.contains("docs/APPS-AND-STORES.md"), "\(files)")
        let empty = await glimpse("registry", "--root", folder.path)
        #expect(empty.code == 1 && empty.error.contains(": out of date with the app registry"), "\(empty)")
    }
}
