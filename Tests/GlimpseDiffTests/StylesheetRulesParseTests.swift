import Foundation
import Testing

@testable import GlimpseDiff
@testable import GlimpseGallery

/// A stylesheet read as its rules: conditional groups flattened into the rules they hold, strings
/// and escapes read whole, and anything unbalanced not read at all.
@Suite struct StylesheetRulesParseTests {
    typealias Rule = StylesheetRules.Rule

    /// The rules of `css`, as the diff reads them: normalized first, comments gone.
    static func rules(_ css: String) -> [Rule]? {
        StylesheetRules.rules(of: StylesheetRules.normalized(Data(css.utf8)))
    }

    @Test func styleRulesAreReadInOrderWithTheirSelectorsAndBodies() {
        #expect(
            Self.rules("/* The title. */\n.tally-title { font-weight: 600; }\n.a, .b > p { margin: 0 }\n")
                == [
                    Rule(context: [], prelude: ".tally-title", body: "font-weight: 600;"),
                    Rule(context: [], prelude: ".a, .b > p", body: "margin: 0"),
                ])
    }

    @Test func conditionalGroupsAreFlattenedIntoRulesThatCarryThem() {
        let css = """
            @media (min-width: 40em) {
              .a { color: red; }
              @supports (display: grid) { .b { display: grid } }
            }
            @MEDIA print { .c { color: black } }
            .d { color: blue }
            """
        #expect(
            Self.rules(css) == [
                Rule(context: ["@media (min-width: 40em)"], prelude: ".a", body: "color: red;"),
                Rule(
                    context: ["@media (min-width: 40em)", "@supports (display: grid)"], prelude: ".b",
                    body: "display: grid"),
                Rule(context: ["@MEDIA print"], prelude: ".c", body: "color: black"),
                Rule(context: [], prelude: ".d", body: "color: blue"),
            ])
    }

    @Test func otherAtRulesAreRulesOfTheirOwnAndStatementsHaveNoBody() {
        let css = """
            @import "more.css";
            @font-face { font-family: "Tally"; src: url("fonts/Tally.otf") }
            @layer base { .a { color: red } }
            @keyframes pulse { from { opacity: 0 } to { opacity: 1 } }
            """
        #expect(
            Self.rules(css) == [
                Rule(context: [], prelude: "@import \"more.css\"", body: nil),
                Rule(context: [], prelude: "@font-face", body: "font-family: \"Tally\";src: url(\"fonts/Tally.otf\")"),
                Rule(context: [], prelude: "@layer base", body: ".a{color: red}"),
                Rule(context: [], prelude: "@keyframes pulse", body: "from{opacity: 0}to{opacity: 1}"),
            ])
    }

    @Test func bracesInStringsAndEscapesAndSemicolonsInParenthesesOpenAndCloseNothing() {
        #expect(
            Self.rules(".a::after { content: \"}{\" } .b\\{c { content: '{' } @supports (x: y;z) { .d { e: f } }")
                == [
                    Rule(context: [], prelude: ".a::after", body: "content: \"}{\""),
                    Rule(context: [], prelude: ".b\\{c", body: "content: '{'"),
                    Rule(context: ["@supports (x: y;z)"], prelude: ".d", body: "e: f"),
                ])
    }

    @Test(arguments: [
        ".a { color: red", ".a { color: red } }", "} .a { color: red }", ".a { color: red }; .b { color: blue }",
        ".a; .b { color: blue }", "@media print { .a { color: red }",
    ])
    func whatIsNotBalancedIsNotRead(css: String) {
        #expect(Self.rules(css) == nil)
    }

    @Test func groupsNestDeepAtMostToTheirLimit() {
        func nested(_ depth: Int) -> String {
            String(repeating: "@media print{", count: depth) + ".a{b:c}" + String(repeating: "}", count: depth)
        }
        let deepest = StylesheetRules.maximumGroupDepth
        #expect(Self.rules(nested(deepest))?.first?.context.count == deepest)
        #expect(Self.rules(nested(deepest + 1)) == nil)
    }

    @Test func anEmptyStylesheetHasNoRules() {
        #expect(Self.rules("") == [])
        #expect(Self.rules("/* only a comment */") == [])
    }
}
