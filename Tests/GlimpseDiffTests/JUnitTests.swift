import Testing

@testable import GlimpseReports

/// The one JUnit writer that diff's review and check share: each outcome's exact markup, and text
/// escaped wherever it goes.
@Suite struct JUnitTests {
    @Test func eachOutcomeIsOneCaseOnOneLine() {
        #expect(JUnit.testCase(name: "a/b", className: "app", .passed) == #"<testcase name="a/b" classname="app"/>"#)
        #expect(
            JUnit.testCase(name: "a/b", className: "app", .passedSaying("approved by jane"))
                == #"<testcase name="a/b" classname="app"><system-out>approved by jane</system-out></testcase>"#)
        #expect(
            JUnit.testCase(
                name: "a/b", className: "app", .failed(type: "clipped", message: "1 problem", details: "x\ny"))
                == #"<testcase name="a/b" classname="app"><failure type="clipped" message="1 problem">x"#
                + "\ny</failure></testcase>")
    }

    @Test func storeTextIsEscapedInNamesMessagesAndDetails() {
        let hostile = "<b>\"Tom & Jerry\"</b>\u{1}"
        let line = JUnit.testCase(
            name: hostile, className: hostile, .failed(type: "truncated", message: hostile, details: hostile))
        #expect(!line.contains("<b>") && !line.contains("\u{1}"))
        #expect(line.contains("&lt;b&gt;&quot;Tom &amp; Jerry&quot;&lt;/b&gt;\u{FFFD}"))
        #expect(
            JUnit.documentStart(name: "glimpse check", tests: 2, failures: 1)
                == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + #"<testsuites name="glimpse check" tests="2" failures="1">"#)
        #expect(
            JUnit.suiteStart(name: "a&b", tests: 2, failures: 0)
                == #"<testsuite name="a&amp;b" tests="2" failures="0">"#)
    }
}
