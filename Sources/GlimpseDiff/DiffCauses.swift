import GlimpseDigest
import GlimpseFormat

/// Why each change of a diff happened, as far as the two galleries tell: each frame's sources
/// (`Manifest.Frame.sources`: the copy key, store field or role that drew each text) name the copy
/// key or the store whose words changed; a scenario whose every widget came or went is that
/// scenario; a template whose source changed (`WidgetChange.templates`, from the manifests'
/// digests) is a cause of each changed frame drawn through it; a changed stylesheet selector, of
/// each frame `--pixels` found it reaches; a build setting that differs reaches every change.
/// What none of these explains is `unattributed`, by app. Pure.
package enum DiffCauses {
    /// Sets `report.causes` and each changed widget's `causes`; `language` is the new gallery's
    /// primary language, for widgets of a manifest that does not name theirs.
    package static func attribute(_ report: inout DiffReport, language: String) {
        var causes: [String: DiffReport.Cause] = [:]
        let settings = report.settings.map { setting in
            var cause = DiffReport.Cause(id: "setting:\(setting.setting)", kind: "setting", subject: setting.setting)
            cause.before = setting.before
            cause.after = setting.after
            return cause
        }
        let assets = SharedCauses(report.assets)
        for cause in assets.all { causes[cause.id] = cause }
        let scenarios = wholeScenarios(report.widgets)
        let edits = copyEdits(report.widgets, language: language)
        for index in report.widgets.indices where report.widgets[index].status != "unchanged" {
            let widget = report.widgets[index]
            var found = Found()
            if widget.status == "changed" {
                let spoken = widget.languageName ?? language
                found = frameCauses(widget, language: spoken, assets: assets, edits: edits[spoken] ?? [])
            } else {
                let scenario = "\(widget.app)/\(widget.scenario)"
                found.add(
                    scenarios.contains(scenario)
                        ? DiffReport.Cause(id: "scenario:\(scenario)", kind: "scenario", subject: scenario)
                        : unattributed(widget.app), frames: widget.frames.count)
            }
            found.add(settings: settings, frames: widget.frames.count)
            for id in found.order {
                var cause = causes[id] ?? found.causes[id]!
                if causes[id] != nil { cause.frames += found.causes[id]!.frames }
                cause.widgets.append(widget.key)
                causes[id] = cause
            }
            report.widgets[index].causes = found.order
        }
        report.causes = digested(Array(causes.values), report.widgets)
    }

    /// `causes` with their digests, most widgets first.
    static func digested(_ causes: [DiffReport.Cause], _ widgets: [DiffReport.WidgetChange]) -> [DiffReport.Cause] {
        let digests = Dictionary(
            widgets.map { ($0.key, "\($0.baseDigest ?? "-") \($0.newDigest ?? "-")") },
            uniquingKeysWith: { first, _ in first })
        return causes.map { cause in
            var cause = cause
            cause.digest = digest(of: cause, widgets: digests)
            return cause
        }.sorted { ($1.widgets.count, $0.id) < ($0.widgets.count, $1.id) }
    }

    /// What a decision on `cause` names: the cause (its id, words and reach) and each change it is
    /// a cause of, by key and both digests.
    static func digest(of cause: DiffReport.Cause, widgets digests: [String: String]) -> String {
        var lines = [cause.id, cause.before ?? "-", cause.after ?? "-", "\(cause.reaches ?? -1)"]
        lines += cause.widgets.sorted().map { "\($0) \(digests[$0] ?? "-")" }
        return SHA256.hex(of: lines.joined(separator: "\n"))
    }

    /// The causes the report's shared files give: each changed selector of a stylesheet told rule
    /// by rule (`AssetChange.rules`), reaching the widgets `--pixels` found it names; any other
    /// changed file as a whole, reaching every widget.
    struct SharedCauses {
        var files: [DiffReport.Cause] = []
        var rules: [(cause: DiffReport.Cause, widgets: Set<String>)] = []

        init(_ assets: [DiffReport.AssetChange]) {
            for asset in assets {
                guard let changes = asset.rules, !changes.isEmpty else {
                    var cause = DiffReport.Cause(id: "asset:\(asset.path)", kind: "asset", subject: asset.path)
                    cause.reaches = asset.reaches
                    files.append(cause)
                    continue
                }
                for change in changes {
                    var cause = DiffReport.Cause(
                        id: ruleID(path: asset.path, selector: change.selector), kind: "rule", subject: change.selector)
                    (cause.before, cause.after) = (change.before, change.after)
                    cause.reaches = change.widgets?.count
                    rules.append((cause, Set(change.widgets ?? [])))
                }
            }
        }

        var all: [DiffReport.Cause] { files + rules.map(\.cause) }

        /// What can have drawn a frame of `widget` differently with its markup the same.
        func reaching(_ widget: String) -> [DiffReport.Cause] { files + rules(reaching: widget) }

        /// The changed selectors whose classes a drawn frame of `widget` has.
        func rules(reaching widget: String) -> [DiffReport.Cause] {
            rules.filter { $0.widgets.contains(widget) }.map(\.cause)
        }
    }

    /// The causes of one widget's change, in the order found, with the frames each changed.
    struct Found {
        var causes: [String: DiffReport.Cause] = [:]
        var order: [String] = []

        mutating func add(_ cause: DiffReport.Cause, frames: Int) {
            if causes[cause.id] == nil {
                causes[cause.id] = cause
                causes[cause.id]!.frames = 0
                order.append(cause.id)
            }
            causes[cause.id]!.frames += frames
        }

        mutating func add(_ causes: [DiffReport.Cause], frames: Int) {
            for cause in causes { add(cause, frames: frames) }
        }

        /// The settings that differ, each a cause of the change: a setting reaches every frame,
        /// so it explains what nothing else does, and `unattributed` goes.
        mutating func add(settings: [DiffReport.Cause], frames: Int) {
            guard !settings.isEmpty else { return }
            for setting in settings { add(setting, frames: frames) }
            if let loose = order.firstIndex(where: { $0.hasPrefix("unattributed:") }) {
                causes[order.remove(at: loose)] = nil
            }
        }
    }

    /// A changed widget's causes: each changed source of each frame, the copy edits that explain
    /// what VoiceOver says and each storyboard step (`explanation(of:by:)`), every changed shared
    /// file for a frame only its pixels changed (`restyled`), the store for a reload log or
    /// diagnostics that differ, and `unattributed` for a frame or step none of these explains.
    static func frameCauses(
        _ widget: DiffReport.WidgetChange, language: String, assets: SharedCauses, edits: [Edit]
    ) -> Found {
        var found = Found()
        // A template whose source changed can have changed any markup drawn through it.
        let templates = (widget.templates ?? []).map(template)
        let unexplained = templates.isEmpty ? [unattributed(widget.app)] : templates
        for frame in widget.frames {
            let sources = frame.sources ?? []
            var named = sources.filter { $0.source != voiceOver }.compactMap {
                cause(of: $0, in: widget, language: language)
            }
            if let said = sources.first(where: { $0.source == voiceOver }) {
                guard let saying = explanation(of: said, by: edits) else {
                    found.add(unexplained, frames: 1)
                    continue
                }
                named += saying.filter { cause in !named.contains { $0.id == cause.id } }
            }
            for cause in named { found.add(cause, frames: 1) }
            if frame.change == "restyled" {
                let drawing = assets.reaching(widget.key)
                found.add(drawing.isEmpty ? [unattributed(widget.app)] : drawing, frames: 1)
            } else {
                // A changed template or rule the frame is drawn with may have changed it too: each decides.
                found.add(named.isEmpty ? unexplained : templates, frames: 1)
                found.add(assets.rules(reaching: widget.key), frames: 1)
            }
        }
        if widget.placeholder != nil {
            let drawing = assets.reaching(widget.key)
            found.add(drawing.isEmpty ? [unattributed(widget.app)] : drawing, frames: 1)
        }
        for step in widget.storyboard {
            // A step's texts say copy as its frames do: the report's copy edits explain them, or nothing.
            let texts = DiffReport.SourceChange(
                source: "storyboard", before: step.textsBefore?.joined(separator: "\n"),
                after: step.textsAfter?.joined(separator: "\n"))
            guard let causes = explanation(of: texts, by: edits) else {
                found.add(unexplained, frames: 1)
                continue
            }
            for cause in causes { found.add(cause, frames: 1) }
        }
        if !widget.reloads.isEmpty || !widget.reloadRows.isEmpty || !widget.diagnostics.isEmpty {
            found.add(store(widget), frames: 0)
        }
        if found.order.isEmpty { found.add(unattributed(widget.app), frames: 0) }
        return found
    }

    /// What a changed source names: its copy key in `language`, when the frame draws it on both
    /// sides and its words differ, or its scenario's store; nil for a role (an icon or a bar),
    /// whose words are no one's. A key drawn on one side only changed no words: another change made
    /// the frame give it up (a longer status pushing a caption out) or show it, and that one is the cause.
    static func cause(
        of change: DiffReport.SourceChange, in widget: DiffReport.WidgetChange, language: String
    )
        -> DiffReport.Cause?
    {
        var cause: DiffReport.Cause
        if change.source.hasPrefix("copy:") || change.source.hasPrefix("format:") {
            guard change.before != nil, change.after != nil else { return nil }
            cause = DiffReport.Cause(id: "\(change.source)@\(language)", kind: "copy", subject: change.source)
            cause.language = language
        } else if change.source.hasPrefix("store:") {
            cause = store(widget)
        } else {
            return nil
        }
        cause.before = change.before
        cause.after = change.after
        return cause
    }

    static let voiceOver = Manifest.Frame.voiceOverSource

    /// A copy key's words before and after in one language, as a frame drew them.
    struct Edit: Hashable {
        var before: String
        var after: String
        var cause: DiffReport.Cause
    }

    /// Every copy key's change of words the report's frames show, by language: what can explain
    /// a VoiceOver line, which says copy without drawing it.
    static func copyEdits(_ widgets: [DiffReport.WidgetChange], language: String) -> [String: [Edit]] {
        var edits: [String: Set<Edit>] = [:]
        for widget in widgets where widget.status == "changed" {
            let spoken = widget.languageName ?? language
            for change in widget.frames.flatMap({ $0.sources ?? [] }) where change.source != voiceOver {
                guard let before = change.before, let after = change.after, !before.isEmpty,
                    let cause = cause(of: change, in: widget, language: spoken), cause.kind == "copy"
                else { continue }
                edits[spoken, default: []].insert(Edit(before: before, after: after, cause: cause))
            }
        }
        // The longest first: an edit inside another's words is tried after it.
        return edits.mapValues { $0.sorted { ($1.before.count, $0.cause.id) < ($0.before.count, $1.cause.id) } }
    }

    /// The copy keys that turn what VoiceOver said before into what it says after (or a storyboard
    /// step's texts), each edit made wherever its words are; nil when no set of them does (the
    /// words changed otherwise too).
    static func explanation(of said: DiffReport.SourceChange, by edits: [Edit]) -> [DiffReport.Cause]? {
        guard var line = said.before, let after = said.after else { return nil }
        var used: [DiffReport.Cause] = []
        for edit in edits where line.contains(edit.before) && !used.contains(where: { $0.id == edit.cause.id }) {
            line = line.replacingOccurrences(of: edit.before, with: edit.after)
            used.append(edit.cause)
        }
        return line == after && !used.isEmpty ? used : nil
    }

    static func store(_ widget: DiffReport.WidgetChange) -> DiffReport.Cause {
        let scenario = "\(widget.app)/\(widget.scenario)"
        return DiffReport.Cause(id: "store:\(scenario)", kind: "store", subject: scenario)
    }

    /// A changed selector's cause: `rule:assets/glimpse.css .og-caption`.
    package static func ruleID(path: String, selector: String) -> String { "rule:\(path) \(selector)" }

    static func template(_ name: String) -> DiffReport.Cause {
        DiffReport.Cause(id: "template:\(name)", kind: "template", subject: name)
    }

    static func unattributed(_ app: String) -> DiffReport.Cause {
        DiffReport.Cause(id: "unattributed:\(app)", kind: "unattributed", subject: app)
    }

    /// The scenarios (`app/scenario`) whose every widget was added, or every one removed.
    static func wholeScenarios(_ widgets: [DiffReport.WidgetChange]) -> Set<String> {
        let byScenario = Dictionary(grouping: widgets) { "\($0.app)/\($0.scenario)" }
        return Set(
            byScenario.filter { _, widgets in
                let statuses = Set(widgets.map(\.status))
                return statuses == ["added"] || statuses == ["removed"]
            }.keys)
    }
}

extension DiffReport.WidgetChange {
    /// `de_DE`, or `en_US+double` under a pseudolanguage; nil when the manifest does not say.
    var languageName: String? {
        locale.map { locale in pseudo.map { "\(locale)+\($0)" } ?? locale }
    }
}
