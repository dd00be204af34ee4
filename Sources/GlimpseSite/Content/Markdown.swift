import CCmark
import Foundation
import GlimpseCore
import GlimpseTemplates
import Widgets

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Markdown rendering through libcmark, in its default safe mode: raw HTML is dropped and
/// `javascript:`, `vbscript:`, `file:` and most `data:` links are emptied.
package enum Markdown {
    /// Block HTML: paragraphs, lists, headings.
    package static func html(_ markdown: String) -> String {
        // The length is the string's, not strlen's: a NUL in a copy file must not cut it short
        // (cmark makes it U+FFFD).
        let rendered = markdown.withCString { source -> String in
            guard let output = cmark_markdown_to_html(source, markdown.utf8.count, CMARK_OPT_DEFAULT) else { return "" }
            defer { free(output) }
            return String(cString: output)
        }
        // cmark leaves a comment where it dropped raw HTML; the page does not need it. It passes
        // C0 controls through; HTML does not allow them, so they go here, once per copy file.
        return HTML.replacingControlCharacters(rendered.replacingOccurrences(of: "<!-- raw HTML omitted -->", with: ""))
    }

    /// Inline HTML: a single paragraph without its `<p>` wrapper, for copy inside a widget.
    package static func inlineHTML(_ markdown: String) -> String {
        let block = html(markdown)
        let trimmed = block.hasSuffix("\n") ? String(block.dropLast()) : block
        if trimmed.hasPrefix("<p>"), trimmed.hasSuffix("</p>"),
            trimmed.dropFirst(3).range(of: "<p>") == nil
        {
            return String(trimmed.dropFirst(3).dropLast(4))
        }
        return trimmed
    }

    /// The text a reader sees, without markup: literals joined, breaks as spaces,
    /// raw HTML left out.
    package static func plainText(_ markdown: String) -> String {
        markdown.withCString { source -> String in
            guard let document = cmark_parse_document(source, markdown.utf8.count, CMARK_OPT_DEFAULT) else { return "" }
            defer { cmark_node_free(document) }
            guard let iterator = cmark_iter_new(document) else { return "" }
            defer { cmark_iter_free(iterator) }
            var text = ""
            var event = cmark_iter_next(iterator)
            while event != CMARK_EVENT_DONE {
                let node = cmark_iter_get_node(iterator)
                let type = cmark_node_get_type(node)
                if event == CMARK_EVENT_ENTER {
                    switch type {
                    case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                        if let literal = cmark_node_get_literal(node) { text += String(cString: literal) }
                    case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                        text += " "
                    default:
                        break
                    }
                } else if event == CMARK_EVENT_EXIT,
                    type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING || type == CMARK_NODE_ITEM
                {
                    text += " "
                }
                event = cmark_iter_next(iterator)
            }
            return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
    }

    /// Splits YAML front matter (between `---` lines at the top) from the body.
    package static func splitFrontMatter(_ source: String) -> (frontMatter: String?, body: String) {
        let normalized = source.replacingOccurrences(of: "\r\n", with: "\n")
        guard normalized.hasPrefix("---\n") else { return (nil, normalized) }
        let rest = normalized.dropFirst(4)
        guard
            let end = rest.range(of: "\n---\n")
                ?? (rest.hasSuffix("\n---") ? rest.range(of: "\n---", options: .backwards) : nil)
        else {
            return (nil, normalized)
        }
        return (String(rest[..<end.lowerBound]), String(rest[end.upperBound...]))
    }

    /// A Markdown file as copy: its front matter apart, its body inline HTML and plain text.
    package static func document(_ source: String) -> MarkdownDocument {
        let (frontMatter, body) = splitFrontMatter(source)
        return MarkdownDocument(
            frontMatter: frontMatter, copy: Copy(html: HTMLFragment(inlineHTML(body)), text: plainText(body)))
    }

    /// `document` for the app's own content (its prompts) in `pseudo`, Xcode's pseudolanguage,
    /// as the copy is: its words changed, its front matter not. Plain `document` for none.
    static func document(in pseudo: Pseudolanguage?) -> @Sendable (String) -> MarkdownDocument {
        guard let pseudo else { return document }
        return { source in
            var document = document(source)
            document.copy = Copy(
                html: HTMLFragment(pseudo.apply(document.copy.html.html, html: true)),
                text: pseudo.apply(document.copy.text, html: false))
            return document
        }
    }
}
