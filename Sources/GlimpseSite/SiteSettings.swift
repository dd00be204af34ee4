import Foundation
import Widgets
import Yams

/// `content/site.yaml`: settings for the whole gallery. Every key is optional.
///
/// ```yaml
/// prompts:
///   rotateEvery: PT3H   # how often Just Now's prompt changes
/// ```
public struct SiteSettings: Sendable, Equatable {
    public var promptInterval: TimeInterval = PromptRotation.defaultInterval

    public static let fileName = "site.yaml"
    /// A prompt must stay up at least as long as the shortest gap between entries.
    static let shortestPromptInterval: TimeInterval = 5 * 60

    public init(promptInterval: TimeInterval = PromptRotation.defaultInterval) {
        self.promptInterval = promptInterval
    }

    /// Reads `site.yaml` from the content folder; defaults when there is none.
    public static func load(contentDirectory: URL, fileIO: FileIO) throws -> SiteSettings {
        var settings = SiteSettings()
        guard try fileIO.listFiles(contentDirectory).contains(fileName) else { return settings }
        let display = "content/\(fileName)"
        let text = try fileIO.readText(contentDirectory.appendingPathComponent(fileName), display)
        let loaded: Any?
        do {
            loaded = try Yams.load(yaml: text)
        } catch {
            throw SiteError.invalidContent(file: display, reason: "not valid YAML: \(error)")
        }
        guard let values = loaded as? [String: Any] else {
            if loaded == nil { return settings }
            throw SiteError.invalidContent(file: display, reason: "expected a mapping of settings")
        }
        if let prompts = values["prompts"] {
            guard let prompts = prompts as? [String: Any] else {
                throw SiteError.invalidContent(file: display, reason: "prompts: expected a mapping, such as rotateEvery: PT3H")
            }
            if let every = prompts["rotateEvery"] {
                guard let text = every as? String, let seconds = ISODuration.seconds(text),
                      seconds >= shortestPromptInterval, seconds <= 86_400
                else {
                    throw SiteError.invalidContent(file: display, reason: "prompts.rotateEvery: expected an ISO 8601 duration from PT5M to PT24H, such as PT3H")
                }
                settings.promptInterval = seconds
            }
        }
        return settings
    }
}

/// The prompts of `content/prompts/*.md`, rendered once through cmark.
enum PromptLibrary {
    /// Each file is one prompt: Markdown, with an optional `author` in YAML front matter.
    static func load(directory: URL, displayDirectory: String, fileIO: FileIO) throws -> [Prompt] {
        try fileIO.listFiles(directory).filter { $0.hasSuffix(".md") }.map { file in
            let display = "\(displayDirectory)/\(file)"
            let (frontMatter, body) = Markdown.splitFrontMatter(try fileIO.readText(directory.appendingPathComponent(file), display))
            var author: String?
            if let frontMatter {
                let values: Any?
                do {
                    values = try Yams.load(yaml: frontMatter)
                } catch {
                    throw SiteError.invalidContent(file: display, reason: "front matter is not valid YAML: \(error)")
                }
                if let values = values as? [String: Any], let value = values["author"] {
                    guard let name = value as? String, !name.isEmpty else {
                        throw SiteError.invalidContent(file: display, reason: "author: expected a name")
                    }
                    author = name
                }
            }
            let text = Markdown.plainText(body).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { throw SiteError.invalidContent(file: display, reason: "the prompt is empty") }
            return Prompt(id: String(file.dropLast(3)), html: HTMLFragment(Markdown.inlineHTML(body)), text: text, author: author)
        }
    }
}
