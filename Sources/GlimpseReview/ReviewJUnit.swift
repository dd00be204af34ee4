import Foundation
import GlimpseFormat
import GlimpseReports

/// `review/junit.xml`: one test case per widget of either gallery, grouped by app; a case fails
/// when its widget changed in the `--fail-on` sense, so that CI shows which widgets to review.
package enum ReviewJUnit {
    package static func xml(_ report: DiffReport, failOn: DiffFailOn) -> Data {
        let byApp = Dictionary(grouping: report.widgets, by: \.app)
        let failures = report.widgets.filter { failOn.fails($0) }.count
        var lines = [JUnit.documentStart(name: "glimpse diff", tests: report.widgets.count, failures: failures)]
        for app in byApp.keys.sorted() {
            let widgets = byApp[app]!.sorted { $0.key < $1.key }
            lines.append(
                JUnit.suiteStart(name: app, tests: widgets.count, failures: widgets.filter { failOn.fails($0) }.count))
            for widget in widgets {
                lines.append(
                    JUnit.testCase(name: "\(widget.scenario)/\(widget.family)", className: app, outcome(widget, failOn))
                )
            }
            lines.append(JUnit.suiteEnd)
        }
        lines.append(JUnit.documentEnd)
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// A widget's case: its decision said when it does not fail; failed with its headline when it does.
    static func outcome(_ widget: DiffReport.WidgetChange, _ failOn: DiffFailOn) -> JUnit.Outcome {
        guard failOn.fails(widget) else {
            return widget.decision.map { .passedSaying($0.said + "\n" + widget.headline) } ?? .passed
        }
        let message = widget.decision.map { $0.said + ": " + widget.headline } ?? widget.headline
        return .failed(type: widget.decision?.kind ?? widget.status, message: message, details: details(widget))
    }

    static func details(_ widget: DiffReport.WidgetChange) -> String {
        (widget.frames + widget.storyboard).map { frame in
            "\(frame.anchor): \(frame.change), \(frame.stateText); "
                + "\((frame.textsBefore ?? []).joined(separator: " | ")) → "
                + "\((frame.textsAfter ?? []).joined(separator: " | "))"
        }.joined(separator: "\n")
    }
}
