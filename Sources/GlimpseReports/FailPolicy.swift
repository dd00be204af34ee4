import GlimpseFormat

/// What makes `glimpse diff` fail: `changes` (any widget added, removed or changed, or a shared
/// asset changed), `visual` (a widget that looks different, which needs `--pixels`), or `never`.
package enum DiffFailOn: String, Sendable, CaseIterable {
    case changes, visual, never

    /// Whether `widget` fails: changes requested on it always do; an approved change never does;
    /// otherwise, when it changed in this sense.
    package func fails(_ widget: DiffReport.WidgetChange) -> Bool {
        if let decision = widget.decision { return !decision.isApproved }
        switch self {
        case .never: return false
        case .changes: return widget.status != "unchanged"
        case .visual: return widget.visual == true
        }
    }

    /// Whether a changed shared file fails: as a widget, but only `changes` fails on files (with
    /// `visual`, the widgets it restyles fail).
    package func fails(_ asset: DiffReport.AssetChange) -> Bool {
        if let decision = asset.decision { return !decision.isApproved }
        return self == .changes
    }

    /// Exit 1 when the report has a change that fails: one of this kind that is not approved, or one
    /// with changes requested.
    package func failsBuild(_ report: DiffReport) -> Bool {
        report.widgets.contains { fails($0) } || report.assets.contains { fails($0) }
    }
}

/// What makes `glimpse check` (and `merge` of its shards) fail: `new` (an error the baseline does
/// not have), `any` (any error not accepted) or `never`. `glimpse diff` has its own, `DiffFailOn`.
package enum CheckFailOn: String, Sendable, CaseIterable { case new, any, never }
