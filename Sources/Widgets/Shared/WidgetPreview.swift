import Foundation
import GlimpseCore
import WidgetTimeline

/// One frame of a simulated day.
public struct PreviewFrame: Sendable {
    public var start: Date
    public var end: Date
    public var reload: Int
    public var view: WidgetView

    public init(start: Date, end: Date, reload: Int, view: WidgetView) {
        self.start = start
        self.end = end
        self.reload = reload
        self.view = view
    }
}

/// A file of the store that a widget read, shown in the gallery's inspector.
public struct StoreExcerpt: Hashable, Sendable {
    public var file: String
    public var text: String

    public init(file: String, text: String) {
        self.file = file
        self.text = text
    }
}

/// One tap of a storyboard: what was tapped, when, and the widget right after.
public struct StoryboardStep: Sendable {
    public var at: Date
    /// "Tapped “Drink water”".
    public var action: String
    public var link: String
    public var view: WidgetView

    public init(at: Date, action: String, link: String, view: WidgetView) {
        self.at = at
        self.action = action
        self.link = link
        self.view = view
    }
}

/// A widget's simulated day in one family: frames, reloads, placeholder and diagnostics.
public struct WidgetPreview: Sendable {
    public var family: WidgetFamily
    public var size: WidgetSize
    public var frames: [PreviewFrame]
    public var reloads: [ReloadRecord]
    public var budget: ReloadBudget
    public var placeholder: WidgetView
    public var diagnostics: [Diagnostic]
    public var storeData: [StoreExcerpt]
    /// What a tap does on older systems, for the detail page.
    public var notes: [String]
    /// Taps from `now` on, one after another, for widgets with intents.
    public var storyboard: [StoryboardStep]

    public init(
        family: WidgetFamily, size: WidgetSize, frames: [PreviewFrame], reloads: [ReloadRecord], budget: ReloadBudget,
        placeholder: WidgetView, diagnostics: [Diagnostic], storeData: [StoreExcerpt], notes: [String] = [],
        storyboard: [StoryboardStep] = []
    ) {
        self.storyboard = storyboard
        self.family = family
        self.size = size
        self.frames = frames
        self.reloads = reloads
        self.budget = budget
        self.placeholder = placeholder
        self.diagnostics = diagnostics
        self.storeData = storeData
        self.notes = notes
    }
}

extension WidgetPreview {
    /// A family's simulated day as a preview: each frame's entry through `view` (redacted in
    /// placeholder frames), and `provider`'s placeholder at the window's start, redacted.
    public init<Provider: TimelineProvider>(
        _ simulation: TimelineSimulation<Provider.Entry>, of provider: Provider, family: WidgetFamily, size: WidgetSize,
        environment: PreviewEnvironment, diagnostics: [Diagnostic], storeData: [StoreExcerpt], notes: [String] = [],
        storyboard: [StoryboardStep] = [], view: (_ entry: Provider.Entry, _ redacted: Bool) throws -> WidgetView
    ) rethrows {
        let context = TimelineProviderContext(
            family: family, displaySize: size, date: environment.window.start, calendar: environment.calendar)
        self.init(
            family: family, size: size,
            frames: try simulation.frames.map {
                PreviewFrame(
                    start: $0.start, end: $0.end, reload: $0.reload, view: try view($0.entry, $0.isPlaceholder))
            },
            reloads: simulation.reloads, budget: simulation.budget,
            placeholder: try view(provider.placeholder(in: context), true),
            diagnostics: diagnostics, storeData: storeData, notes: notes, storyboard: storyboard)
    }
}
