import Foundation
import GlimpseFormat

extension Gallery {
    /// How much of the manifest a reader keeps.
    package enum Detail: Sendable {
        /// All of it: what `diff` and `snapshot` compare.
        case full
        /// Where every frame is and nothing more: each widget's identity, size and page, and its
        /// frames' and steps' anchors. Texts, links, hashes, reload logs and diagnostics are left
        /// empty, so that `check` reads a full-axis gallery's 200 MB manifest in a few megabytes.
        case outline
    }

    /// The manifest's outline (`Detail.outline`), decoded without the rest of each widget.
    struct Outline: Decodable {
        var schemaVersion: Int
        var generator: String
        var now: String
        var timeZone: String
        var locale: String
        var device: Manifest.Device
        var redacted: Bool?
        var tint: String?
        var formats: String?
        var pseudo: String?
        /// Few: one per key an app's copy lacks a translation of (check's `not-localized`).
        var notLocalized: [Manifest.NotLocalized]?
        var widgets: [Widget]

        struct Widget: Decodable {
            var app: String
            var scenario: String
            var family: String
            var size: Manifest.Size
            var page: String
            var now: String
            var timeZone: String
            var frames: [Anchored]
            var storyboard: [Anchored]?
            var device: String?
            var textSize: String?
            var cappedAt: String?
            var locale: String?
            var pseudo: String?
        }

        struct Anchored: Decodable {
            var anchor: String
        }

        /// The outline as a manifest whose widgets keep only what it decoded.
        var manifest: Manifest {
            var manifest = Manifest(
                schemaVersion: schemaVersion, generator: generator, now: now, timeZone: timeZone, locale: locale,
                device: device, redacted: redacted, tint: tint, formats: formats, pseudo: pseudo, diagnostics: [],
                widgets: widgets.map { widget in
                    Manifest.Widget(
                        app: widget.app, scenario: widget.scenario, family: widget.family, size: widget.size,
                        page: widget.page, now: widget.now, timeZone: widget.timeZone,
                        frames: widget.frames.map {
                            Manifest.Frame(
                                start: "", end: "", state: "", texts: [], links: [], hash: "", reload: 0,
                                anchor: $0.anchor)
                        },
                        reloads: [], diagnostics: [],
                        storyboard: widget.storyboard?.map {
                            Manifest.Tap(at: "", action: "", link: "", state: "", texts: [], anchor: $0.anchor)
                        },
                        device: widget.device, textSize: widget.textSize, cappedAt: widget.cappedAt,
                        locale: widget.locale, pseudo: widget.pseudo)
                })
            manifest.notLocalized = notLocalized
            return manifest
        }
    }
}
