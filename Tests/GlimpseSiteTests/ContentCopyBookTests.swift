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

    /// A copy key of a novel's length is a mistake: the build stops, naming it (copy-text).
    @Test func aCopyLongerThanItsLimitFailsTheBuildNamingTheFile() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("app"), withIntermediateDirectories: true)
        try Data(String(repeating: "word ", count: 1_000).utf8).write(to: folder.appendingPathComponent("app/key.md"))
        #expect(
            throws: SiteError.invalidContent(
                file: "content/copy/app/key.md",
                reason: "the copy is 5,000 characters long, over the 4,096 of copy-text (docs/LIMITS.md)")
        ) {
            try ContentCopyBook(directory: folder, displayDirectory: "content/copy", fileIO: .diskAccess)
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

    @Test func aCountTakesItsPluralFormInTheLocalesRules() throws {
        let (_, folder) = try Self.book()
        defer { try? FileManager.default.removeItem(at: folder) }
        let forms = [
            "app/ar/more.md": "{count} عادة أخرى", "app/ar/more.two.md": "عادتان أخريان",
            "app/ar/more.few.md": "{count} عادات أخرى", "app/more.one.md": "+{count} more, just one",
        ]
        for (path, text) in forms {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let arabic = try ContentCopyBook(directory: folder, displayDirectory: "content/copy", fileIO: .diskAccess)
            .localized(for: "ar_SA")
        let said = { (count: Int) in try arabic.copy("app", "more", values: ["count": "\(count)"], count: count).text }
        #expect(try said(2) == "عادتان أخريان")
        #expect(try [3, 10].map(said) == ["3 عادات أخرى", "10 عادات أخرى"])
        #expect(try [11, 100, 1].map(said) == ["11 عادة أخرى", "100 عادة أخرى", "1 عادة أخرى"])
        // Without a count, the plain file; a plural form is no key of its own, and none is untranslated.
        #expect(try arabic.copy("app", "more", values: ["count": "3"]).text == "3 عادة أخرى")
        #expect(arabic.untranslated(app: "app") == ["done", "title"])
        // English has its own forms: 1 is "one", 2 is "other", the plain file.
        let english = try ContentCopyBook(directory: folder, displayDirectory: "content/copy", fileIO: .diskAccess)
        #expect(try english.copy("app", "more", values: ["count": "1"], count: 1).text == "+1 more, just one")
        #expect(try english.copy("app", "more", values: ["count": "2"], count: 2).text == "+2 more")
    }

    /// A value written against the copy's direction is isolated: a Latin title in Arabic copy, an
    /// Arabic one in English; numbers and values in the copy's own direction are not.
    @Test func aValueWrittenTheOtherWayIsIsolated() throws {
        let (book, folder) = try Self.book()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("app/ar/more.md")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("+{count} أخرى: {title}".utf8).write(to: url)
        let arabic = try ContentCopyBook(directory: folder, displayDirectory: "content/copy", fileIO: .diskAccess)
            .localized(for: "ar_SA")
        let said = try arabic.copy("app", "more", values: ["count": "٣", "title": "Run <5k>"])
        #expect(said.text == "+٣ أخرى: \u{2068}Run <5k>\u{2069}")
        #expect(said.html.html == "+٣ أخرى: <bdi>Run &lt;5k&gt;</bdi>")
        #expect(try arabic.copy("app", "more", values: ["count": "3", "title": "جري"]).text == "+3 أخرى: جري")
        let english = try book.copy("app", "more", values: ["count": "مرحبا"])
        #expect(english.text == "+\u{2068}مرحبا\u{2069} more" && english.html.html == "+<bdi>مرحبا</bdi> more")
        #expect(try book.copy("app", "more", values: ["count": "12"]).text == "+12 more")
    }

    /// What counts as written against the copy: a letter of the other direction, ASCII or not;
    /// digits, punctuation and emoji never.
    @Test func lettersOfTheOtherDirectionRunAgainstTheCopy() {
        for (value, leftToRight, rightToLeft) in [
            ("Run 5k", false, true), ("Café", false, true), ("é", false, true), ("12:30 🌸 !", false, false),
            ("جري", true, false), ("שלום", true, false), ("٣", false, false), ("ﻻ", true, false), ("", false, false),
            ("5 ñ", false, true), ("Ωmega", false, true),
        ] {
            #expect(ContentCopyBook.runsAgainst(value, rightToLeft: false) == leftToRight, "\(value)")
            #expect(ContentCopyBook.runsAgainst(value, rightToLeft: true) == rightToLeft, "\(value)")
        }
    }

    /// Every translation of the repository's copy says the same placeholders as its English; a
    /// plural form (`more-label.two.md`) may leave the count out ("عادتان" says two), and no other.
    @Test func everyTranslationHasItsBasesPlaceholders() throws {
        let root = repositoryRoot.appendingPathComponent("content/copy")
        var checked = 0
        for app in try FileManager.default.contentsOfDirectory(atPath: root.path) {
            let folder = root.appendingPathComponent(app)
            for place in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                let isBase = place.hasSuffix(".md")
                let translation = isBase ? folder : folder.appendingPathComponent(place)
                for file in isBase ? [place] : try FileManager.default.contentsOfDirectory(atPath: translation.path) {
                    let key = ContentCopyBook.baseKey(String(file.dropLast(3)))
                    guard !isBase || key + ".md" != file else { continue }
                    try Self.expectSamePlaceholders(
                        folder.appendingPathComponent(key + ".md"), translation.appendingPathComponent(file),
                        plural: key + ".md" != file)
                    checked += 1
                }
            }
        }
        #expect(checked >= 3 * 60)
    }

    static func expectSamePlaceholders(_ base: URL, _ translated: URL, plural: Bool) throws {
        let names = { (text: String) in Set(text.matches(of: /\{[a-z]+\}/).map { String(text[$0.range]) }) }
        let (said, wanted) = (
            names(try String(contentsOf: translated, encoding: .utf8)),
            names(try String(contentsOf: base, encoding: .utf8))
        )
        let left = plural ? wanted.subtracting(said).subtracting(["{count}"]) : wanted.subtracting(said)
        #expect(said.isSubset(of: wanted) && left.isEmpty, "\(translated.path)")
        #expect(!(try String(contentsOf: translated, encoding: .utf8)).trimmingCharacters(in: .whitespaces).isEmpty)
    }
}

/// Xcode's pseudolanguages change the copy's words, never its placeholders, its markup or the values put in.
struct PseudolanguageTests {
    @Test func eachChangesTheWordsOnly() throws {
        let (book, folder) = try TranslatedCopyTests.book()
        defer { try? FileManager.default.removeItem(at: folder) }
        let said = { (pseudo: Pseudolanguage) in
            try book.localized(for: "en_US", pseudo: pseudo).copy("app", "more", values: ["count": "3"]).text
        }
        #expect(try said(.double) == "+3 more +3 more")
        #expect(try said(.bounded) == "[# +3 more #]")
        #expect(try said(.rtl) == "+3 more")
        #expect(try said(.rtlStrings) == "\u{202E}+3 more\u{202C}")
        #expect(try said(.accented) == "+3 m\u{302}\u{331}o\u{302}\u{331}r\u{302}\u{331}e\u{302}\u{331}")
        // A store value is the store's: not accented, and isolated under right to left, being Latin.
        let titled = try book.localized(for: "en_US", pseudo: .rtl).copy("app", "more", values: ["count": "Run"])
        #expect(titled.text == "+\u{2068}Run\u{2069} more")
    }

    @Test func accentsSkipPlaceholdersTagsAndEntities() {
        let accented = Pseudolanguage.accent("<strong>Hi</strong> &amp; {name}", html: true)
        #expect(accented == "<strong>H\u{302}\u{331}i\u{302}\u{331}</strong> &amp; {name}")
        #expect(Pseudolanguage.accent("a<b", html: false) == "a\u{302}\u{331}<b\u{302}\u{331}")
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

    /// An ASCII template is filled over its bytes, another over its characters: the same result.
    @Test(arguments: ["{a{b} {a}", "{}{", "}{a}{", "{a}\r\n{b}", "{{{a}}}", "x{a b}y", ""])
    func anASCIITemplateIsFilledAsAnyOther(_ template: String) {
        let values = ["a": "1", "b": "{a}", "a{b": "!", "a b": "_"]
        let other = ContentCopyBook.fill(template + "é", values)
        #expect(ContentCopyBook.fill(template, values) + "é" == other)
    }

    @Test func aValueIsNeverSearchedForFurtherNames() {
        #expect(
            ContentCopyBook.fill("{title}: {count}", ["title": "Read {count} pages", "count": "2"])
                == "Read {count} pages: 2")
    }
}
