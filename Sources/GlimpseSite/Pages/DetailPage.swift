import Foundation
import GlimpseTemplates
import Widgets

/// A widget's detail page: its 24 h timeline, every frame in every scheme, the placeholder, the
/// tap storyboard, the reload log and the inspector. Pure: the model from the rendered widget.
enum DetailPage {
    static func model(_ widget: RenderedWidget, variants: VariantLinks, shipped: ShippedWidget? = nil) -> DetailModel {
        let f = widget.formatting
        let preview = widget.preview
        let frames = frameModels(widget)
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
            textSizeText: variants.textSizeText(for: preview.family), languageText: variants.languageText,
            capReason: variants.cap(for: preview.family)?.reason, capSize: variants.cap(for: preview.family)?.size.name,
            hasNotLocalized: !widget.notLocalized.isEmpty,
            notLocalizedText: notLocalizedText(widget), notLocalizedKeys: widget.notLocalized.joined(separator: ", "),
            variants: variants.switcher(for: preview.family),
            timeZone: f.calendar.timeZone.identifier,
            windowText: "\(f.dayAndClock(widget.now)) – \(f.dayAndClock(widget.now + 24 * 3600))",
            frames: frames, framesText: counted(frames.count, "frame"), lastIndex: max(0, frames.count - 1),
            placeholder: WidgetHTML.stages(widget.placeholderSchemes),
            storyboard: storyboard(widget), hasStoryboard: !widget.storyboard.isEmpty,
            reloads: reloadRows(widget), budgetSummary: budgetSummary(preview),
            links: links.map { LinkRow(url: $0, description: "Tap target") }, notes: preview.notes,
            storeData: preview.storeData.map { ExcerptModel(file: $0.file, text: $0.text) },
            hasStoreData: !preview.storeData.isEmpty,
            diagnostics: DiagnosticModel.list(preview.diagnostics),
            hasDiagnostics: !preview.diagnostics.isEmpty,
            shipped: shipped.map { ShippedPage.notes($0, family: preview.family, root: "../") })
    }

    /// "2 of this scenario's strings have no translation into de_DE and are shown in English": its
    /// copy's keys and the content files (prompts) it read.
    static func notLocalizedText(_ widget: RenderedWidget) -> String {
        let count = widget.notLocalized.count
        return "\(count == 1 ? "One" : "\(count)") of this scenario's strings \(count == 1 ? "has" : "have") no "
            + "translation into \(widget.variant.language.locale) and \(count == 1 ? "is" : "are") shown in English"
    }

    /// " (+1 day)" after a time on another day than the widget's `now`; nothing on the same day.
    static func offset(_ date: Date, in widget: RenderedWidget) -> String {
        widget.formatting.dayOffset(date, from: widget.now).map { " (\($0))" } ?? ""
    }

    /// Every frame: when, how long, its state (the first of each state anchored), the reload that
    /// drew it, its schemes and what VoiceOver reads.
    static func frameModels(_ widget: RenderedWidget) -> [FrameModel] {
        let f = widget.formatting
        let reloads = widget.preview.reloads
        var statesSeen: Set<String> = []
        return widget.frames.enumerated().map { index, rendered -> FrameModel in
            let frame = rendered.frame
            let state = frame.view.state
            let record = reloads.indices.contains(frame.reload) ? reloads[frame.reload] : nil
            let start = f.clock(frame.start) + offset(frame.start, in: widget)
            let end = f.clock(frame.end) + offset(frame.end, in: widget)
            return FrameModel(
                index: index, number: index + 1, anchor: rendered.anchor,
                stateAnchor: statesSeen.insert(state).inserted ? "state-\(state)" : nil, rangeText: "\(start) – \(end)",
                durationText: duration(frame.end.timeIntervalSince(frame.start)),
                state: frame.view.isPlaceholder ? "\(state) (placeholder)" : state,
                reload: frame.reload + 1, reloadReason: record?.reason.rawValue ?? "initial",
                schemes: WidgetHTML.stages(rendered.schemes), voiceOver: frame.view.accessibilityLabel)
        }
    }

    /// The reload log, row by row.
    static func reloadRows(_ widget: RenderedWidget) -> [ReloadRow] {
        widget.preview.reloads.enumerated().map { index, record in
            ReloadRow(
                number: index + 1, time: widget.formatting.clock(record.at) + offset(record.at, in: widget),
                reason: record.reason.rawValue, budgeted: record.budgeted ? "yes" : "free",
                result: record.refused ? "refused" : (record.failed ? "read failed" : "reloaded"),
                budgetLeft: record.budgetLeft, note: record.note ?? "",
                rowClass: record.refused ? "is-refused" : (record.failed ? "is-failed" : ""))
        }
    }

    /// "12 of 72 budgeted reloads used, 60 left; 3 free; 0 refused".
    static func budgetSummary(_ preview: WidgetPreview) -> String {
        let used = preview.reloads.filter { $0.budgeted && !$0.refused }.count
        let refused = preview.reloads.filter(\.refused).count
        let free = preview.reloads.filter { $0.reason.isFree }.count
        return "\(used) of \(preview.budget.limit) budgeted reloads used, \(preview.budget.limit - used) left; "
            + "\(free) free; \(refused) refused"
    }

    /// Each tap of the storyboard, and the widget right after it.
    static func storyboard(_ widget: RenderedWidget) -> [StoryboardModel] {
        widget.storyboard.enumerated().map { index, item in
            StoryboardModel(
                number: index + 1, anchor: tapAnchor(index),
                time: widget.formatting.clock(item.step.at) + offset(item.step.at, in: widget),
                action: item.step.action, link: item.step.link, state: item.step.view.state,
                schemes: WidgetHTML.stages(item.schemes))
        }
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
