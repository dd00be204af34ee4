import Foundation
import GlimpseCLI
import TestSupport
import Testing

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
        let first = await glimpse("init", folder.path, "--widget", "Step Streak")
        #expect(first.code == 0 && first.output.contains("files of the Step Streak widget"), "\(first)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/glimpse/Package.swift"))
        let again = await glimpse("init", folder.path, "--widget", "Step Streak")
        #expect(again.code == 2 && again.error.contains("glimpse init writes over nothing"), "\(again)")
    }

    @Test func theRegistryIsUpToDateHereAndStaleInAnEmptyTree() async {
        let here = await glimpse("registry", "--root", repositoryRoot.path)
        #expect(here.code == 0 && here.output == "Up to date.\n", "\(here)")
        let listed = await glimpse("registry", "--list")
        #expect(listed.output.split(separator: "\n").count == 5, "\(listed)")
        let folder = temporaryFolder("glimpse-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = await glimpse("registry", "--root", folder.path)
        #expect(empty.code == 1, "\(empty)")
    }
}
