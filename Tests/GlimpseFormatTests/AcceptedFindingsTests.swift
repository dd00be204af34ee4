import Foundation
import GlimpseFormat
import Testing

/// The accept file: what it accepts, and how it says what is wrong with it.
struct AcceptedFindingsTests {
    static let file = """
        {
          "schemaVersion": 1,
          "accepted": [
            {"rule": "truncated", "widget": "habits/*/systemSmall*", "text": "Practise the piano",
             "reason": "Habit titles are user data; truncation at Small is the design"},
            {"rule": "contrast", "widget": "goal/fresh/systemSmall", "text": "41",
             "reason": "Under review with the designer"}
          ]
        }
        """

    func finding(_ rule: CheckRule, key: String, text: String?, role: String? = nil) -> FindingsV2.Finding {
        let parts = key.split(separator: "/").map(String.init)
        return FindingsV2.Finding(
            rule: rule, severity: .error,
            widget: .init(key: key, app: parts[0], scenario: parts[1], family: parts[2], device: nil, textSize: nil),
            page: "\(parts[0])/\(parts[1])/\(parts[2]).html", frame: "t-0900", scheme: "light",
            element: .init(text: text, role: role, box: .init(x: 0, y: 0, width: 10, height: 10)), message: "",
            measured: .init())
    }

    @Test func anEntryAcceptsItsRuleWidgetsAndTextOnly() throws {
        let accepted = try AcceptedFindings.decode(Data(Self.file.utf8), file: "glimpse-accepted.json")
        let key = "habits/long-titles/systemSmall"
        #expect(accepted.acceptance(of: finding(.truncated, key: key, text: "Practise the piano")) != nil)
        #expect(
            accepted.acceptance(of: finding(.truncated, key: key + "@320x568@AX5", text: "Practise the piano")) != nil)
        // Another text, another rule, another family: a different problem, never silenced.
        #expect(accepted.acceptance(of: finding(.truncated, key: key, text: "Practise the violin")) == nil)
        #expect(accepted.acceptance(of: finding(.clipped, key: key, text: "Practise the piano")) == nil)
        #expect(
            accepted.acceptance(
                of: finding(.truncated, key: "habits/long-titles/systemMedium", text: "Practise the piano"))
                == nil)
        // Without a star, the key is matched whole.
        #expect(accepted.acceptance(of: finding(.contrast, key: "goal/fresh/systemSmall", text: "41")) != nil)
        #expect(accepted.acceptance(of: finding(.contrast, key: "goal/fresh/systemSmall@AX5", text: "41")) == nil)
    }

    @Test func aSourceEntryAcceptsWhateverTheTextAndOnlyThatSource() throws {
        let file = """
            {"schemaVersion": 2, "accepted": [
              {"rule": "truncated", "widget": "habits/*", "source": "store:habits[].title",
               "reason": "Habit titles are the user's; a row ends in an ellipsis"}]}
            """
        let accepted = try AcceptedFindings.decode(Data(file.utf8), file: "glimpse-accepted.json")
        var title = finding(
            .truncated, key: "habits/today/systemSmall@AX5", text: "Anruf bei Oma, bevor es zu spät ist")
        title.element.source = "store:habits[].title"
        #expect(accepted.acceptance(of: title) != nil)
        title.element.text = "●●●●●●●●●●●"
        #expect(accepted.acceptance(of: title) != nil)
        // The same text from another source, or none, is another problem.
        title.element.source = "copy:habits/more"
        #expect(accepted.acceptance(of: title) == nil)
        title.element.source = nil
        #expect(accepted.acceptance(of: title) == nil)
    }

    @Test func aSourcePatternAcceptsAFamilyOfCopyKeysAndNoOther() throws {
        let file = """
            {"schemaVersion": 2, "accepted": [
              {"rule": "not-scaling", "widget": "clock/*", "source": "copy:clock/since-*",
               "reason": "The time since is a fixed size by design"}]}
            """
        let accepted = try AcceptedFindings.decode(Data(file.utf8), file: "glimpse-accepted.json")
        var since = finding(.notScaling, key: "clock/recent/systemSmall@AX5", text: "20 min ago")
        for source in ["copy:clock/since-minutes", "copy:clock/since-hours"] {
            since.element.source = source
            #expect(accepted.acceptance(of: since) != nil)
        }
        for source in ["copy:clock/heading", "copy:clock/compact-since-minutes", "format:clock/since-minutes"] {
            since.element.source = source
            #expect(accepted.acceptance(of: since) == nil, "\(source)")
        }
    }

    @Test func anElementWithoutTextIsNamedByItsRole() throws {
        let entry = AcceptedFindings.Acceptance(rule: .graphicContrast, widget: "goal/*", text: "ring", reason: "r")
        #expect(entry.accepts(finding(.graphicContrast, key: "goal/fresh/systemSmall", text: nil, role: "ring")))
        #expect(!entry.accepts(finding(.graphicContrast, key: "goal/fresh/systemSmall", text: nil, role: "bar")))
    }

    @Test(arguments: [
        ("*", "a/b/c", true), ("a/*/c", "a/b/c", true), ("a/*/c", "a/b/d", false), ("*c", "a/b/c", true),
        ("a*b*c", "abc", true), ("a*b*c", "acb", false), ("", "", true), ("", "a", false), ("a**", "a", true),
        ("*a*a*a*a*a*b", String(repeating: "a", count: 200), false),
    ])
    func starsMatchAnyRun(pattern: String, key: String, matches: Bool) {
        let entry = AcceptedFindings.Acceptance(rule: .blank, widget: pattern, text: "widget", reason: "r")
        let parts = key.split(separator: "/", omittingEmptySubsequences: false).map(String.init) + ["", "", ""]
        var subject = finding(.blank, key: "x/y/z", text: nil, role: "widget")
        subject.widget = .init(
            key: key, app: parts[0], scenario: parts[1], family: parts[2], device: nil, textSize: nil)
        #expect(entry.accepts(subject) == matches)
    }

    /// Each mistake is named with the file, the line of the entry, the field and what is wrong.
    @Test(arguments: [
        ("{\"schemaVersion\": 1, \"accepted\": [\n{\"rule\": \"truncated\",, }]}", 2, "not valid JSON"),
        // A file that ends before its JSON does: its last line.
        ("{\n  \"schemaVersion\": 1,\n  \"accepted\": [\n    {\"rule\": \"truncated\",\n", 4, "not valid JSON"),
        (
            "{\"schemaVersion\": 1, \"accepted\": [\n{\"rule\": \"truncated\", \"widget\": \"*\", \"text\": \"a\", "
                + "\"reason\": \"r\"},\n\n{\"rule\": \"truncated\", \"widget\": \"*\", \"text\": \"a\"}]}",
            4, "accepted[1].reason: missing"
        ),
        (
            "{\"schemaVersion\": 1, \"accepted\": [\n{\"rule\": \"cut\", \"widget\": \"*\", \"text\": \"a\", "
                + "\"reason\": \"r\"}]}", 2,
            "accepted[0].rule: not a rule; the rules are truncated, clipped, contrast, graphic-contrast, small-text, "
                + "margin, blank, voiceover, not-localized, kept-background, overlap, hit-target, not-scaling"
        ),
        (
            "{\"schemaVersion\": 2, \"accepted\": [\n{\"rule\": \"blank\", \"widget\": \"*\", "
                + "\"reason\": \"r\"}]}", 2, "accepted[0]: name the element by its text or by its source"
        ),
        (
            "{\"schemaVersion\": 2, \"accepted\": [\n{\"rule\": \"blank\", \"widget\": \"*\", \"text\": \"a\", "
                + "\"source\": \"role:ring\", \"reason\": \"r\"}]}", 2,
            "accepted[0]: both text and source; name the element by one of them"
        ),
        (
            "{\"schemaVersion\": 1, \"accepted\": [\n{\"rule\": \"blank\", \"widget\": \"*\", "
                + "\"source\": \"role:ring\", \"reason\": \"r\"}]}", 2,
            "accepted[0].source: schema version 2 reads sources; set schemaVersion to 2"
        ),
        (
            "{\"schemaVersion\": 1, \"accepted\": [\n{\"rule\": \"blank\", \"widget\": 3, \"text\": \"a\", "
                + "\"reason\": \"r\"}]}", 2, "accepted[0].widget: not the right type"
        ),
        (
            "{\"schemaVersion\": 1, \"accepted\": [\n{\"rule\": \"blank\", \"widget\": \"*\", \"text\": \"a\", "
                + "\"reason\": \" \"}]}", 2, "accepted[0].reason: empty; say why the finding is accepted"
        ),
    ])
    func mistakesAreNamedWithTheirLine(text: String, line: Int, message: String) {
        #expect(throws: AcceptFileError(file: "glimpse-accepted.json", line: line, message: message)) {
            try AcceptedFindings.decode(Data(text.utf8), file: "glimpse-accepted.json")
        }
    }

    @Test func anotherVersionOrAnotherDocumentIsRefused() {
        #expect(
            throws: AcceptFileError(file: "a.json", line: nil, message: "schemaVersion 3; this glimpse reads 1 and 2")
        ) {
            try AcceptedFindings.decode(Data(#"{"schemaVersion": 3, "accepted": []}"#.utf8), file: "a.json")
        }
        #expect(throws: AcceptFileError(file: "a.json", line: nil, message: "schemaVersion: missing")) {
            try AcceptedFindings.decode(Data(#"{"widgets": []}"#.utf8), file: "a.json")
        }
        let huge = Data(count: AcceptedFindings.maximumBytes + 1)
        #expect(throws: AcceptFileError(file: "a.json", line: nil, message: "larger than 4 MB; not read")) {
            try AcceptedFindings.decode(huge, file: "a.json")
        }
    }

    @Test func aQuoteOrBraceInsideAStringIsNotAnEntry() throws {
        let text =
            "{\"schemaVersion\": 1, \"accepted\": [\n{\"rule\": \"blank\", \"widget\": \"{[\\\"\", \"text\": \"}\", "
            + "\"reason\": \"r\"},\n{\"rule\": \"blank\", \"widget\": \"*\", \"text\": \"a\"}]}"
        #expect(throws: AcceptFileError(file: "f", line: 3, message: "accepted[1].reason: missing")) {
            try AcceptedFindings.decode(Data(text.utf8), file: "f")
        }
    }
}

/// An accept file or a decisions file past a reader's JSON limits is refused before it is decoded,
/// naming the field and the limit (docs/LIMITS.md).
struct ReaderBoundsTests {
    @Test func aDeepOrLongAcceptFileIsRefusedNamingTheLimit() {
        let deep =
            "{\"schemaVersion\": 1, \"accepted\": " + String(repeating: "[", count: 40)
            + String(repeating: "]", count: 40) + "}"
        #expect {
            try AcceptedFindingsV2.decode(Data(deep.utf8), file: "glimpse-accepted.json")
        } throws: { error in
            (error as? AcceptFileError)?.message.hasSuffix(
                "nested deeper than 32 levels (manifest-depth, docs/LIMITS.md)")
                == true
        }
        let long =
            "{\"schemaVersion\": 1, \"accepted\": [{\"reason\": \"" + String(repeating: "r", count: 20_000) + "\"}]}"
        #expect {
            try AcceptedFindingsV2.decode(Data(long.utf8), file: "glimpse-accepted.json")
        } throws: { error in
            (error as? AcceptFileError)?.message
                == "accepted[0].reason: a string longer than the limit of 16,384 characters (manifest-string, "
                + "docs/LIMITS.md)"
        }
    }
}
