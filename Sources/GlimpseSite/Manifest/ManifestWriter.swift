import Foundation
import GlimpseCore
import GlimpseDigest
import GlimpseFormat
import GlimpseTemplates
import WidgetTimeline
import Widgets

/// `manifest.json`, written a widget at a time: each entry is encoded as soon as its page is
/// written, so that no build holds every frame of every widget at once, and the entries are
/// joined under the header at the end.
enum ManifestWriter {
    static let generator = "glimpse \(GlimpseVersion.current)"

    static func diagnostic(_ diagnostic: Diagnostic) -> Manifest.Diagnostic {
        Manifest.Diagnostic(severity: diagnostic.severity.rawValue, message: diagnostic.message, file: diagnostic.file)
    }

    /// A widget's entry.
    static func entry(_ widget: RenderedWidget) -> Manifest.Widget {
        let wf = widget.formatting
        return Manifest.Widget(
            app: widget.app.id, scenario: widget.scenario.name, family: widget.preview.family.rawValue,
            size: Manifest.Size(width: widget.preview.size.width, height: widget.preview.size.height),
            page: widget.page, now: wf.iso(widget.now), timeZone: wf.calendar.timeZone.identifier,
            frames: widget.frames.map {
                Manifest.Frame(
                    start: wf.iso($0.frame.start), end: wf.iso($0.frame.end), state: $0.frame.view.state,
                    texts: $0.frame.view.texts, links: $0.frame.view.links, hash: $0.hash, reload: $0.frame.reload,
                    anchor: $0.anchor, sources: $0.sources)
            },
            reloads: widget.preview.reloads.map {
                Manifest.Reload(
                    at: wf.iso($0.at), reason: $0.reason.rawValue, budgeted: $0.budgeted, refused: $0.refused,
                    budgetLeft: $0.budgetLeft, failed: $0.failed, note: $0.note)
            },
            diagnostics: widget.diagnostics.map(diagnostic),
            storyboard: widget.storyboard.isEmpty
                ? nil
                : widget.storyboard.enumerated().map { index, item in
                    Manifest.Tap(
                        at: wf.iso(item.step.at), action: item.step.action, link: item.step.link,
                        state: item.step.view.state,
                        texts: item.step.view.texts, anchor: tapAnchor(index))
                },
            device: widget.variant.device.name, textSize: widget.variant.textSize.name,
            cappedAt: widget.drawnTextSize == widget.variant.textSize ? nil : widget.drawnTextSize.name,
            locale: widget.variant.language.locale, pseudo: widget.variant.language.pseudo?.rawValue)
    }

    /// Each template of `templates` by name → the SHA-256 of its source (`Manifest.templates`).
    static func digests(of templates: TemplateSet) -> [String: String] {
        templates.sources.mapValues { SHA256.hex(of: $0) }
    }

    /// The manifest without its widgets: `Manifest.encoded(entries:)` puts their entries in.
    static func header(
        now: Date, formatting: TimeFormatting, locale: String, device: DeviceClass, redacted: Bool,
        tint: String = TintPalette.standard.tint.description, pseudo: String? = nil, diagnostics: [ReportedDiagnostic]
    ) -> Manifest {
        Manifest(
            schemaVersion: Manifest.currentSchemaVersion, generator: generator, now: formatting.iso(now),
            timeZone: formatting.calendar.timeZone.identifier, locale: locale,
            device: Manifest.Device(
                name: device.name, screen: Manifest.Size(width: device.screen.width, height: device.screen.height)),
            redacted: redacted, tint: tint, formats: FormatLocale.icuVersion, pseudo: pseudo,
            diagnostics: diagnostics.map { diagnostic($0.diagnostic) }, widgets: [])
    }
}
