import Foundation
import Testing
@testable import GlimpseSite

struct SiteSettingsTests {
    func content(_ files: [String: String]) throws -> URL {
        let folder = temporaryFolder("glimpse-content")
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    @Test func theSampleRotatesEveryThreeHours() throws {
        let settings = try SiteSettings.load(contentDirectory: repositoryRoot.appendingPathComponent("content"), fileIO: .diskAccess)
        #expect(settings.promptInterval == 3 * 3600)
    }

    @Test func noSiteFileMeansTheDefaults() throws {
        let folder = try content([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SiteSettings.load(contentDirectory: folder, fileIO: .diskAccess) == SiteSettings())
    }

    @Test(arguments: ["prompts:\n  rotateEvery: PT90M\n"])
    func anIntervalIsRead(yaml: String) throws {
        let folder = try content(["site.yaml": yaml])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SiteSettings.load(contentDirectory: folder, fileIO: .diskAccess).promptInterval == 90 * 60)
    }

    @Test(arguments: ["prompts:\n  rotateEvery: PT1M\n", "prompts:\n  rotateEvery: P2D\n", "prompts:\n  rotateEvery: often\n", "prompts: 3\n", "- a\n"])
    func aBadIntervalNamesTheFile(yaml: String) throws {
        let folder = try content(["site.yaml": yaml])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect {
            try SiteSettings.load(contentDirectory: folder, fileIO: .diskAccess)
        } throws: { error in
            "\(error)".hasPrefix("content/site.yaml: ")
        }
    }

    @Test func promptsGoThroughCmarkAndKeepTheirAuthor() throws {
        let folder = try content([
            "prompts/02-b.md": "---\nauthor: Someone <b>bold</b>\n---\nBreathe *out* <script>alert(1)</script>slowly.\n",
            "prompts/01-a.md": "Just **this** breath. [x](javascript:alert(1))\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let prompts = try PromptLibrary.load(directory: folder.appendingPathComponent("prompts"), displayDirectory: "content/prompts", fileIO: .diskAccess)
        #expect(prompts.map(\.id) == ["01-a", "02-b"])
        #expect(prompts[0].html.html == "Just <strong>this</strong> breath. <a href=\"\">x</a>")
        #expect(prompts[0].author == nil)
        #expect(prompts[1].html.html == "Breathe <em>out</em> alert(1)slowly.")
        #expect(!prompts[1].html.html.contains("<script"))
        #expect(prompts[1].text == "Breathe out alert(1)slowly.")
        // The author is plain text; the template escapes it.
        #expect(prompts[1].author == "Someone <b>bold</b>")
    }

    @Test func anEmptyPromptIsAnError() throws {
        let folder = try content(["prompts/01.md": "---\nauthor: Nobody\n---\n\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: SiteError.invalidContent(file: "content/prompts/01.md", reason: "the prompt is empty")) {
            try PromptLibrary.load(directory: folder.appendingPathComponent("prompts"), displayDirectory: "content/prompts", fileIO: .diskAccess)
        }
    }
}
