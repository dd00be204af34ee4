import Foundation
import Testing

@testable import TestSupport

/// The text snapshots' own helper: where files go, and what a failure shows.
struct TextSnapshotTests {
    @Test func namesFollowTheLayoutSnapshotsWereRecordedIn() {
        let file = snapshotFile(
            filePath: "/repo/Tests/GlimpseSiteTests/Some/AppSnapshotTests.swift",
            function: "familyInEveryState(family:)", name: "systemSmall-noGoal")
        #expect(
            file.path
                == "/repo/Tests/GlimpseSiteTests/__Snapshots__/AppSnapshotTests/"
                + "familyInEveryState-family.systemSmall-noGoal.txt"
        )
        #expect(sanitized("theControl()") == "theControl")
        #expect(sanitized("--a  b--") == "a-b")
    }

    @Test func aDiffShowsRemovedThenAddedLinesWithContext() {
        let old = "one\ntwo\nthree\nfour\nfive\nsix"
        let new = "one\ntwo\nTHREE\nfour\nfive\nsix\nseven"
        #expect(lineDiff(old, new) == " two\n-three\n+THREE\n four\n six\n+seven")
        #expect(lineDiff(old, old) == "")
    }
}
