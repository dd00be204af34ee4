import Foundation
import GlimpseSite
import Testing

@testable import GlimpseServe

/// The toolbar's state in a page's query: read, checked and written back the same.
@Suite struct ViewQueryTests {
    @Test func aQueryRoundTrips() throws {
        let query = ViewQuery(
            now: Date(timeIntervalSince1970: 1_795_000_000), timeZone: "America/New_York", device: "375x667",
            locale: "de_DE", pseudo: "double",
            events: [.init(at: 3600, type: "completeHabit", parameters: ["habit": "h+1 &2"])])
        let items = PreviewServer.queryItems(query.queryString)
        #expect(try ViewQuery.parse(items) == query)
        #expect(ViewQuery().queryString == "")
    }

    @Test func aPseudolanguageOrLocaleInTheQueryIsALanguageOverTheBuilds() throws {
        let german = Language(locale: "de_DE", pseudo: .bounded)
        #expect(ViewQuery().language(over: german) == nil)
        #expect(ViewQuery(pseudo: "double").language(over: german) == Language(locale: "de_DE", pseudo: .double))
        #expect(ViewQuery(pseudo: "none").language(over: german) == Language(locale: "de_DE"))
        #expect(ViewQuery(locale: "ja_JP").language(over: german) == Language(locale: "ja_JP", pseudo: .bounded))
    }

    @Test func aQueryOnAVariantsPageSetsItsAxesOverThatPagesOwn() {
        let german = Language(locale: "de_DE")
        let base = BuildOptions(
            inputs: BuildOptions.Inputs(knownApps: []),
            axes: BuildOptions.Axes(languages: [.english, german], textSizes: [.large, .ax5]))
        let renderer = ViewRenderer(base: base)
        let page = renderer.variant(ofUnit: "app/scenario.ax5.de_DE")
        #expect(page == Variant(device: .standard, textSize: .ax5, language: german))
        #expect(renderer.variant(ofUnit: "app/scenario") == base.axes.primaryVariant)
        let options = renderer.options(for: ViewQuery(pseudo: "bounded"), page: page)
        #expect(
            options.axes.variants == [
                Variant(device: .standard, textSize: .ax5, language: .init(locale: "de_DE", pseudo: .bounded))
            ])
        #expect(renderer.options(for: ViewQuery(), page: page).axes.variants.count == 4)
    }

    @Test(arguments: [
        ("now", "tomorrow", "now: expected ISO 8601"),
        ("tz", "Mars/Olympus", "tz: \"Mars/Olympus\" is not an IANA time zone"),
        ("device", "1x1", "device: \"1x1\" is not a screen class"),
        ("locale", "<script>", "locale: \"<script>\" is not a locale"),
        ("locale", "de_XX", "locale: \"de_XX\" is not a locale ICU knows; the closest are de, "),
        ("pseudo", "klingon", "pseudo: \"klingon\" is not a pseudolanguage; use one of none, double"),
        ("events", "[{\"at\": -5, \"type\": \"x\"}]", "events: at must be 0 to 86400"),
        ("events", "not json", "events: expected a JSON array"),
        ("colour", "red", "colour: not a parameter"),
    ])
    func badQueriesSayWhatIsWrong(name: String, value: String, message: String) {
        #expect(throws: ViewQueryError.self) { try ViewQuery.parse([(name, value)]) }
        do {
            _ = try ViewQuery.parse([(name, value)])
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }
}
