import GlimpseFormat
import GlimpseReview
import Testing

@testable import GlimpseDiff

/// Each change of a diff is put down to what made it, as far as the galleries tell, and to
/// `unattributed` otherwise: never a guess.
@Suite struct DiffCausesTests {
    static let side = DiffReport.Side(path: "g", generator: "t", schemaVersion: 5, now: "n", widgets: 0)

    /// A changed widget of `app`'s `scenario` whose one frame's `sources` changed.
    static func widget(
        _ family: String, app: String = "goal", scenario: String = "busy", sources: [DiffReport.SourceChange]?,
        status: String = "changed"
    ) -> DiffReport.WidgetChange {
        var widget = DiffReport.WidgetChange(
            key: "\(app)/\(scenario)/\(family)", app: app, scenario: scenario, family: family, device: nil,
            textSize: nil)
        widget.locale = "en_US"
        widget.status = status
        var frame = DiffReport.FrameChange(offset: 0, anchor: "t-0900", start: "s", change: "changed")
        frame.sources = sources
        if status == "changed" { widget.frames = [frame] }
        widget.newDigest = family
        return widget
    }

    static func attributed(
        _ widgets: [DiffReport.WidgetChange], settings: [DiffReport.SettingChange] = []
    )
        -> DiffReport
    {
        var report = DiffReport(base: side, new: side)
        report.widgets = widgets
        report.settings = settings
        DiffCauses.attribute(&report, language: "en_US")
        return report
    }

    static let edit = DiffReport.SourceChange(source: "copy:goal/done", before: "Done today", after: "Done for today")

    @Test func aCopyEditIsOneCauseInItsLanguageWhateverItReaches() {
        let report = Self.attributed([
            Self.widget("small", sources: [Self.edit]), Self.widget("medium", sources: [Self.edit]),
        ])
        #expect(report.causes.map(\.id) == ["copy:goal/done@en_US"])
        #expect(report.causes[0].widgets == ["goal/busy/small", "goal/busy/medium"] && report.causes[0].frames == 2)
        #expect(report.causes[0].before == "Done today" && report.causes[0].after == "Done for today")
        #expect(report.widgets.allSatisfy { $0.causes == ["copy:goal/done@en_US"] })
    }

    /// A caption the frame gives up because the edited status no longer leaves it room changed no
    /// words: the edit is the one cause. Alone, such a change is put down to nothing.
    @Test func aKeyDrawnOnOneSideOnlyIsNoCause() {
        let given = DiffReport.SourceChange(source: "copy:goal/caption", before: "of 66 days", after: nil)
        let report = Self.attributed([
            Self.widget("small", sources: [given, Self.edit]), Self.widget("medium", sources: [given]),
        ])
        #expect(report.widgets[0].causes == ["copy:goal/done@en_US"])
        #expect(report.widgets[1].causes == ["unattributed:goal"])
        #expect(!report.causes.contains { $0.id.hasPrefix("copy:goal/caption") })
    }

    @Test func whatVoiceOverSaysIsPutDownToTheCopyEditThatExplainsIt() {
        let said = DiffReport.SourceChange(
            source: "voiceover", before: "Run. 4 of 6 days. Done today", after: "Run. 4 of 6 days. Done for today")
        let otherwise = DiffReport.SourceChange(
            source: "voiceover", before: "Run. Done today", after: "Walk. Done for today")
        let report = Self.attributed([
            Self.widget("small", sources: [Self.edit]), Self.widget("circular", sources: [said]),
            Self.widget("inline", sources: [otherwise]),
        ])
        #expect(report.widgets[1].causes == ["copy:goal/done@en_US"])
        #expect(report.widgets[2].causes == ["unattributed:goal"], "a line that changed otherwise too")
        // Its row says the frame looks the same and speaks otherwise; a drawn edit is a change.
        #expect(report.widgets[1].headline == "1 frame changed only what VoiceOver says")
        #expect(report.widgets[0].headline == "1 frame changed")
    }

    @Test func aStoryboardStepIsExplainedByTheEditsOrNotAtAll() {
        var tapped = Self.widget("large", sources: nil)
        tapped.frames = []
        var step = DiffReport.FrameChange(offset: 0, anchor: "tap-1", start: "s", change: "changed")
        step.textsBefore = ["Tapped", "Done today"]
        step.textsAfter = ["Tapped", "Done for today"]
        tapped.storyboard = [step]
        var other = tapped
        other.key = "goal/busy/medium"
        other.storyboard[0].textsAfter = ["Tapped twice", "Done for today"]
        let report = Self.attributed([Self.widget("small", sources: [Self.edit]), tapped, other])
        #expect(report.widgets[1].causes == ["copy:goal/done@en_US"])
        #expect(report.widgets[2].causes == ["unattributed:goal"])
    }

    @Test func markupNoSourceExplainsIsUnattributedByApp() {
        let report = Self.attributed([Self.widget("small", sources: nil)])
        #expect(report.causes.map(\.id) == ["unattributed:goal"] && report.causes[0].kind == "unattributed")
    }

    @Test func aScenarioAddedWholeIsOneCauseAndAWidgetAddedAloneIsNot() {
        let report = Self.attributed([
            Self.widget("small", scenario: "new", sources: nil, status: "added"),
            Self.widget("medium", scenario: "new", sources: nil, status: "added"),
            Self.widget("small", scenario: "old", sources: nil, status: "added"),
            Self.widget("medium", scenario: "old", sources: nil, status: "unchanged"),
        ])
        #expect(report.widgets[0].causes == ["scenario:goal/new"] && report.widgets[1].causes == ["scenario:goal/new"])
        #expect(report.widgets[2].causes == ["unattributed:goal"])
        #expect(report.widgets[3].causes.isEmpty)
    }

    @Test func aSettingThatDiffersReachesEveryChangeAndExplainsWhatNothingElseDoes() {
        let clock = DiffReport.SettingChange(setting: "now", before: "9:00", after: "10:00")
        let report = Self.attributed(
            [Self.widget("small", sources: [Self.edit]), Self.widget("medium", sources: nil)], settings: [clock])
        #expect(report.widgets[0].causes == ["copy:goal/done@en_US", "setting:now"])
        #expect(report.widgets[1].causes == ["setting:now"])
    }

    @Test func aFrameOnlyItsPixelsChangedIsTheChangedFilesDoing() {
        var restyled = Self.widget("small", sources: nil)
        restyled.frames[0].change = "restyled"
        var report = DiffReport(base: Self.side, new: Self.side)
        report.widgets = [restyled]
        report.assets = [DiffReport.AssetChange(path: "assets/glimpse.css", change: "changed", reaches: 7)]
        DiffCauses.attribute(&report, language: "en_US")
        #expect(report.widgets[0].causes == ["asset:assets/glimpse.css"])
        #expect(report.causes.first?.reaches == 7)
    }

    /// A stylesheet told rule by rule: each changed selector is a cause of its own, of the frames
    /// `--pixels` found it names; a frame whose words changed too has both causes.
    @Test func eachChangedSelectorIsACauseOfTheWidgetsItReaches() {
        var restyled = Self.widget("small", sources: nil)
        restyled.frames[0].change = "restyled"
        let edited = Self.widget("medium", sources: [Self.edit])
        let elsewhere = Self.widget("small", app: "habits", sources: [Self.edit])
        var caption = DiffReport.RuleChange(selector: ".goal-caption", before: "color: grey;", after: "color: black;")
        caption.widgets = [restyled.key, edited.key]
        var stylesheet = DiffReport.AssetChange(path: "assets/glimpse.css", change: "changed", reaches: 2)
        stylesheet.rules = [caption]
        var report = DiffReport(base: Self.side, new: Self.side)
        report.widgets = [restyled, edited, elsewhere]
        report.assets = [stylesheet]
        DiffCauses.attribute(&report, language: "en_US")
        let rule = "rule:assets/glimpse.css .goal-caption"
        #expect(report.widgets.map(\.causes) == [[rule], ["copy:goal/done@en_US", rule], ["copy:goal/done@en_US"]])
        let cause = report.causes.first { $0.id == rule }
        #expect(cause?.kind == "rule" && cause?.subject == ".goal-caption" && cause?.reaches == 2)
        #expect(cause?.widgets == [restyled.key, edited.key] && cause?.before == "color: grey;")
        #expect(!report.causes.contains { $0.id.hasPrefix("asset:") }, "the file is not a cause beside its rules")
    }

    /// A template whose source changed is the cause of the changed markup drawn through it that
    /// nothing else explains, and a cause beside a copy edit of a frame drawn through it.
    @Test func aChangedTemplateIsACauseOfTheFramesDrawnThroughIt() {
        var layout = Self.widget("small", sources: nil)
        layout.templates = ["goal/systemSmall"]
        var both = Self.widget("medium", sources: [Self.edit])
        both.templates = ["goal/systemSmall"]
        let untouched = Self.widget("large", sources: nil)
        let report = Self.attributed([layout, both, untouched])
        #expect(
            report.widgets.map(\.causes) == [
                ["template:goal/systemSmall"], ["copy:goal/done@en_US", "template:goal/systemSmall"],
                ["unattributed:goal"],
            ])
        let cause = report.causes.first { $0.kind == "template" }
        #expect(cause?.subject == "goal/systemSmall" && cause?.widgets.count == 2 && cause?.frames == 2)
    }

    @Test func aCausesDigestChangesWhenAChangeItMadeChangesAgain() {
        let once = Self.attributed([Self.widget("small", sources: [Self.edit])])
        var again = Self.widget("small", sources: [Self.edit])
        again.newDigest = "another"
        let twice = Self.attributed([again])
        #expect(once.causes[0].digest != nil && once.causes[0].digest != twice.causes[0].digest)
        #expect(once.causes[0].digest == Self.attributed([Self.widget("small", sources: [Self.edit])]).causes[0].digest)
    }
}
