import Testing

@testable import GlimpseDiff
@testable import GlimpseGallery

/// The classes a selector asks of what it matches: outside parentheses, attribute selectors and
/// strings only, and none read at all when a name is escaped.
@Suite struct StylesheetRulesSelectorsTests {
    @Test(
        arguments: [
            (".tally-title", [["tally-title"]]),
            (".app-tally .tally-title > span", [["app-tally", "tally-title"]]),
            (".scheme-dark .tally-title, .tally-rect-title", [["scheme-dark", "tally-title"], ["tally-rect-title"]]),
            (".widget.scheme-tinted *", [["widget", "scheme-tinted"]]),
            (".a:not(.x)", [["a"]]),
            (":is(.a, .b) .c", [["c"]]),
            (".a:has(.b) + .c::after", [["a", "c"]]),
            ("#id.a[data-x=\".y\"]", [["a"]]),
            ("a[href$=\".css\"]", [[]]),
            (":root", [[]]),
            ("*", [[]]),
            ("body, .a", [[], ["a"]]),
            ("div:nth-child(2n of .a)", [[]]),
        ] as [(String, [Set<String>])])
    func aSelectorAsksForTheClassesOutsideItsParentheses(selectors: String, classes: [Set<String>]) {
        #expect(StylesheetRules.requiredClasses(of: selectors) == classes)
    }

    @Test(arguments: [".md\\:flex", ".a, .b\\31 0", "[data-x=\"\\\"\"] .a"])
    func anEscapeAnywhereReadsNoClass(selectors: String) {
        #expect(StylesheetRules.requiredClasses(of: selectors) == nil)
    }
}
