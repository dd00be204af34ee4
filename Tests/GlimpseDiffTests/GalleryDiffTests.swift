import Foundation
import GlimpseFormat
import GlimpseSite
import Testing

@testable import GlimpseDiff
@testable import GlimpseGallery
@testable import GlimpseReports
@testable import GlimpseReview

/// The structural diff, on manifests made here: what each kind of change is reported as.
@Suite struct GalleryDiffTests {
    // Manifests are made as the JSON a build writes, and decoded.
    typealias JSON = [String: Any]

    static func frame(_ start: String, state: String = "ok", texts: [String] = ["Hello"], hash: String = "h1") -> JSON {
        [
            "start": start, "end": start, "state": state, "texts": texts, "links": [String](), "hash": hash,
            "reload": 0,
            "anchor": "t-" + start.dropFirst(11).prefix(5).replacingOccurrences(of: ":", with: ""),
        ]
    }

    static func reload(budgetLeft: Int, refused: Bool = false, at: String = "2026-11-22T09:00:00-05:00") -> JSON {
        [
            "at": at, "reason": "initial", "budgeted": true, "refused": refused, "budgetLeft": budgetLeft,
            "failed": false,
        ]
    }

    static func widget(
        _ scenario: String = "one", now: String = "2026-11-22T09:00:00-05:00", frames: [JSON]? = nil,
        reloads: [JSON]? = nil, diagnostics: [JSON] = []
    ) -> JSON {
        [
            "app": "app", "scenario": scenario, "family": "systemSmall", "size": ["width": 158, "height": 158],
            "page": "app/\(scenario)/systemSmall.html", "now": now, "timeZone": "America/New_York",
            "frames": frames ?? [
                frame("2026-11-22T09:00:00-05:00"), frame("2026-11-23T00:00:00-05:00", state: "later"),
            ],
            "reloads": reloads ?? [reload(budgetLeft: 71)], "diagnostics": diagnostics,
        ]
    }

    static func gallery(
        _ widgets: [JSON], now: String = "2026-11-22T09:00:00-05:00", device: String = "393x852",
        assets: [String: String] = ["assets/glimpse.css": "a"], formats: String? = nil
    ) -> Gallery {
        var manifest: JSON = [
            "schemaVersion": 1, "generator": "glimpse test", "now": now, "timeZone": "America/New_York",
            "locale": "en_US",
            "device": ["name": device, "screen": ["width": 393, "height": 852]], "diagnostics": [JSON](),
            "widgets": widgets,
        ]
        if let formats { manifest["formats"] = formats }
        let data = try! JSONSerialization.data(withJSONObject: manifest)
        return Gallery(
            url: URL(fileURLWithPath: "/g"), manifest: try! JSONDecoder().decode(Manifest.self, from: data),
            assets: assets)
    }

    @Test func equalGalleriesHaveNothingToReview() {
        let report = GalleryDiff.compare(Self.gallery([Self.widget()]), Self.gallery([Self.widget()]))
        #expect(!report.hasChanges && report.summary.unchanged == 1 && report.settings.isEmpty)
        #expect(!DiffFailOn.changes.failsBuild(report))
    }

    @Test func aFrameWhoseTextChangedIsReportedWithBothTexts() throws {
        let new = Self.widget(frames: [
            Self.frame("2026-11-22T09:00:00-05:00", texts: ["Bye"], hash: "h2"),
            Self.frame("2026-11-23T00:00:00-05:00", state: "later"),
        ])
        let report = GalleryDiff.compare(Self.gallery([Self.widget()]), Self.gallery([new]))
        let change = try #require(report.widgets.first)
        #expect(change.status == "changed" && change.frames.count == 1)
        #expect(
            change.frames[0].textsBefore == ["Hello"] && change.frames[0].textsAfter == ["Bye"]
                && change.frames[0].htmlChanged)
        #expect(DiffFailOn.changes.failsBuild(report) && !DiffFailOn.never.failsBuild(report))
    }

    @Test func framesMatchByTheirOffsetFromNow() throws {
        // The new gallery starts an hour later; its frames are an hour later too: nothing changed.
        let later = Self.widget(
            now: "2026-11-22T10:00:00-05:00",
            frames: [Self.frame("2026-11-22T10:00:00-05:00"), Self.frame("2026-11-23T01:00:00-05:00", state: "later")],
            reloads: [Self.reload(budgetLeft: 71, at: "2026-11-22T10:00:00-05:00")])
        let report = GalleryDiff.compare(
            Self.gallery([Self.widget()]), Self.gallery([later], now: "2026-11-22T10:00:00-05:00"))
        #expect(report.widgets.first?.status == "unchanged")
        #expect(report.settings.map(\.setting) == ["now"])
    }

    @Test func aStateChangeAndANewFrame() throws {
        let new = Self.widget(frames: [
            Self.frame("2026-11-22T09:00:00-05:00"), Self.frame("2026-11-22T21:00:00-05:00", state: "overflow"),
            Self.frame("2026-11-23T00:00:00-05:00", state: "habits", hash: "h3"),
        ])
        let change = try #require(GalleryDiff.compare(Self.gallery([Self.widget()]), Self.gallery([new])).widgets.first)
        #expect(change.frames.map(\.change) == ["added", "changed"])
        #expect(change.frames[1].stateBefore == "later" && change.frames[1].stateAfter == "habits")
        #expect(change.frames[0].offset == 12 * 3600)
        #expect(change.frames[1].stateText == "later → habits at 12:00 AM")
        #expect(change.frames[0].stateText == "overflow at 9:00 PM")
    }

    @Test func aStoryboardStepThatChanged() throws {
        func tap(_ texts: [String]) -> JSON {
            [
                "at": "2026-11-22T09:01:00-05:00", "action": "Tapped “Water”", "link": "app://tap?id=1",
                "state": "habits", "texts": texts,
                "anchor": "tap-1",
            ]
        }
        var base = Self.widget()
        var new = Self.widget()
        base["storyboard"] = [tap(["Read", "Walk"])]
        new["storyboard"] = [tap(["Walk"])]
        let change = try #require(GalleryDiff.compare(Self.gallery([base]), Self.gallery([new])).widgets.first)
        #expect(change.status == "changed" && change.frames.isEmpty)
        #expect(change.storyboard.map(\.anchor) == ["tap-1"] && change.storyboard[0].offset == 60)
        #expect(change.storyboard[0].textsAfter == ["Tapped “Water”", "Walk"])
        #expect(change.headline == "1 storyboard step changed")
    }

    @Test func reloadsAndDiagnostics() throws {
        let problem: JSON = ["severity": "warning", "message": "not valid JSON", "file": "store.json"]
        let new = Self.widget(
            reloads: [Self.reload(budgetLeft: 71), Self.reload(budgetLeft: 70, refused: true)], diagnostics: [problem])
        let change = try #require(GalleryDiff.compare(Self.gallery([Self.widget()]), Self.gallery([new])).widgets.first)
        #expect(change.reloads.map(\.measure) == ["refused", "reloads"])
        #expect(change.diagnostics.new.map(\.message) == ["not valid JSON"] && change.diagnostics.resolved.isEmpty)
        #expect(change.headline == "refused 0 → 1; reloads 1 → 2; 1 new diagnostic(s)")
    }

    @Test func widgetsAddedRemovedAndSettings() {
        let report = GalleryDiff.compare(
            Self.gallery([Self.widget("one")]),
            Self.gallery([Self.widget("two", reloads: [Self.reload(budgetLeft: 40)])], device: "375x667"))
        #expect(report.widgets.map(\.status) == ["removed", "added"])
        #expect(report.summary.added == 1 && report.summary.removed == 1)
        #expect(report.settings.map(\.setting) == ["device", "reloadBudget"])
        #expect(report.settings.last?.before == "72" && report.settings.last?.after == "41")
    }

    /// Another toolchain's ICU or CLDR may format the same value otherwise: the review says so.
    @Test func anotherICUIsASetting() {
        let report = GalleryDiff.compare(
            Self.gallery([Self.widget()], formats: "ICU 74.2, CLDR 44"),
            Self.gallery([Self.widget()], formats: "ICU 76.1, CLDR 46"))
        #expect(
            report.settings.map { "\($0.setting): \($0.before) → \($0.after)" } == [
                "formats: ICU 74.2, CLDR 44 → ICU 76.1, CLDR 46"
            ])
        let older = GalleryDiff.compare(
            Self.gallery([Self.widget()]), Self.gallery([Self.widget()], formats: "ICU 76.1, CLDR 46"))
        #expect(older.settings.map(\.before) == ["unknown"])
    }

    @Test func aChangedStylesheetIsAChangeThoughNoFrameChanged() {
        let report = GalleryDiff.compare(
            Self.gallery([Self.widget()]), Self.gallery([Self.widget()], assets: ["assets/glimpse.css": "b"]))
        #expect(report.assets.map(\.path) == ["assets/glimpse.css"] && report.assets[0].reaches == 1)
        #expect(report.summary.changed == 0 && report.hasChanges)
    }

    @Test func junitEscapesWhatAStoreWrote() {
        let hostile = Self.widget(frames: [
            Self.frame("2026-11-22T09:00:00-05:00", texts: ["<script>\"&\u{1B}[31m"], hash: "x")
        ])
        let xml = String(
            decoding: ReviewJUnit.xml(
                GalleryDiff.compare(Self.gallery([Self.widget()]), Self.gallery([hostile])), failOn: .changes),
            as: UTF8.self)
        #expect(xml.contains("&lt;script&gt;&quot;&amp;\u{FFFD}[31m") && !xml.contains("<script>"))
        #expect(xml.contains("tests=\"1\" failures=\"1\""))
    }
}
