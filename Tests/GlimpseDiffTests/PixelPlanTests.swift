import Foundation
import GlimpseFormat
import Testing

@testable import GlimpseDiff
@testable import GlimpseGallery

/// What `--pixels` draws when a shared asset changed: the frames the structural diff marks, and of
/// the others those whose markup, scheme by scheme, the change reaches; the placeholder with them.
@Suite struct PixelPlanTests {
    typealias Make = GalleryDiffTests

    /// One widget in both galleries, its stylesheet changed from `before` to `after`, its other
    /// shared files from `assets` to `newAssets`; its frames in the new one `frames`.
    static func galleries(
        _ before: String, _ after: String, assets: [String: String] = [:], newAssets: [String: String] = [:],
        frames: [Make.JSON]? = nil
    ) -> (base: Gallery, new: Gallery) {
        var base = Make.gallery([Make.widget()], assets: assets.merging(["assets/glimpse.css": before]) { $1 })
        var new = Make.gallery(
            [Make.widget(frames: frames)], assets: newAssets.merging(["assets/glimpse.css": after]) { $1 })
        base.stylesheets = ["assets/glimpse.css": StylesheetRules.normalized(Data(before.utf8))]
        new.stylesheets = ["assets/glimpse.css": StylesheetRules.normalized(Data(after.utf8))]
        return (base, new)
    }

    /// The widget's page: its 9:00 frame with a title, its midnight frame without, its placeholder
    /// with its own class; each light and dark.
    static let markup = GalleryMarkup(pages: [
        "app/one/systemSmall.html": [
            "t-0900": roots(#"<p class="tally-title">9:00</p>"#),
            "t-0000": roots("<p>Later</p>"),
            "placeholder": roots(#"<p class="tally-empty"></p>"#),
        ]
    ])

    static func roots(_ inner: String) -> [(scheme: String, markup: String)] {
        ["light", "dark"].map {
            ($0, #"<div class="widget app-tally scheme-\#($0)" data-family="systemSmall">\#(inner)</div>"#)
        }
    }

    /// What is drawn to compare, as `anchor/scheme`; and the report, with what each asset reached.
    static func drawn(_ galleries: (base: Gallery, new: Gallery)) -> (pairs: [String], report: DiffReport) {
        var report = GalleryDiff.compare(galleries.base, galleries.new)
        let plan = PixelPlan(report: report, base: galleries.base, new: galleries.new)
        let work = plan.tiles(base: markup, new: markup)
        plan.apply(work, results: [:], singles: [:], scale: 1, to: &report)
        return (work.pairs.map { "\(plan.targets[$0.target].newAnchor ?? "")/\($0.scheme)" }, report)
    }

    static let sheet = ".widget{margin:0}.tally-title{font-weight:600}.tally-empty{opacity:1}"

    @Test func anEditedRuleDrawsOnlyTheFramesWithItsClasses() {
        let (pairs, report) = Self.drawn(Self.galleries(Self.sheet, Self.sheet.replacing("600", with: "800")))
        #expect(pairs == ["t-0900/light", "t-0900/dark"])
        #expect(report.assets.map(\.reaches) == [1])
    }

    @Test func aRuleForOneSchemeDrawsOnlyThatScheme() {
        let (pairs, _) = Self.drawn(Self.galleries(Self.sheet, Self.sheet + ".scheme-dark .tally-title{opacity:.5}"))
        #expect(pairs == ["t-0900/dark"])
    }

    @Test func aRuleNoFrameHasDrawsNothing() {
        let (pairs, report) = Self.drawn(Self.galleries(Self.sheet, Self.sheet + ".tally-other{opacity:.5}"))
        #expect(pairs.isEmpty)
        #expect(report.assets.map(\.reaches) == [0])
    }

    @Test func aPlaceholderIsDrawnWhenTheChangeReachesIt() {
        let (pairs, _) = Self.drawn(Self.galleries(Self.sheet, Self.sheet.replacing("opacity:1", with: "opacity:0")))
        #expect(pairs == ["placeholder/light", "placeholder/dark"])
    }

    @Test func aRuleForEveryWidgetDrawsEveryFrame() {
        let (pairs, _) = Self.drawn(Self.galleries(Self.sheet, Self.sheet.replacing("margin:0", with: "margin:1px")))
        #expect(pairs.count == 6)
    }

    @Test func aMarkedFrameAndItsPlaceholderAreDrawnWhateverTheChangeReaches() {
        let frames = [
            Make.frame("2026-11-22T09:00:00-05:00"),
            Make.frame("2026-11-23T00:00:00-05:00", state: "later", texts: ["Bye"], hash: "h2"),
        ]
        let (pairs, _) = Self.drawn(
            Self.galleries(Self.sheet, Self.sheet + ".tally-other{opacity:.5}", frames: frames))
        #expect(pairs == ["t-0000/light", "t-0000/dark", "placeholder/light", "placeholder/dark"])
    }

    @Test func aScriptChangedDrawsNothingAndAFontEverything() {
        let script = Self.galleries(
            Self.sheet, Self.sheet, assets: ["assets/glimpse.js": "a"], newAssets: ["assets/glimpse.js": "b"])
        #expect(
            PixelPlan(report: GalleryDiff.compare(script.base, script.new), base: script.base, new: script.new)
                .targets.isEmpty)
        #expect(Self.drawn(script).report.assets.map(\.reaches) == [0])
        let font = Self.galleries(
            Self.sheet, Self.sheet, assets: ["assets/fonts/Tally.otf": "a"], newAssets: ["assets/fonts/Tally.otf": "b"])
        #expect(Self.drawn(font).pairs.count == 6)
    }
}
