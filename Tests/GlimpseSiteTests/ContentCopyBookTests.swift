import Foundation
import GlimpseRegistry
import TestSupport
import Testing
import Widgets

@testable import GlimpseSite

struct ContentCopyBookTests {
    @Test func aMissingKeyNamesTheExpectedFile() throws {
        let book = try ContentCopyBook(
            directory: repositoryRoot.appendingPathComponent("content/copy"), displayDirectory: "content/copy",
            fileIO: .diskAccess)
        for app in GalleryApps.all.map(\.id) {
            #expect(throws: SiteError.missingCopy(file: "content/copy/\(app)/absent-key.md")) {
                try book.copy(app, "absent-key")
            }
        }
    }

    @Test func placeholdersAreEscapedInHTMLButNotInText() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("app"), withIntermediateDirectories: true)
        try Data("**{title}** is done <i>raw</i>".utf8).write(to: folder.appendingPathComponent("app/key.md"))
        let book = try ContentCopyBook(directory: folder, displayDirectory: "content/copy", fileIO: .diskAccess)
        let copy = try book.copy("app", "key", values: ["title": "<script>x</script> & \"q\""])
        #expect(copy.html.html == "<strong>&lt;script&gt;x&lt;/script&gt; &amp; &quot;q&quot;</strong> is done raw")
        #expect(copy.text == "<script>x</script> & \"q\" is done raw")
    }
}

struct CopyFillTests {
    @Test(arguments: [
        ("{count} more", ["count": "3"], "3 more"),
        ("+{count} more", ["count": "12"], "+12 more"),
        ("{a}{b}", ["a": "1", "b": "2"], "12"),
        ("{unknown} stays", ["count": "3"], "{unknown} stays"),
        ("braces { and } alone", ["count": "3"], "braces { and } alone"),
        ("{{count}}", ["count": "3"], "{3}"),
        ("unclosed {count", ["count": "3"], "unclosed {count"),
        ("🌸 {title} 🌸", ["title": "Été"], "🌸 Été 🌸"),
    ])
    func fillsEveryKnownName(template: String, values: [String: String], expected: String) {
        #expect(ContentCopyBook.fill(template, values) == expected)
    }

    @Test func aValueIsNeverSearchedForFurtherNames() {
        #expect(
            ContentCopyBook.fill("{title}: {count}", ["title": "Read {count} pages", "count": "2"])
                == "Read {count} pages: 2")
    }
}
