import Testing

@testable import GlimpseSite

struct MarkdownTests {
    @Test func rawHTMLIsDropped() {
        let html = Markdown.html("Hello <script>alert(1)</script> **world**\n\n<div onclick=\"x()\">block</div>\n")
        #expect(!html.contains("<script"))
        #expect(!html.contains("<div"))
        #expect(!html.contains("onclick"))
        #expect(html.contains("<strong>world</strong>"))
    }

    @Test(arguments: [
        "[tap](javascript:alert(1))", "[tap](JAVASCRIPT:alert(1))", "[tap](vbscript:msgbox)",
        "[tap](data:text/html;base64,PHNjcmlwdD4=)",
    ])
    func unsafeLinksAreEmptied(markdown: String) {
        let html = Markdown.inlineHTML(markdown)
        #expect(html == "<a href=\"\">tap</a>")
    }

    /// cmark passes C0 controls through; HTML forbids them, so they are replaced here, once.
    @Test func controlCharactersAreReplaced() {
        #expect(
            Markdown.html("a\u{1}b *c\u{1B}d* e\u{7F}\tf") == "<p>a\u{FFFD}b <em>c\u{FFFD}d</em> e\u{FFFD}\tf</p>\n")
        #expect(Markdown.inlineHTML("x\u{8}y") == "x\u{FFFD}y")
        // A NUL does not end the copy.
        #expect(Markdown.inlineHTML("a\u{0}b *c*") == "a\u{FFFD}b <em>c</em>")
        #expect(Markdown.plainText("a\u{0}b *c*") == "a\u{FFFD}b c")
    }

    @Test func safeLinksStay() {
        #expect(Markdown.inlineHTML("[open](app://today)") == "<a href=\"app://today\">open</a>")
    }

    @Test func inlineRenderingHasNoParagraph() {
        #expect(Markdown.inlineHTML("All habits completed today! 🌸") == "All habits completed today! 🌸")
        #expect(Markdown.inlineHTML("Set a goal in *the app*\n") == "Set a goal in <em>the app</em>")
        #expect(Markdown.html("One\n\nTwo") == "<p>One</p>\n<p>Two</p>\n")
        // Two paragraphs stay blocks: dropping the wrapper would join them.
        #expect(Markdown.inlineHTML("One\n\nTwo") == "<p>One</p>\n<p>Two</p>")
    }

    @Test func plainTextHasNoMarkup() {
        #expect(Markdown.plainText("Set a goal in **the app**") == "Set a goal in the app")
        #expect(Markdown.plainText("Line one\nline `two` <b>raw</b>") == "Line one line two raw")
        #expect(Markdown.plainText("+3 more") == "+3 more")
    }

    @Test func frontMatterIsSplitOff() {
        let (front, body) = Markdown.splitFrontMatter("---\nauthor: Mary Oliver\n---\nPay *attention*.\n")
        #expect(front == "author: Mary Oliver")
        #expect(body == "Pay *attention*.\n")
        #expect(Markdown.splitFrontMatter("No front matter").frontMatter == nil)
    }
}
