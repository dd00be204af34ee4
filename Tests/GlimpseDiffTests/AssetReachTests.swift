import Foundation
import Testing

@testable import GlimpseDiff
@testable import GlimpseGallery

/// What a changed shared asset reaches: a script nothing, a font every frame, a stylesheet the
/// frames with the classes of its changed rules, read from each frame's markup.
@Suite struct AssetReachTests {
    typealias Make = GalleryDiffTests

    @Test func aFrameIsDrawnWithTheClassesOfItsMarkupAndItsCell() {
        let markup = #"<div class="widget  scheme-dark" data-x="class"><p CLASS = "tally-title">classic</p></div>"#
        #expect(AssetReach.classes(of: markup) == ["widget", "scheme-dark", "tally-title", "glimpse-cell"])
        #expect(AssetReach.classes(of: "<p>No class here.</p>") == ["glimpse-cell"])
    }

    @Test(arguments: [#"<p class='a'>"#, #"<p class=a>"#, #"<p class="a&amp;b">"#, #"<p class=""#])
    func aClassAttributeWrittenOtherwiseIsNotRead(markup: String) {
        #expect(AssetReach.classes(of: markup) == nil)
    }

    @Test func aFrameIsReachedWhenItHasEveryClassOfOneSet() {
        let reach = AssetReach.classes([["scheme-dark", "tally-title"], ["tally-count"]])
        #expect(reach.reaches(["widget", "scheme-dark", "tally-title"]))
        #expect(reach.reaches(["tally-count"]))
        #expect(!reach.reaches(["widget", "scheme-light", "tally-title"]))
        #expect(reach.reaches(nil))
        #expect(!AssetReach.nothing.reaches(nil) && !AssetReach.nothing.reaches(["widget"]))
        #expect(AssetReach.everything.reaches([]))
    }

    /// What changing `path` from `before` to `after` reaches (nil: the file is not there), its
    /// stylesheets kept as a gallery keeps them unless `kept` is false.
    static func reach(_ path: String, _ before: String?, _ after: String?, kept: Bool = true) -> AssetReach {
        var base = Make.gallery([Make.widget()], assets: before.map { [path: $0] } ?? [:])
        var new = Make.gallery([Make.widget()], assets: after.map { [path: $0] } ?? [:])
        if kept {
            base.stylesheets = before.map { [path: StylesheetRules.normalized(Data($0.utf8))] } ?? [:]
            new.stylesheets = after.map { [path: StylesheetRules.normalized(Data($0.utf8))] } ?? [:]
        }
        let report = GalleryDiff.compare(base, new)
        return AssetReach.of(report.assets[0], base: base, new: new)
    }

    @Test func aScriptReachesNoFrameAndAFontEveryOne() {
        #expect(Self.reach("assets/glimpse.js", "let a = 1", "let a = 2") == .nothing)
        #expect(Self.reach("assets/fonts/Tally.otf", "one", "two") == .everything)
    }

    @Test func aStylesheetReachesWhatItsChangedRulesReach() {
        let before = ".tally-title{font-weight:600}.widget{margin:0}"
        let after = ".tally-title{font-weight:800}.widget{margin:0}"
        #expect(Self.reach("assets/glimpse.css", before, after) == .classes([["tally-title"]]))
        #expect(Self.reach("assets/glimpse.css", before, after, kept: false) == .everything)
        #expect(Self.reach("assets/glimpse.css", before, after + "}") == .everything)
        #expect(Self.reach("assets/extra.css", nil, ".tally-count{color:red}") == .classes([["tally-count"]]))
        #expect(Self.reach("assets/extra.css", ".tally-count{color:red}", nil) == .classes([["tally-count"]]))
    }
}
