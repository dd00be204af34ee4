import Foundation
import GlimpseFormat
import GlimpseGallery

/// What changed between two galleries, from their manifests and shared assets: widgets added,
/// removed and changed; in a changed widget, its frames (matched by their offset from the
/// widget's `now`), its states, its reload log and its diagnostics. Pure: the galleries are read
/// by `Gallery.load`.
package enum GalleryDiff {
    /// Compares `base` with `new`.
    package static func compare(_ base: Gallery, _ new: Gallery) -> DiffReport {
        var report = DiffReport(base: DiffReport.Side(base), new: DiffReport.Side(new))
        report.settings = settingChanges(base.manifest, new.manifest)

        let baseWidgets = Gallery.keyed(base.manifest)
        let newWidgets = Gallery.keyed(new.manifest)
        let (baseLook, newLook) = (look(of: base), look(of: new))
        let templates = changedTemplates(base.manifest, new.manifest)
        for key in Set(baseWidgets.keys).union(newWidgets.keys).sorted() {
            var change = widgetChange(key: key, base: baseWidgets[key], new: newWidgets[key])
            if change.status == "changed" {
                let used = Set((baseWidgets[key]?.templates ?? []) + (newWidgets[key]?.templates ?? []))
                let changed = used.intersection(templates).sorted()
                change.templates = changed.isEmpty ? nil : changed
            }
            change.baseDigest = baseWidgets[key].map { digest($0, look: baseLook) }
            change.newDigest = newWidgets[key].map { digest($0, look: newLook) }
            report.widgets.append(change)
        }

        for path in Set(base.assets.keys).union(new.assets.keys).sorted() where base.assets[path] != new.assets[path] {
            var change = DiffReport.AssetChange(
                path: path,
                change: base.assets[path] == nil ? "added" : new.assets[path] == nil ? "removed" : "changed",
                reaches: new.manifest.widgets.count)
            change.baseDigest = base.assets[path]
            change.newDigest = new.assets[path]
            if let rules = base.rules[path], rules == new.rules[path] { change.sameRules = true }
            if change.sameRules != true, let (old, current) = AssetReach.rules(of: change, base: base, new: new) {
                change.rules = StylesheetRules.selectorChanges(old, current)?.map(\.change)
            }
            report.assets.append(change)
        }
        let baseGlobal = Set(base.manifest.diagnostics.map(DiffReport.DiagnosticText.init))
        let newGlobal = Set(new.manifest.diagnostics.map(DiffReport.DiagnosticText.init))
        report.diagnostics = DiffReport.DiagnosticChanges(
            new: newGlobal.subtracting(baseGlobal).sorted(), resolved: baseGlobal.subtracting(newGlobal).sorted())
        if let before = base.findings, let after = new.findings {
            report.findings = DiffReport.FindingChanges(base: before, new: after)
        }
        DiffCauses.attribute(&report, language: language(of: new.manifest))
        report.summary = DiffReport.Summary(report)
        return report
    }

    /// The templates whose source differs between the manifests (or that one of them has alone);
    /// none when a manifest does not record its templates (before version 6).
    static func changedTemplates(_ base: Manifest, _ new: Manifest) -> Set<String> {
        guard let before = base.templates, let after = new.templates else { return [] }
        return Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
    }

    /// A gallery's primary language as a cause names it: `en_US`, or `en_US+double`.
    package static func language(of manifest: Manifest) -> String {
        manifest.pseudo.map { "\(manifest.locale)+\($0)" } ?? manifest.locale
    }

    static func settingChanges(_ base: Manifest, _ new: Manifest) -> [DiffReport.SettingChange] {
        var changes: [DiffReport.SettingChange] = []
        func compare(_ name: String, _ before: String, _ after: String) {
            if before != after { changes.append(DiffReport.SettingChange(setting: name, before: before, after: after)) }
        }
        compare("now", base.now, new.now)
        compare("timeZone", base.timeZone, new.timeZone)
        compare("locale", base.locale, new.locale)
        compare("pseudo", base.pseudo ?? "none", new.pseudo ?? "none")
        compare("device", base.device.name, new.device.name)
        compare("redacted", String(base.redacted ?? false), String(new.redacted ?? false))
        compare("tint", base.tint ?? "#8DB4FF", new.tint ?? "#8DB4FF")
        // Another toolchain's ICU or CLDR may format the same value otherwise: say so beside the changes.
        compare("formats", base.formats ?? "unknown", new.formats ?? "unknown")
        compare("reloadBudget", budget(base).map(String.init) ?? "unknown", budget(new).map(String.init) ?? "unknown")
        return changes
    }

    /// The budget a gallery was built with: one more than what its first budgeted reload left.
    static func budget(_ manifest: Manifest) -> Int? {
        manifest.widgets.lazy.compactMap { $0.reloads.first(where: \.budgeted).map { $0.budgetLeft + 1 } }.first
    }

    static func widgetChange(key: String, base: Manifest.Widget?, new: Manifest.Widget?) -> DiffReport.WidgetChange {
        let widget = (new ?? base)!
        var change = DiffReport.WidgetChange(
            key: key, app: widget.app, scenario: widget.scenario, family: widget.family,
            device: widget.device, textSize: widget.textSize)
        change.locale = widget.locale
        change.pseudo = widget.pseudo
        change.basePage = base?.page
        change.newPage = new?.page
        guard let base, let new else {
            change.status = base == nil ? "added" : "removed"
            return change
        }
        let baseNow = Manifest.date(base.now)
        let newNow = Manifest.date(new.now)
        change.frames = frameChanges(base, new, baseNow: baseNow, newNow: newNow)
        change.storyboard = storyboardChanges(base, new, baseNow: baseNow, newNow: newNow)
        change.reloads = ReloadSummary(base).changes(to: ReloadSummary(new))
        change.reloadRows = reloadRows(base, new, baseNow: baseNow, newNow: newNow)
        let baseDiagnostics = Set(base.diagnostics.map(DiffReport.DiagnosticText.init))
        let newDiagnostics = Set(new.diagnostics.map(DiffReport.DiagnosticText.init))
        change.diagnostics = DiffReport.DiagnosticChanges(
            new: newDiagnostics.subtracting(baseDiagnostics).sorted(),
            resolved: baseDiagnostics.subtracting(newDiagnostics).sorted())
        let changed =
            !change.frames.isEmpty || !change.storyboard.isEmpty || !change.reloads.isEmpty
            || !change.reloadRows.isEmpty
            || !change.diagnostics.isEmpty || base.size != new.size
        change.status = changed ? "changed" : "unchanged"
        return change
    }

    /// The frames of the day, matched by their offset from `now`: each that only one gallery has,
    /// and each whose markup, texts, state or links differ.
    static func frameChanges(
        _ base: Manifest.Widget, _ new: Manifest.Widget, baseNow: Date?, newNow: Date?
    ) -> [DiffReport.FrameChange] {
        func offsets(_ widget: Manifest.Widget, _ now: Date?) -> [Int: Manifest.Frame] {
            Dictionary(widget.frames.map { (offset($0.start, from: now), $0) }, uniquingKeysWith: { first, _ in first })
        }
        let before = offsets(base, baseNow)
        let after = offsets(new, newNow)
        var frames: [DiffReport.FrameChange] = []
        for at in Set(before.keys).union(after.keys).sorted() {
            let old = before[at]
            let current = after[at]
            guard old != current else { continue }
            var frame = DiffReport.FrameChange(
                offset: at, anchor: (current ?? old)!.anchor, start: (current ?? old)!.start,
                change: old == nil ? "added" : current == nil ? "removed" : "changed")
            frame.stateBefore = old?.state
            frame.stateAfter = current?.state
            frame.textsBefore = old?.texts
            frame.textsAfter = current?.texts
            frame.htmlChanged = old != nil && current != nil && old!.hash != current!.hash
            frame.sources = DiffReport.SourceChange.between(old?.sources, current?.sources)
            guard
                frame.change != "changed" || frame.htmlChanged || old!.texts != current!.texts
                    || old!.state != current!.state
                    || old!.links != current!.links
            else { continue }
            frames.append(frame)
        }
        return frames
    }

    /// The tap storyboard, step by step, matched by the tap's offset from `now`.
    static func storyboardChanges(
        _ base: Manifest.Widget, _ new: Manifest.Widget, baseNow: Date?, newNow: Date?
    ) -> [DiffReport.FrameChange] {
        func steps(_ widget: Manifest.Widget, _ now: Date?) -> [Int: Manifest.Tap] {
            Dictionary(
                (widget.storyboard ?? []).map { (offset($0.at, from: now), $0) },
                uniquingKeysWith: { first, _ in first })
        }
        let before = steps(base, baseNow)
        let after = steps(new, newNow)
        return Set(before.keys).union(after.keys).sorted().compactMap { at in
            let old = before[at]
            let current = after[at]
            guard old != current else { return nil }
            var step = DiffReport.FrameChange(
                offset: at, anchor: (current ?? old)!.anchor, start: (current ?? old)!.at,
                change: old == nil ? "added" : current == nil ? "removed" : "changed")
            step.stateBefore = old?.state
            step.stateAfter = current?.state
            step.textsBefore = old.map { [$0.action] + $0.texts }
            step.textsAfter = current.map { [$0.action] + $0.texts }
            return step
        }
    }

    /// The reload log row by row: each reload matched by its offset from `now` and its reason (the
    /// first `retry` at an offset with the first), reported when only one gallery has it or its
    /// outcome differs.
    static func reloadRows(
        _ base: Manifest.Widget, _ new: Manifest.Widget, baseNow: Date?, newNow: Date?
    ) -> [DiffReport.ReloadRowChange] {
        func rows(_ widget: Manifest.Widget, _ now: Date?) -> [String: (offset: Int, reload: Manifest.Reload)] {
            var seen: [String: Int] = [:]
            var keyed: [String: (Int, Manifest.Reload)] = [:]
            for reload in widget.reloads {
                let at = offset(reload.at, from: now)
                let key = "\(at)|\(reload.reason)"
                let occurrence = seen[key, default: 0]
                seen[key] = occurrence + 1
                keyed["\(key)|\(occurrence)"] = (at, reload)
            }
            return keyed
        }
        let before = rows(base, baseNow)
        let after = rows(new, newNow)
        var changes: [DiffReport.ReloadRowChange] = []
        for key in Set(before.keys).union(after.keys) {
            let old = before[key]
            let current = after[key]
            let row = (current ?? old)!
            guard old == nil || current == nil || outcome(old!.reload) != outcome(current!.reload) else { continue }
            changes.append(
                DiffReport.ReloadRowChange(
                    offset: row.offset, at: row.reload.at, reason: row.reload.reason,
                    change: old == nil ? "added" : current == nil ? "removed" : "changed",
                    before: old.map { outcome($0.reload) }, after: current.map { outcome($0.reload) }))
        }
        return changes.sorted { ($0.offset, $0.reason, $0.change) < ($1.offset, $1.reason, $1.change) }
    }

    /// What became of a reload: `refused`, `failed`, `budgeted` or `free`.
    static func outcome(_ reload: Manifest.Reload) -> String {
        reload.refused ? "refused" : reload.failed ? "failed" : reload.budgeted ? "budgeted" : "free"
    }

    /// Seconds from `now` to an ISO 8601 `start`.
    package static func offset(_ start: String, from now: Date?) -> Int {
        guard let now, let date = Manifest.date(start) else { return 0 }
        return Int(date.timeIntervalSince(now).rounded())
    }
}

/// A widget's reload log, summed up: what a reviewer compares.
struct ReloadSummary: Equatable {
    var budgetUsed: Int
    var refused: Int
    var failed: Int
    var total: Int

    init(_ widget: Manifest.Widget) {
        budgetUsed = widget.reloads.filter { $0.budgeted && !$0.refused }.count
        refused = widget.reloads.filter(\.refused).count
        failed = widget.reloads.filter(\.failed).count
        total = widget.reloads.count
    }

    func changes(to new: ReloadSummary) -> [DiffReport.ReloadChange] {
        [
            ("budgetUsed", budgetUsed, new.budgetUsed), ("refused", refused, new.refused),
            ("failed", failed, new.failed),
            ("reloads", total, new.total),
        ]
        .filter { $0.1 != $0.2 }.map { DiffReport.ReloadChange(measure: $0.0, before: $0.1, after: $0.2) }
    }
}
