import Foundation
import Yams

/// Where Just Now's prompts come from: one Markdown file each in `content/prompts/justnow/`,
/// rotating as `content/site.yaml` sets (docs/widgets/justnow.md#prompts).
enum JustNowPrompts {
    /// The prompts' folder, under the content folder.
    static let folder = "prompts/justnow"
    static let settingsFile = "site.yaml"
    /// A prompt must stay up at least as long as the shortest gap between entries.
    static let shortestInterval: TimeInterval = 5 * 60

    /// The prompts and their rotation.
    ///
    /// - Throws: `ContentError` naming a prompt or `site.yaml` that is broken.
    static func rotation(_ context: InputContext) throws -> PromptRotation {
        PromptRotation(prompts: try prompts(context), interval: try interval(context.content))
    }

    /// Each file is one prompt: Markdown, with an optional `author` in YAML front matter.
    static func prompts(_ context: InputContext) throws -> [Prompt] {
        let content = context.content
        return try content.files(in: folder).filter { $0.hasSuffix(".md") }.map { file in
            let path = "\(folder)/\(file)"
            let display = content.displayPath(path)
            let document = context.markdown(try content.text(path) ?? "")
            var author: String?
            if let frontMatter = document.frontMatter {
                let values: Any?
                do {
                    _ = try BoundedYAML.compose(frontMatter)
                    values = try Yams.load(yaml: frontMatter)
                } catch let refused as BoundedYAML.Refused {
                    throw ContentError(file: display, reason: "front matter: \(refused.reason)")
                } catch {
                    throw ContentError(file: display, reason: "front matter is not valid YAML: \(error)")
                }
                if let values = values as? [String: Any], let value = values["author"] {
                    guard let name = value as? String, !name.isEmpty else {
                        throw ContentError(file: display, reason: "author: expected a name")
                    }
                    author = name
                }
            }
            let text = document.copy.text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { throw ContentError(file: display, reason: "the prompt is empty") }
            return Prompt(id: String(file.dropLast(3)), html: document.copy.html, text: text, author: author)
        }
    }

    /// `prompts.rotateEvery` in `content/site.yaml`; the default without one.
    ///
    /// ```yaml
    /// prompts:
    ///   rotateEvery: PT3H   # PT5M to PT24H
    /// ```
    static func interval(_ content: any InputFiles) throws -> TimeInterval {
        guard let text = try content.text(settingsFile) else { return PromptRotation.defaultInterval }
        let display = content.displayPath(settingsFile)
        let loaded: Any?
        do {
            _ = try BoundedYAML.compose(text)
            loaded = try Yams.load(yaml: text)
        } catch let refused as BoundedYAML.Refused {
            throw ContentError(file: display, reason: refused.reason)
        } catch {
            throw ContentError(file: display, reason: "not valid YAML: \(error)")
        }
        guard let values = loaded as? [String: Any] else {
            if loaded == nil { return PromptRotation.defaultInterval }
            throw ContentError(file: display, reason: "expected a mapping of settings")
        }
        guard let prompts = values["prompts"] else { return PromptRotation.defaultInterval }
        guard let settings = prompts as? [String: Any] else {
            throw ContentError(file: display, reason: "prompts: expected a mapping, such as rotateEvery: PT3H")
        }
        guard let every = settings["rotateEvery"] else { return PromptRotation.defaultInterval }
        guard let text = every as? String, let seconds = ISODuration.seconds(text), seconds >= shortestInterval, seconds <= 86_400 else {
            throw ContentError(file: display, reason: "prompts.rotateEvery: expected an ISO 8601 duration from PT5M to PT24H, such as PT3H")
        }
        return seconds
    }
}
