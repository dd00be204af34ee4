import Foundation
import GlimpseCore
import TestSupport
import Testing
import WidgetTimeline
import Widgets

@testable import GlimpseSite

/// The page models, built from rendered widgets without a template: what each page says.
struct PageModelTests {
    let now = date("2026-11-22T09:00:00-05:00")
    let formatting = TimeFormatting(timeZone: TimeZone(identifier: "America/New_York")!, locale: .enUS)
    let app = TallyApp()

    func view(_ state: TallyApp.State, link: String? = nil) -> WidgetView {
        WidgetView(
            state: state, template: "tally/systemSmall",
            model: TallyApp.Model(greeting: .empty, count: state.rawValue), texts: [state.rawValue],
            links: link.map { [$0] } ?? [], accessibilityLabel: "Tally \(state.rawValue)")
    }

    func scenario(_ name: String, title: String) -> Scenario {
        Scenario(
            app: app.id, name: name, title: title, description: nil, storeURL: URL(fileURLWithPath: "/dev/null"),
            displayPath: "content/scenarios/tally/\(name)", now: nil, timeZone: nil, expectDiagnostics: false,
            events: [])
    }

    /// A day of three frames: counting from 9:00, counting again after a refused reload, empty from 2:30 AM.
    func widget() -> RenderedWidget {
        let reloads = [
            ReloadRecord(at: now, reason: .initial, budgeted: true, refused: false, budgetLeft: 71, failed: false),
            ReloadRecord(
                at: now + 3600, reason: .after, budgeted: true, refused: true, budgetLeft: 0, failed: false,
                note: "over budget"),
            ReloadRecord(
                at: now + 5 * 3600, reason: .appEvent, budgeted: false, refused: false, budgetLeft: 71, failed: false),
        ]
        let frames = [
            (0.0, 5.0, TallyApp.State.counting, 0, "tally://a"), (5, 17.5, .counting, 2, "tally://b"),
            (17.5, 24, .empty, 2, "tally://a"),
        ].map {
            PreviewFrame(start: now + $0.0 * 3600, end: now + $0.1 * 3600, reload: $0.3, view: view($0.2, link: $0.4))
        }
        let preview = WidgetPreview(
            family: .systemSmall, size: WidgetSize(width: 158, height: 158), frames: frames, reloads: reloads,
            budget: ReloadBudget(limit: 72),
            placeholder: view(.counting),
            diagnostics: [
                Diagnostic(.info, "a note"), Diagnostic(.warning, "stale", file: "b.json"),
                Diagnostic(.warning, "odd", file: "a.json"),
            ],
            storeData: [StoreExcerpt(file: "tally.json", text: "{}")], notes: ["A tap does nothing."],
            storyboard: [
                StoryboardStep(at: now + 60, action: "Tapped “one”", link: "tally://tap", view: view(.counting))
            ])
        let schemes = [SchemeRender(scheme: "light", name: "Light", widget: "<div>W</div>")]
        return RenderedWidget(
            app: app, scenario: scenario("day", title: "A day"), preview: preview,
            frames: frames.enumerated().map {
                RenderedFrame(frame: $1, schemes: schemes, hash: "h\($0)", anchor: formatting.anchor($1.start))
            },
            placeholderSchemes: schemes, storyboard: [(preview.storyboard[0], schemes)],
            page: "tally/day/systemSmall.html",
            now: now, formatting: formatting, diagnostics: preview.diagnostics)
    }

    @Test func theDetailPageTellsTheDay() {
        let model = DetailPage.model(
            widget(), variants: VariantLinks(single: Variant(device: .standard, textSize: .large)))
        #expect(model.framesText == "3 frames" && model.lastIndex == 2)
        #expect(model.frames.map(\.anchor) == ["t-0900", "t-1400", "t-0230"])
        #expect(
            model.frames.map(\.stateAnchor) == ["state-counting", nil, "state-empty"],
            "a state's anchor on its first frame only")
        #expect(
            model.frames.map(\.rangeText) == [
                "9:00\u{202F}AM – 2:00\u{202F}PM", "2:00\u{202F}PM – 2:30\u{202F}AM (+1 day)",
                "2:30\u{202F}AM (+1 day) – 9:00\u{202F}AM (+1 day)",
            ])
        #expect(model.frames.map(\.durationText) == ["5 h", "12 h 30 min", "6 h 30 min"])
        #expect(model.frames.map(\.reloadReason) == ["initial", "appEvent", "appEvent"])
        #expect(model.reloads.map(\.result) == ["reloaded", "refused", "reloaded"])
        #expect(model.reloads.map(\.budgeted) == ["yes", "yes", "free"])
        #expect(model.budgetSummary == "1 of 72 budgeted reloads used, 71 left; 1 free; 1 refused")
        #expect(model.links.map(\.url) == ["tally://a", "tally://b"], "each tap target once, in order")
        #expect(model.storyboard.map(\.anchor) == ["tap-1"] && model.storyboard[0].time == "9:01\u{202F}AM")
        #expect(model.diagnostics.map(\.message) == ["odd", "stale", "a note"], "warnings first, by file")
        #expect(model.windowText == "Sun Nov 22, 9:00\u{202F}AM – Mon Nov 23, 9:00\u{202F}AM")
        #expect(model.size == "158×158 pt" && model.device == "393x852" && model.hasStoryboard && model.hasStoreData)
    }

    func summary(_ scenario: String, _ family: WidgetFamily, states: [String], warnings: Int = 0) -> WidgetSummary {
        WidgetSummary(
            app: app.id, scenario: self.scenario(scenario, title: scenario.capitalized), family: family,
            page: "tally/\(scenario)/\(family.rawValue).html", frameCount: states.count * 2, states: states,
            diagnostics: (0..<warnings).map { Diagnostic(.warning, "w\($0)") },
            thumbnails: HTMLFragment("<i>\(scenario)</i>"),
            manifestEntry: Data())
    }

    @Test func theAppPageIsAMatrixOfScenariosAndFamilies() {
        let widgets = [
            summary("busy", .systemSmall, states: ["counting", "empty"], warnings: 2),
            summary("busy", .accessoryInline, states: ["counting"]),
            summary("calm", .systemSmall, states: ["counting"]),
        ]
        let model = AppPage.model(
            app, widgets: widgets, options: BuildOptions(inputs: .init(knownApps: []), axes: .init(device: .standard)))
        #expect(model.scenarios.map(\.id) == ["s-busy", "s-calm"])
        #expect(model.scenarios[0].cells.map(\.href) == ["busy/systemSmall.html", "busy/accessoryInline.html"])
        #expect(
            model.scenarios[0].cells[0].stateSummary == "counting → empty"
                && model.scenarios[0].cells[0].framesText == "4 frames")
        #expect(model.scenarios[0].warningsText == "2 warnings" && model.scenarios[1].warningsText == "0 warnings")
        #expect(!model.hasNotes)
        let small = AppPage.model(
            app, widgets: widgets,
            options: BuildOptions(inputs: .init(knownApps: []), axes: .init(device: .named("320x568")!)))
        #expect(small.notes == ["Inline omitted: the 320x568 screen class has no Lock Screen accessories."])
        #expect(small.scenarios[0].cells.map(\.href) == ["busy/systemSmall.html"])
    }

    @Test func theIndexShowsEachAppsRichestWorkingScenario() {
        let widgets = [
            summary("broken", .systemSmall, states: ["counting", "empty", "other"], warnings: 1),
            summary("plain", .systemSmall, states: ["counting"]),
            summary("rich", .systemSmall, states: ["counting", "empty"]),
            summary("rich", .accessoryInline, states: ["counting"]),
        ]
        let reported = [
            ReportedDiagnostic(diagnostic: Diagnostic(.warning, "w"), location: "x", app: app.id, expected: true),
            ReportedDiagnostic(diagnostic: Diagnostic(.info, "build-wide"), location: nil, app: nil, expected: true),
        ]
        let build = BuildInfo(now: "now", timeZone: "UTC", locale: "en_US", device: "393x852", budget: 72)
        let model = IndexPage.model(apps: [app], widgets: widgets, diagnostics: reported, build: build)
        let card = model.apps[0]
        #expect(card.thumbnails.html == "<i>rich</i>", "the richest scenario without a warning")
        #expect((card.scenarioCount, card.familyCount, card.stateCount, card.warningCount) == (3, 2, 3, 1))
        #expect(model.diagnostics.map(\.message) == ["build-wide"] && model.hasDiagnostics)
    }
}
