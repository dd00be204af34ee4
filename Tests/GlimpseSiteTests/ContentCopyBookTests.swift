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

/// Translated copy: `content/copy/<app>/<language>[_<REGION>]/<key>.md`, the region's over the
/// language's over the English base.
struct TranslatedCopyTests {
    /// A book with a base of three keys, a German translation of two, a Swiss one of one, and what is wrong.
    static func book() throws -> (ContentCopyBook, URL) {
        let folder = temporaryFolder()
        let files = [
            "app/done.md": "Done today", "app/more.md": "+{count} more", "app/title.md": "Your goal",
            "app/de/done.md": "Heute erledigt", "app/de/more.md": "+{count} weitere",
            "app/de_CH/done.md": "Hüt erledigt", "app/de/stray.md": "Verirrt", "app/english/done.md": "Done",
        ]
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return (try ContentCopyBook(directory: folder, displayDirectory: "content/copy", fileIO: .diskAccess), folder)
    }

    @Test func theRegionWinsOverTheLanguageAndTheLanguageOverTheBase() throws {
        let (book, folder) = try Self.book()
        defer { try? FileManager.default.removeItem(at: folder) }
        let swiss = book.localized(for: "de_CH")
        #expect(try swiss.copy("app", "done").text == "Hüt erledigt")
        #expect(try swiss.copy("app", "more", values: ["count": "3"]).text == "+3 weitere")
        #expect(try swiss.copy("app", "title").text == "Your goal")
        #expect(swiss.untranslated(app: "app") == ["title"])
        let german = book.localized(for: "de-DE")
        #expect(try german.copy("app", "done").text == "Heute erledigt")
        #expect(try book.localized(for: "de").copy("app", "done").text == "Heute erledigt")
        // English takes the base, and nothing is missing from it; a language without any is all base.
        for english in ["en_US", "en_GB", "en"] {
            #expect(try book.localized(for: english).copy("app", "done").text == "Done today")
            #expect(book.localized(for: english).untranslated(app: "app").isEmpty)
        }
        #expect(try book.localized(for: "ja_JP").copy("app", "done").text == "Done today")
        #expect(book.localized(for: "ja_JP").untranslated(app: "app") == ["done", "more", "title"])
        #expect(throws: SiteError.missingCopy(file: "content/copy/app/stray.md")) {
            try german.copy("app", "stray")
        }
    }

    @Test func aFolderThatIsNoLocaleAndAKeyTheBaseLacksAreWarnings() throws {
        let (book, folder) = try Self.book()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(book.warnings.map(\.file) == ["content/copy/app/de/stray.md", "content/copy/app/english"])
        #expect(book.warnings.allSatisfy { $0.severity == .warning })
        #expect(book.warnings[0].message.contains("content/copy/app/stray.md"))
    }

    /// Every translation of the repository's copy says the same placeholders as its English.
    @Test func everyTranslationHasItsBasesPlaceholders() throws {
        let root = repositoryRoot.appendingPathComponent("content/copy")
        let names = { (text: String) in
            Set(text.matches(of: /\{[a-z]+\}/).map { String(text[$0.range]) })
        }
        var checked = 0
        for app in try FileManager.default.contentsOfDirectory(atPath: root.path) {
            let folder = root.appendingPathComponent(app)
            for language in try FileManager.default.contentsOfDirectory(atPath: folder.path)
            where !language.hasSuffix(".md") {
                for file in try FileManager.default.contentsOfDirectory(
                    atPath: folder.appendingPathComponent(language).path)
                {
                    let base = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                    let translated = try String(
                        contentsOf: folder.appendingPathComponent(language).appendingPathComponent(file),
                        encoding: .utf8)
                    #expect(names(translated) == names(base), "\(app)/\(language)/\(file)")
                    #expect(!translated.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
                    checked += 1
                }
            }
        }
        #expect(checked >= 3 * 60)
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
