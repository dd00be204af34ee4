import Foundation
import Testing

@testable import GlimpseDiff
@testable import GlimpseGallery

/// Which rules of a stylesheet changed, and which frames they can reach: a comment changes none, an
/// edited rule reaches the frames with its classes, and what could reach any frame reaches all.
@Suite struct StylesheetRulesChangesTests {
    typealias Rule = StylesheetRules.Rule

    static let sheet = """
        :root { --w-bg: #FFF; }
        .widget { border-radius: 22px; }
        .tally-title { font-weight: 600; }
        @media (min-width: 400px) { .tally-count { font-size: 20px; } }
        .app-tally { --w-accent: red; }
        @font-face { font-family: "Tally"; src: url("fonts/Tally.otf"); }
        """

    static func rules(_ css: String) -> [Rule]? {
        StylesheetRules.rules(of: StylesheetRules.normalized(Data(css.utf8)))
    }

    /// What changing `sheet` with `edit` reaches; nil when its rules moved or could not be read.
    static func reach(_ edit: (String) -> String) -> AssetReach? {
        guard let old = rules(sheet), let new = rules(edit(sheet)) else { return nil }
        return StylesheetRules.changedRules(old, new).map(StylesheetRules.reach(of:))
    }

    static func replacing(_ text: String, with other: String) -> (String) -> String {
        { $0.replacingOccurrences(of: text, with: other) }
    }

    @Test func aCommentOrASpaceChangesNoRule() {
        #expect(Self.reach { "/* A note. */\n" + $0.replacingOccurrences(of: "; }", with: ";\n}") } == .nothing)
    }

    @Test func anEditedRuleIsTheOnlyChangeAndReachesTheFramesWithItsClasses() throws {
        let edited = Self.sheet.replacingOccurrences(of: "600", with: "800")
        let changed = StylesheetRules.changedRules(
            try #require(Self.rules(Self.sheet)), try #require(Self.rules(edited)))
        #expect(
            changed == [
                Rule(context: [], prelude: ".tally-title", body: "font-weight: 600;"),
                Rule(context: [], prelude: ".tally-title", body: "font-weight: 800;"),
            ])
        #expect(Self.reach(Self.replacing("600", with: "800")) == .classes([["tally-title"]]))
    }

    @Test func aRuleAddedOrRemovedReachesTheFramesWithItsClasses() {
        #expect(
            Self.reach { $0 + "\n.scheme-dark .tally-title { opacity: 0.5 }" }
                == .classes([["scheme-dark", "tally-title"]]))
        #expect(
            Self.reach(Self.replacing(".tally-title { font-weight: 600; }", with: "")) == .classes([["tally-title"]]))
        #expect(Self.reach(Self.replacing("red", with: "blue")) == .classes([["app-tally"]]))
    }

    @Test func aGroupsConditionChangedReachesTheFramesWithItsRulesClasses() {
        #expect(Self.reach(Self.replacing("400px", with: "500px")) == .classes([["tally-count"]]))
    }

    /// Each selector whose rules changed, with its declarations before and after and its reach.
    @Test func changedRulesAreToldSelectorBySelector() throws {
        let old = try #require(Self.rules(Self.sheet))
        let new = try #require(
            Self.rules(
                Self.sheet.replacingOccurrences(of: "font-weight: 600", with: "font-weight: 700")
                    .replacingOccurrences(of: "font-size: 20px", with: "font-size: 22px") + "\n.tally-new { gap: 2px; }"
            ))
        let changes = try #require(StylesheetRules.selectorChanges(old, new))
        #expect(
            changes.map(\.change.selector) == [".tally-title", "@media (min-width: 400px) .tally-count", ".tally-new"])
        #expect(changes[0].change.before == "font-weight: 600;" && changes[0].change.after == "font-weight: 700;")
        #expect(changes[2].change.before == nil && changes[2].change.after == "gap: 2px;")
        #expect(
            changes.map(\.reach) == [
                .classes([["tally-title"]]), .classes([["tally-count"]]), .classes([["tally-new"]]),
            ])
        let moved = try #require(Self.rules(".widget { border-radius: 22px; }\n:root { --w-bg: #FFF; }"))
        #expect(
            StylesheetRules.selectorChanges(try #require(Self.rules(Self.sheet)).prefix(2).map { $0 }, moved) == nil)
    }

    @Test func aRuleMovedIsNotOnlyAChangeOfItsOwn() throws {
        let moved =
            Self.sheet.replacingOccurrences(of: ".widget { border-radius: 22px; }\n", with: "")
            + "\n.widget { border-radius: 22px; }"
        let old = try #require(Self.rules(Self.sheet))
        let new = try #require(Self.rules(moved))
        #expect(Set(old) == Set(new))
        #expect(StylesheetRules.changedRules(old, new) == nil)
        #expect(StylesheetRules.changedRules([old[0], old[0], old[1]], [old[0], old[1]]) == [old[0]])
    }

    @Test func aRuleMovedAndEditedIsOnlyAChange() {
        #expect(
            Self.reach {
                $0.replacingOccurrences(of: ".tally-title { font-weight: 600; }\n", with: "")
                    + "\n.tally-title { font-weight: 800; }"
            } == .classes([["tally-title"]]))
    }

    @Test(arguments: [
        ("fonts/Tally.otf", "fonts/Tally2.otf"),  // @font-face
        (":root { --w-bg: #FFF; }", ":root { --w-bg: #000; }"),  // no class
        (".widget {", ".widget, div {"),  // a selector with no class
        (".app-tally {", ".app-\\74 ally {"),  // an escape
        ("red; }", "red; .tally-title { color: blue } }"),  // nested rules
        ("", "@keyframes pulse { to { opacity: 0 } }\n"),
        ("", "@import \"more.css\";\n"),
        ("", "@property --w-bg { syntax: '<color>'; inherits: true; initial-value: red }\n"),
        ("", "@layer base;\n"),
    ])
    func whatCouldReachAnyFrameReachesEveryFrame(before: String, after: String) {
        let edit: (String) -> String = before.isEmpty ? { after + $0 } : Self.replacing(before, with: after)
        #expect(Self.reach(edit) == .everything)
    }
}
