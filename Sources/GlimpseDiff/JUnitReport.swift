import Foundation
import GlimpseFormat

/// `review/junit.xml`: one test case per widget of either gallery, grouped by app; a case fails
/// when its widget changed in the `--fail-on` sense, so that CI shows which widgets to review.
public enum JUnitReport {
    public static func xml(_ report: DiffReport, failOn: DiffFailOn) -> Data {
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
                if let decision = widget.decision, !failOn.fails(widget) {
                    lines.append(
                        "<testcase \(name)><system-out>\(escape(said(decision)))\n\(escape(headline(widget)))"
                            + "</system-out></testcase>")
                    continue
                }
                guard failOn.fails(widget) else {
                    lines.append("<testcase \(name)/>")
                    continue
                }
                let type = widget.decision?.kind ?? widget.status
                let message = widget.decision.map { said($0) + ": " + headline(widget) } ?? headline(widget)
                lines.append(
                    "<testcase \(name)><failure type=\"\(type)\" message=\"\(escape(message))\">"
                        + escape(details(widget)) + "</failure></testcase>")
            }
            lines.append("</testsuite>")
        }
        lines.append("</testsuites>")
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// "approved by jane at 2026-11-26T09:00:00Z (the new ring colour)", or "changes requested by …".
    static func said(_ decision: DiffReport.DecisionMark) -> String {
        (decision.isApproved ? "approved" : "changes requested") + " by \(decision.by) at \(decision.at)"
            + (decision.note.map { " (\($0))" } ?? "")
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
public enum DiffFailOn: String, Sendable, CaseIterable {
    case changes, visual, never

    /// Whether `widget` fails: changes requested on it always do; an approved change never does;
    /// otherwise, when it changed in this sense.
    public func fails(_ widget: DiffReport.WidgetChange) -> Bool {
        if let decision = widget.decision { return !decision.isApproved }
        switch self {
        case .never: return false
        case .changes: return widget.status != "unchanged"
        case .visual: return widget.visual == true
        }
    }

    /// Whether a changed shared file fails: as a widget, but only `changes` fails on files (with
    /// `visual`, the widgets it restyles fail).
    public func fails(_ asset: DiffReport.AssetChange) -> Bool {
        if let decision = asset.decision { return !decision.isApproved }
        return self == .changes
    }

    /// Exit 1 when the report has a change that fails: one of this kind that is not approved, or one
    /// with changes requested.
    public func failsBuild(_ report: DiffReport) -> Bool {
        report.widgets.contains { fails($0) } || report.assets.contains { fails($0) }
    }
}
