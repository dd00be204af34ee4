import Foundation
import GlimpseCore

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
    static func rotation(_ context: InputContext) throws -> JustNowPromptRotation {
        JustNowPromptRotation(prompts: try prompts(context), interval: try interval(context.content))
    }

    /// Each file is one prompt: Markdown, with an optional `author` in YAML front matter. A
    /// translation, `<language>[_<REGION>]/<file>` beside it, is the prompt in the build's locale,
    /// the region's over the language's, as the copy's are (docs/LOCALES.md). A prompt without one is
    /// shown in English and recorded as not localized.
    static func prompts(_ context: InputContext) throws -> [JustNowPrompt] {
        let content = context.content
        return try content.files(in: folder).filter { $0.hasSuffix(".md") }.map { file in
            let translated = try context.locale.translationFolders.lazy.compactMap { language in
                try content.text("\(folder)/\(language)/\(file)").map { ("\(folder)/\(language)/\(file)", $0) }
            }.first
            let (path, source) = try translated ?? ("\(folder)/\(file)", content.text("\(folder)/\(file)") ?? "")
            let display = content.displayPath(path)
            let document = context.markdown(source)
            var author: String?
            if let frontMatter = document.frontMatter {
                do {
                    author = try BoundedYAML.decode(FrontMatter.self, from: frontMatter)?.author?.text
                } catch let refused as BoundedYAML.Refused {
                    throw ContentError(file: display, reason: "front matter: \(refused.reason)")
                } catch let invalid as BoundedYAML.Invalid {
                    throw ContentError(
                        file: display,
                        reason: invalid.path.isEmpty ? "front matter: \(invalid.reason)" : invalid.description)
                } catch {
                    throw ContentError(file: display, reason: "front matter is not valid YAML: \(error)")
                }
            }
            let text = document.copy.text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { throw ContentError(file: display, reason: "the prompt is empty") }
            if let excess = Limits.copyText.excess(in: text) {
                throw ContentError(file: display, reason: "the prompt is \(excess)")
            }
            if translated == nil && !context.locale.translationFolders.isEmpty {
                context.notLocalized.record(file: display, text: text)
            }
            return JustNowPrompt(id: String(file.dropLast(3)), html: document.copy.html, text: text, author: author)
        }
    }

    /// `prompts.rotateEvery` in `content/site.yaml`; the default without one.
    ///
    /// ```yaml
    /// prompts:
    ///   rotateEvery: PT3H   # PT5M to PT24H
    /// ```
    static func interval(_ content: any InputFiles) throws -> TimeInterval {
        guard let text = try content.text(settingsFile, limit: BoundedYAML.maximumBytes) else {
            return JustNowPromptRotation.defaultInterval
        }
        let display = content.displayPath(settingsFile)
        do {
            return try BoundedYAML.decode(SiteSettings.self, from: text)?.prompts?.rotateEvery
                ?? JustNowPromptRotation.defaultInterval
        } catch let refused as BoundedYAML.Refused {
            throw ContentError(file: display, reason: refused.reason)
        } catch let invalid as BoundedYAML.Invalid {
            throw ContentError(file: display, reason: invalid.description)
        } catch {
            throw ContentError(file: display, reason: "not valid YAML: \(error)")
        }
    }

    /// A prompt's front matter: `author: Name`, optional.
    struct FrontMatter: Decodable {
        var author: YAMLScalar?

        enum CodingKeys: String, CodingKey {
            case author
        }

        init(from decoder: any Decoder) throws {
            let keys = try decoder.mapping(keyedBy: CodingKeys.self, or: "expected a mapping, such as author: A Name")
            author = try keys.decodeIfPresent(YAMLScalar.self, forKey: .author, or: "expected a name")
        }
    }

    /// `content/site.yaml`: of its settings, the ones Just Now reads.
    struct SiteSettings: Decodable {
        var prompts: Prompts?

        enum CodingKeys: String, CodingKey {
            case prompts
        }

        init(from decoder: any Decoder) throws {
            let keys = try decoder.mapping(keyedBy: CodingKeys.self, or: "expected a mapping of settings")
            prompts = try keys.decodeIfPresent(
                Prompts.self, forKey: .prompts, or: "expected a mapping, such as rotateEvery: PT3H")
        }

        struct Prompts: Decodable {
            var rotateEvery: TimeInterval?

            enum CodingKeys: String, CodingKey {
                case rotateEvery
            }

            init(from decoder: any Decoder) throws {
                let keys = try decoder.container(keyedBy: CodingKeys.self)
                let reason = "expected an ISO 8601 duration from PT5M to PT24H, such as PT3H"
                guard let text = try keys.decodeIfPresent(YAMLScalar.self, forKey: .rotateEvery, or: reason)?.text
                else { return }
                guard let seconds = ISODuration.seconds(text), seconds >= JustNowPrompts.shortestInterval,
                    seconds <= 86_400
                else {
                    throw DecodingError.dataCorruptedError(forKey: .rotateEvery, in: keys, debugDescription: reason)
                }
                rotateEvery = seconds
            }
        }
    }
}
