import Foundation
import GlimpseCore
import WidgetTimeline
import Widgets

/// A widget of one scenario, rendered: what its page and its manifest entry are made of.
struct RenderedWidget: Sendable {
    var app: any GalleryApp
    var scenario: Scenario
    var preview: WidgetPreview
    /// Consecutive frames that draw the same are one.
    var frames: [RenderedFrame]
    var placeholderSchemes: [SchemeRender]
    var storyboard: [(step: StoryboardStep, schemes: [SchemeRender])]
    /// The page's path in the gallery: `<app>/<scenario>/<family>.html`.
    var page: String
    var now: Date
    var formatting: TimeFormatting
    var diagnostics: [Diagnostic]
    /// The screen class and the text size asked for.
    var variant = Variant(device: .standard, textSize: .large)
    /// The text size drawn: `variant.textSize`, or the app's cap below it.
    var drawnTextSize: TextSize = .large
    /// The keys of the app's copy its scenario read that have no translation into the variant's
    /// language, shown in English instead: the page marks them. Empty in English.
    var notLocalized: [String] = []
}

struct RenderedFrame: Sendable {
    var frame: PreviewFrame
    var schemes: [SchemeRender]
    /// SHA-256 of the frame's HTML in every scheme.
    var hash: String
    /// `t-0930`, unique on the page.
    var anchor: String
    /// What each source of its markup drew (`FrameSources`); nil when it names none.
    var sources: [String: String]?
}

/// A widget in one scheme: its root element and everything inside.
struct SchemeRender: Sendable {
    var scheme: String
    var name: String
    var widget: String
}

/// What the app pages and the index keep of a widget once its page and manifest entry are
/// written: no frame's HTML, so that a gallery of any size is never held whole.
struct WidgetSummary: Sendable {
    var app: String
    var scenario: Scenario
    var family: WidgetFamily
    var page: String
    var frameCount: Int
    /// Each state once, in the order the day reaches it.
    var states: [String]
    var diagnostics: [Diagnostic]
    /// The first frame, small, light and dark (vibrant for accessories).
    var thumbnails: HTMLFragment
    /// As it sits in `manifest.json`'s `widgets` array; empty once put in a build's spool.
    var manifestEntry: Data
    /// Where the entry is in the build's `EntrySpool`, once put there.
    var spooled: Range<Int>?
    /// At the build's primary variant: what the app pages and the index show.
    var isPrimary = true
}

extension RenderedWidget {
    /// Its summary, with its thumbnails and manifest entry.
    func summary(thumbnails: HTMLFragment, manifestEntry: Data) -> WidgetSummary {
        var states: [String] = []
        for frame in frames where !states.contains(frame.frame.view.state) { states.append(frame.frame.view.state) }
        return WidgetSummary(
            app: app.id, scenario: scenario, family: preview.family, page: page, frameCount: frames.count,
            states: states, diagnostics: diagnostics, thumbnails: thumbnails, manifestEntry: manifestEntry)
    }
}
