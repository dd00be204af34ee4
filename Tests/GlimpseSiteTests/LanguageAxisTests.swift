import Foundation
import GlimpseRegistry
import TestSupport
import Testing
import WidgetTimeline
import Widgets

@testable import GlimpseSite

/// Languages as an axis (`--locale` and `--pseudo`, repeatable): a variant each, with its own pages,
/// manifest entries and switcher row, drawn as a gallery of that language alone draws it.
struct LanguageAxisTests {
    let german = Language(locale: "de_DE")
    let japanese = Language(locale: "ja_JP")

    @Test func localesComeFirstThenEachPseudolanguageOverTheFirstLocale() {
        #expect(Language.axis(locales: [], pseudos: []) == [.english])
        #expect(
            Language.axis(locales: ["de_DE", "ja_JP", "de_DE"], pseudos: [.double])
                == [german, japanese, Language(locale: "de_DE", pseudo: .double)])
        // A pseudolanguage alone is the build's only language, over US English, as in Xcode.
        #expect(
            Language.axis(locales: [], pseudos: [.double, .rtl])
                == [Language(locale: "en_US", pseudo: .double), Language(locale: "en_US", pseudo: .rtl)])
    }

    @Test func aLanguageAddsWhatDiffersToTheFileName() {
        let primary = Variant(device: .standard, textSize: .large)
        #expect(Variant(device: .standard, textSize: .large, language: german).suffix(against: primary) == ".de_DE")
        #expect(
            Variant(device: .standard, textSize: .ax5, language: Language(locale: "en_US", pseudo: .double))
                .suffix(against: primary) == ".ax5.pseudo-double")
        let doubled = Variant(device: .standard, textSize: .large, language: Language(locale: "en_US", pseudo: .double))
        let mirrored = Variant(device: .standard, textSize: .large, language: Language(locale: "en_US", pseudo: .rtl))
        #expect(mirrored.suffix(against: doubled) == ".pseudo-rtl")
        #expect(Language(locale: "de_DE", pseudo: .double).name == "de_DE pseudo-double")
    }

    @Test func variantsCrossEveryAxis() {
        var options = sampleOptions()
        options.axes.textSizes = [.large, .ax5]
        options.axes.languages = [german, japanese, Language(locale: "de_DE", pseudo: .bounded)]
        #expect(options.axes.variants.count == 6)
        #expect(options.axes.primaryVariant == Variant(device: .standard, textSize: .large, language: german))
        #expect(options.axes.locale == "de_DE" && options.axes.pseudo == nil)
        #expect(options.axes.locales == ["de_DE", "ja_JP"])
        #expect(options.only(options.axes.variants[5]).axes.languages.count == 1)
    }

    /// Every app's: what an app shares among its scenarios (`InputContext.shared`, such as prompts in
    /// the locale's words) is its language's own.
    @Test func eachLanguageIsDrawnAsAGalleryOfThatLanguageAloneDrawsIt() async throws {
        var options = sampleOptions()
        options.axes.languages = [.english, german]
        let gallery = try await GalleryBuilder(options: options).build()
        options.axes.languages = [german]
        let alone = try await GalleryBuilder(options: options).build()
        let pages = Dictionary(gallery.files.map { ($0.path, $0.data) }, uniquingKeysWith: { a, _ in a })
        let alonePages = Dictionary(alone.files.map { ($0.path, $0.data) }, uniquingKeysWith: { a, _ in a })

        let entries = gallery.manifest.widgets
        #expect(entries.count == 2 * alone.manifest.widgets.count)
        #expect(Set(entries.compactMap(\.locale)) == ["en_US", "de_DE"])
        #expect(gallery.manifest.locale == "en_US")
        for widget in alone.manifest.widgets {
            let page = widget.page.replacingOccurrences(of: ".html", with: ".de_DE.html")
            let entry = try #require(entries.first { $0.page == page })
            #expect(entry.locale == "de_DE")
            #expect(entry.frames.map(\.hash) == widget.frames.map(\.hash), "\(page)")
            let html = String(decoding: try #require(pages[page]), as: UTF8.self)
            let before = String(decoding: try #require(alonePages[widget.page]), as: UTF8.self)
            let state = widget.frames[0].state
            #expect(widgetElements(in: html, state: state) == widgetElements(in: before, state: state))
            #expect(html.contains("<span class=\"variants-label\">Language</span>"))
            #expect(html.contains("<span class=\"variant is-current\" aria-current=\"page\">de_DE</span>"))
        }
        // The app pages and the index show the primary language's widgets alone.
        for app in GalleryApps.all {
            let appPage = String(decoding: try #require(pages["\(app.id)/index.html"]), as: UTF8.self)
            #expect(!appPage.contains(".de_DE.html"))
        }
    }

    @Test func copyWithoutATranslationIsMarkedInItsLanguageAlone() async throws {
        // No app's copy is translated into French: every key it reads is shown in English.
        let app = try #require(GalleryApps.all.sorted { $0.id < $1.id }.first)
        var options = sampleOptions()
        options.inputs.apps = [app.id]
        options.axes.languages = [.english, Language(locale: "fr_FR")]
        let gallery = try await GalleryBuilder(options: options).build()
        let notLocalized = try #require(gallery.manifest.notLocalized)
        #expect(!notLocalized.isEmpty && notLocalized.allSatisfy { $0.locale == "fr_FR" && $0.app == app.id })
        let french = try #require(gallery.manifest.widgets.first { $0.locale == "fr_FR" })
        let english = try #require(gallery.manifest.widgets.first { $0.locale == "en_US" })
        let page = { (path: String) in
            String(decoding: gallery.files.first { $0.path == path }!.data, as: UTF8.self)
        }
        #expect(page(french.page).contains("<p class=\"cap-note not-localized\"><strong>Not localized.</strong>"))
        #expect(page(french.page).contains("no translation into fr_FR"))
        #expect(!page(english.page).contains("Not localized."))
        #expect(
            gallery.diagnostics.contains {
                $0.diagnostic.message.contains("not localized for fr_FR")
                    && $0.diagnostic.file == "content/copy/\(app.id)"
            })
    }
}
