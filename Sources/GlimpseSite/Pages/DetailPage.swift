import Foundation
import GlimpseTemplates
import Widgets

/// A widget's detail page: its 24 h timeline, every frame in every scheme, the placeholder, the
/// tap storyboard, the reload log and the inspector. Pure: the model from the rendered widget.
enum DetailPage {
    static func model(_ widget: RenderedWidget, variants: VariantLinks) -> DetailModel {
        let f = widget.formatting
        let preview = widget.preview
        func offset(_ date: Date) -> String { f.dayOffset(date, from: widget.now).map { " (\($0))" } ?? "" }
        var statesSeen: Set<String> = []
        let frames = widget.frames.enumerated().map { index, rendered -> FrameModel in
            let frame = rendered.frame
            let state = frame.view.state
            let record = preview.reloads.indices.contains(frame.reload) ? preview.reloads[frame.reload] : nil
            return FrameModel(
                index: index, number: index + 1, anchor: rendered.anchor,
                stateAnchor: statesSeen.insert(state).inserted ? "state-\(state)" : nil,
                rangeText: "\(f.clock(frame.start))\(offset(frame.start)) – \(f.clock(frame.end))\(offset(frame.end))",
                durationText: duration(frame.end.timeIntervalSince(frame.start)),
                state: frame.view.isPlaceholder ? "\(state) (placeholder)" : state,
                reload: frame.reload + 1, reloadReason: record?.reason.rawValue ?? "initial",
                schemes: WidgetHTML.stages(rendered.schemes),
                voiceOver: frame.view.accessibilityLabel)
        }
        let reloads = preview.reloads.enumerated().map { index, record in
            ReloadRow(
                number: index + 1, time: f.clock(record.at) + offset(record.at),
                reason: record.reason.rawValue, budgeted: record.budgeted ? "yes" : "free",
                result: record.refused ? "refused" : (record.failed ? "read failed" : "reloaded"),
                budgetLeft: record.budgetLeft, note: record.note ?? "",
                rowClass: record.refused ? "is-refused" : (record.failed ? "is-failed" : ""))
        }
        let used = preview.reloads.filter { $0.budgeted && !$0.refused }.count
        let refused = preview.reloads.filter(\.refused).count
        let free = preview.reloads.filter { $0.reason.isFree }.count
        var links: [String] = []
        for frame in widget.frames {
            for link in frame.frame.view.links where !links.contains(link) { links.append(link) }
        }
        return DetailModel(
            appName: widget.app.displayName, appHref: "../index.html", scenarioTitle: widget.scenario.title,
            scenarioDescription: widget.scenario.description ?? "", familyName: preview.family.displayName,
            familyId: preview.family.rawValue,
            contextHref: ContextPage.fileName,
            size: "\(preview.size.width)×\(preview.size.height) pt", device: variants.variant.device.name,
            textSizeText: variants.textSizeText, capReason: variants.cap?.reason, capSize: variants.cap?.size.name,
            variants: variants.switcher(for: preview.family),
            timeZone: f.calendar.timeZone.identifier,
            windowText: "\(f.dayAndClock(widget.now)) – \(f.dayAndClock(widget.now + 24 * 3600))",
            frames: frames, framesText: counted(frames.count, "frame"), lastIndex: max(0, frames.count - 1),
            placeholder: WidgetHTML.stages(widget.placeholderSchemes),
            storyboard: widget.storyboard.enumerated().map { index, item in
                StoryboardModel(
                    number: index + 1, anchor: tapAnchor(index), time: f.clock(item.step.at) + offset(item.step.at),
                    action: item.step.action, link: item.step.link, state: item.step.view.state,
                    schemes: WidgetHTML.stages(item.schemes))
            },
            hasStoryboard: !widget.storyboard.isEmpty,
            reloads: reloads,
            budgetSummary:
                "\(used) of \(preview.budget.limit) budgeted reloads used, \(preview.budget.limit - used) left; "
                + "\(free) free; \(refused) refused",
            links: links.map { LinkRow(url: $0, description: "Tap target") }, notes: preview.notes,
            storeData: preview.storeData.map { ExcerptModel(file: $0.file, text: $0.text) },
            hasStoreData: !preview.storeData.isEmpty,
            diagnostics: DiagnosticModel.list(preview.diagnostics),
            hasDiagnostics: !preview.diagnostics.isEmpty)
    }

    /// "2 h 15 min", "45 s".
    static func duration(_ seconds: TimeInterval) -> String {
        let total = Int(seconds.rounded())
        let (hours, minutes, secs) = (total / 3600, total % 3600 / 60, total % 60)
        var parts: [String] = []
        if hours > 0 { parts.append("\(hours) h") }
        if minutes > 0 { parts.append("\(minutes) min") }
        if secs > 0 || parts.isEmpty { parts.append("\(secs) s") }
        return parts.joined(separator: " ")
    }
}

/// The stable anchor of storyboard step `index` (from 0) on its page, and in the manifest.
func tapAnchor(_ index: Int) -> String {
    "tap-\(index + 1)"
}
