import Foundation
import GlimpseFormat

/// `review/junit.xml`: one test case per widget of either gallery, grouped by app; a case fails
/// when its widget changed in the `--fail-on` sense, so that CI shows which widgets to review.
public enum JUnitReport {
    public static func xml(_ report: DiffReport, failOn: FailOn) -> Data {
        let byApp = Dictionary(grouping: report.widgets, by: \.app)
        let failures = report.widgets.filter { failOn.fails($0) }.count
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"glimpse diff\" tests=\"\(report.widgets.count)\" failures=\"\(failures)\">",
        ]
        for app in byApp.keys.sorted() {
            let widgets = byApp[app]!.sorted { $0.key < $1.key }
            lines.append(
                "<testsuite name=\"\(escape(app))\" tests=\"\(widgets.count)\" "
                    + "failures=\"\(widgets.filter { failOn.fails($0) }.count)\">"
            )
            for widget in widgets {
                let name = "name=\"\(escape("\(widget.scenario)/\(widget.family)"))\" classname=\"\(escape(app))\""
                guard failOn.fails(widget) else {
                    lines.append("<testcase \(name)/>")
                    continue
                }
                lines.append(
                    "<testcase \(name)><failure type=\"\(widget.status)\" message=\"\(escape(headline(widget)))\">"
                        + escape(details(widget)) + "</failure></testcase>")
            }
            lines.append("</testsuite>")
        }
        lines.append("</testsuites>")
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// "added", "removed", or "3 frames changed; budgetUsed 4 → 7".
    static func headline(_ widget: DiffReport.WidgetChange) -> String {
        guard widget.status == "changed" else { return widget.status }
        var parts: [String] = []
        if widget.visual == true {
            let pixels = widget.changedPixels
            parts.append(
                "looks different"
                    + (pixels > 0 ? " (\(pixels.formatted(.number.locale(Locale(identifier: "en_US")))) pixels)" : ""))
        }
        for kind in ["changed", "added", "removed", "restyled"] {
            let count = widget.frames.filter { $0.change == kind }.count
            if count > 0 { parts.append("\(count) frame\(count == 1 ? "" : "s") \(kind)") }
        }
        if !widget.storyboard.isEmpty {
            parts.append("\(widget.storyboard.count) storyboard step\(widget.storyboard.count == 1 ? "" : "s") changed")
        }
        parts += widget.reloads.map { "\($0.measure) \($0.before) → \($0.after)" }
        if !widget.diagnostics.new.isEmpty { parts.append("\(widget.diagnostics.new.count) new diagnostic(s)") }
        if !widget.diagnostics.resolved.isEmpty {
            parts.append("\(widget.diagnostics.resolved.count) resolved diagnostic(s)")
        }
        return parts.isEmpty ? "changed" : parts.joined(separator: "; ")
    }

    static func details(_ widget: DiffReport.WidgetChange) -> String {
        (widget.frames + widget.storyboard).map { frame in
            "\(frame.anchor): \(frame.change), \(frame.stateText); "
                + "\((frame.textsBefore ?? []).joined(separator: " | ")) → "
                + "\((frame.textsAfter ?? []).joined(separator: " | "))"
        }.joined(separator: "\n")
    }

    /// XML text and attribute escaping; control characters XML 1.0 cannot hold become U+FFFD.
    public static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// What makes `glimpse diff` fail: `changes` (any widget added, removed or changed, or a shared
/// asset changed), `visual` (a widget that looks different, which needs `--pixels`), or `never`.
public enum FailOn: String, Sendable, CaseIterable {
    case changes, visual, never

    func fails(_ widget: DiffReport.WidgetChange) -> Bool {
        switch self {
        case .never: false
        case .changes: widget.status != "unchanged"
        case .visual: widget.visual == true
        }
    }

    /// Exit 1 when the report has what this fails on.
    public func failsBuild(_ report: DiffReport) -> Bool {
        switch self {
        case .never: false
        case .changes: report.hasChanges
        case .visual: report.hasVisualChanges
        }
    }
}
