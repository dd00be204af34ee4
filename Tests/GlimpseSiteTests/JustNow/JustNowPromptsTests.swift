import Foundation
import TestSupport
import Testing

@testable import GlimpseSite
@testable import Widgets

/// Just Now's own inputs: its prompts from `content/prompts/justnow/`, rotating as `content/site.yaml` sets.
struct JustNowPromptsTests {
    func rotation(_ files: [String: String]) async throws -> JustNowPromptRotation {
        let content = try folder(files)
        defer { try? FileManager.default.removeItem(at: content) }
        return try await JustNowApp().inputs(inputContext(content: content).0).rotation
    }

    @Test func theSampleRotatesItsFourteenPromptsEveryThreeHours() async throws {
        let (context, log) = inputContext(content: repositoryRoot.appendingPathComponent("content"))
        let rotation = try await JustNowApp().inputs(context).rotation
        #expect(rotation.interval == 3 * 3600)
        #expect(rotation.prompts.count == 14)
        // What it read is recorded: site.yaml, the folder, and each prompt.
        let read = Set(log.recorded.map(\.path))
        #expect(read.contains(repositoryRoot.appendingPathComponent("content/site.yaml").path))
        #expect(
            read.contains(repositoryRoot.appendingPathComponent("content/prompts/justnow/01-three-breaths.md").path))
    }

    @Test func noSiteFileMeansTheDefaultInterval() async throws {
        #expect(
            try await rotation(["prompts/justnow/01.md": "Breathe."]).interval == JustNowPromptRotation.defaultInterval)
    }

    @Test(arguments: ["prompts:\n  rotateEvery: PT90M\n"])
    func anIntervalIsRead(yaml: String) async throws {
        #expect(try await rotation(["site.yaml": yaml]).interval == 90 * 60)
    }

    @Test(arguments: [
        "prompts:\n  rotateEvery: PT1M\n", "prompts:\n  rotateEvery: P2D\n", "prompts:\n  rotateEvery: often\n",
        "prompts: 3\n", "- a\n",
    ])
    func aBadIntervalNamesTheFile(yaml: String) async throws {
        await #expect {
            try await rotation(["site.yaml": yaml])
        } throws: { error in
            "\(error)".hasPrefix("content/site.yaml: ")
        }
    }

    @Test(arguments: [
        ("- a\n", "expected a mapping of settings"),
        ("prompts: 3\n", "prompts: expected a mapping, such as rotateEvery: PT3H"),
        ("prompts: [rotateEvery]\n", "prompts: expected a mapping, such as rotateEvery: PT3H"),
        (
            "prompts:\n  rotateEvery: PT1M\n",
            "prompts.rotateEvery: expected an ISO 8601 duration from PT5M to PT24H, such as PT3H"
        ),
        (
            "prompts:\n  rotateEvery: [PT1H]\n",
            "prompts.rotateEvery: expected an ISO 8601 duration from PT5M to PT24H, such as PT3H"
        ),
    ])
    func aBadSettingIsNamed(yaml: String, reason: String) async throws {
        await #expect(throws: ContentError(file: "content/site.yaml", reason: reason)) {
            try await rotation(["site.yaml": yaml])
        }
    }

    @Test(arguments: [
        "", "# settings\n", "other: 1\n", "prompts:\n  other: 1\n", "prompts:\n", "prompts:\n  rotateEvery:\n",
    ])
    func noIntervalMeansTheDefault(yaml: String) async throws {
        #expect(try await rotation(["site.yaml": yaml]).interval == JustNowPromptRotation.defaultInterval)
    }

    @Test(arguments: ["---\nauthor: [a]\n---\nBreathe.\n", "---\nauthor: { name: a }\n---\nBreathe.\n"])
    func anAuthorThatIsNotANameIsNamed(markdown: String) async throws {
        await #expect(throws: ContentError(file: "content/prompts/justnow/01.md", reason: "author: expected a name")) {
            try await rotation(["prompts/justnow/01.md": markdown])
        }
    }

    @Test func frontMatterThatIsNotAMappingIsNamed() async throws {
        await #expect(
            throws: ContentError(
                file: "content/prompts/justnow/01.md",
                reason: "front matter: expected a mapping, such as author: A Name")
        ) {
            try await rotation(["prompts/justnow/01.md": "---\n- author\n---\nBreathe.\n"])
        }
    }

    /// A key left empty (`author:`, `author: ''`) or null is a key not given.
    @Test(arguments: [
        "---\nauthor:\n---\nBreathe.\n", "---\nauthor: ''\n---\nBreathe.\n", "---\nauthor: ~\n---\nBreathe.\n",
    ])
    func anEmptyAuthorIsNoAuthor(markdown: String) async throws {
        #expect(try await rotation(["prompts/justnow/01.md": markdown]).prompts.map(\.author) == [nil])
    }

    @Test func anAuthorIsKeptAsWritten() async throws {
        #expect(
            try await rotation(["prompts/justnow/01.md": "---\nauthor: 1984\n---\nBreathe.\n"]).prompts.map(\.author)
                == ["1984"])
    }

    @Test func promptsGoThroughCmarkAndKeepTheirAuthor() async throws {
        let prompts = try await rotation([
            "prompts/justnow/02-b.md":
                "---\nauthor: Someone <b>bold</b>\n---\nBreathe *out* <script>alert(1)</script>slowly.\n",
            "prompts/justnow/01-a.md": "Just **this** breath. [x](javascript:alert(1))\n",
        ]).prompts
        #expect(prompts.map(\.id) == ["01-a", "02-b"])
        #expect(prompts[0].html.html == "Just <strong>this</strong> breath. <a href=\"\">x</a>")
        #expect(prompts[0].author == nil)
        #expect(prompts[1].html.html == "Breathe <em>out</em> alert(1)slowly.")
        #expect(!prompts[1].html.html.contains("<script"))
        #expect(prompts[1].text == "Breathe out alert(1)slowly.")
        // The author is plain text; the template escapes it.
        #expect(prompts[1].author == "Someone <b>bold</b>")
    }

    @Test func anEmptyPromptIsAnError() async throws {
        await #expect(throws: ContentError(file: "content/prompts/justnow/01.md", reason: "the prompt is empty")) {
            try await rotation(["prompts/justnow/01.md": "---\nauthor: Nobody\n---\n\n"])
        }
    }

    @Test func aBrokenPromptFailsTheBuildAndNamesTheFile() async throws {
        let content = try folder(["prompts/justnow/01.md": "---\nauthor: [unclosed\n---\nBreathe.\n"])
        defer { try? FileManager.default.removeItem(at: content) }
        let copy = repositoryRoot.appendingPathComponent("content/copy")
        try FileManager.default.createSymbolicLink(at: content.appendingPathComponent("copy"), withDestinationURL: copy)
        var options = sampleOptions()
        options.inputs.contentDirectory = content
        let store = temporaryFolder("glimpse-empty-store")
        defer { try? FileManager.default.removeItem(at: store) }
        options.inputs.stores = [store]
        options.inputs.apps = [JustNowApp().id]
        await #expect {
            try await GalleryBuilder(options: options).build()
        } throws: { error in
            "\(error)".hasPrefix("content/prompts/justnow/01.md: front matter is not valid YAML")
        }
    }
}
