import Foundation
import Testing

@testable import GlimpseDiff
@testable import GlimpseGallery

/// A stylesheet changed only in its comments or spacing draws the same; anything that could draw
/// differently never compares equal.
@Suite struct StylesheetRulesTests {
    static func rules(_ css: String) -> String {
        String(decoding: StylesheetRules.normalized(Data(css.utf8)), as: UTF8.self)
    }

    @Test(arguments: [
        (".a { color: red; }", "/* A note. */\n.a {\n  color: red;\n}\n"),
        (".a{color:red}", ".a{color:red}/* trailing"),
        ("a b { margin: 0 4px }", "a  /* between */  b\t{ margin: 0 4px }"),
        (".a { content: \"x\" }", ".a {\n\tcontent: \"x\"\n}"),
    ])
    func commentsAndSpacingAreNotRules(before: String, after: String) {
        #expect(Self.rules(before) == Self.rules(after))
    }

    @Test(arguments: [
        (".a { color: red; }", ".a { color: blue; }"),
        ("a b{}", "ab{}"),
        ("a b{}", "a/**/b{}"),
        ("a :hover{}", "a:hover{}"),
        (".a { content: \"x  y\" }", ".a { content: \"x y\" }"),
        (".a { content: \"/* not a comment */\" }", ".a { content: \"\" }"),
        (".a { margin: 0 4px }", ".a { margin: 04px }"),
    ])
    func whatCouldDrawDifferentlyDiffers(before: String, after: String) {
        #expect(Self.rules(before) != Self.rules(after))
    }

    @Test func aStylesheetChangedOnlyInItsCommentsMakesNoFrameACandidate() {
        typealias Make = GalleryDiffTests
        var base = Make.gallery([Make.widget()], assets: ["assets/glimpse.css": "a"])
        var new = Make.gallery([Make.widget()], assets: ["assets/glimpse.css": "b"])
        base.rules = ["assets/glimpse.css": "same"]
        new.rules = ["assets/glimpse.css": "same"]
        let commented = GalleryDiff.compare(base, new)
        #expect(commented.assets.map(\.sameRules) == [true])
        #expect(PixelPlan(report: commented, base: base, new: new).targets.isEmpty)
        new.rules = ["assets/glimpse.css": "other"]
        let restyled = GalleryDiff.compare(base, new)
        #expect(restyled.assets.map(\.sameRules) == [nil])
        #expect(!PixelPlan(report: restyled, base: base, new: new).targets.isEmpty)
    }
}
