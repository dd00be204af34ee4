import Foundation
import WidgetTimeline
import AppGroupStore

/// What a view model must be: encoded for its template, and compared, so that a frame that
/// would draw what the frame before it drew is not drawn again.
public typealias TemplateModel = Encodable & Hashable & Sendable

/// What a widget shows in one frame, ready for its template.
public struct WidgetView: Sendable {
    /// The frame's `state`, a camelCase name per app.
    public var state: String
    /// The template, such as `onegoal/systemSmall`.
    public var template: String
    /// The view model the template presents: its text is escaped, its `HTMLFragment`s are not.
    public var model: any TemplateModel
    /// The full visible strings before CSS truncation, in reading order.
    public var texts: [String]
    /// Tap targets in reading order.
    public var links: [String]
    /// The link for a tap anywhere on the widget (WidgetKit's `widgetURL`), if any.
    public var widgetURL: String?
    /// What VoiceOver reads.
    public var accessibilityLabel: String
    /// CSS custom properties for the widget root, such as an app's accent colour. Values are validated.
    public var style: [(name: String, value: String)]
    /// True for WidgetKit's redacted placeholder.
    public var isPlaceholder: Bool
    /// A title shown under the widget, outside its box, as Control Center shows a control's.
    public var caption: String?

    public init(state: String, template: String, model: any TemplateModel, texts: [String], links: [String], widgetURL: String? = nil,
                accessibilityLabel: String, style: [(name: String, value: String)] = [], isPlaceholder: Bool = false, caption: String? = nil) {
        self.widgetURL = widgetURL
        self.caption = caption
        self.state = state
        self.template = template
        self.model = model
        self.texts = texts
        self.links = links
        self.accessibilityLabel = accessibilityLabel
        self.style = style
        self.isPlaceholder = isPlaceholder
    }

    /// True when `other` draws exactly what this does: the same template, model and root
    /// element. Its HTML is then the same, so it need not be rendered to be compared.
    public func draws(sameAs other: WidgetView) -> Bool {
        state == other.state && template == other.template && texts == other.texts && links == other.links
            && widgetURL == other.widgetURL && accessibilityLabel == other.accessibilityLabel && isPlaceholder == other.isPlaceholder
            && caption == other.caption && style.elementsEqual(other.style, by: { $0.name == $1.name && $0.value == $1.value })
            && AnyHashable(model) == AnyHashable(other.model)
    }
}

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

    public init(family: WidgetFamily, size: WidgetSize, frames: [PreviewFrame], reloads: [ReloadRecord], budget: ReloadBudget,
                placeholder: WidgetView, diagnostics: [Diagnostic], storeData: [StoreExcerpt], notes: [String] = [],
                storyboard: [StoryboardStep] = []) {
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
        let context = TimelineProviderContext(family: family, displaySize: size, date: environment.window.start, calendar: environment.calendar)
        self.init(
            family: family, size: size,
            frames: try simulation.frames.map { PreviewFrame(start: $0.start, end: $0.end, reload: $0.reload, view: try view($0.entry, $0.isPlaceholder)) },
            reloads: simulation.reloads, budget: simulation.budget, placeholder: try view(provider.placeholder(in: context), true),
            diagnostics: diagnostics, storeData: storeData, notes: notes, storyboard: storyboard)
    }
}

/// Everything a widget needs to simulate a day, apart from its store.
public struct PreviewEnvironment: Sendable {
    public var window: DateInterval
    public var calendar: Calendar
    public var locale: FormatLocale
    public var budget: ReloadBudget
    public var events: [ScenarioEvent]
    public var copy: any CopyBook
    /// Just Now's rotating prompts, from `content/prompts/` and `content/site.yaml`.
    public var prompts: PromptRotation
    /// BitPal's price sources: `--prices-url` and the scenario's `prices.yaml`.
    public var prices: PriceSettings

    public init(window: DateInterval, calendar: Calendar, locale: FormatLocale, budget: ReloadBudget, events: [ScenarioEvent], copy: any CopyBook,
                prompts: PromptRotation = PromptRotation(prompts: []), prices: PriceSettings = PriceSettings()) {
        self.prompts = prompts
        self.prices = prices
        self.window = window
        self.calendar = calendar
        self.locale = locale
        self.budget = budget
        self.events = events
        self.copy = copy
    }
}

extension PreviewEnvironment {
    /// A clock time in the build's zone and locale: "9:30 AM".
    public func clock(_ date: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return locale.clock(hour: parts.hour ?? 0, minute: parts.minute ?? 0)
    }
}

/// An app whose widgets the gallery renders.
public protocol GalleryApp: Sendable {
    /// The manifest's `app`: `onegoal`, `beebloom`, …
    var id: String { get }
    var displayName: String { get }
    /// The App Group container the widget reads.
    var containerIdentifier: String { get }
    var families: [WidgetFamily] { get }

    /// Reads the store once and simulates the day for each family, at its size.
    ///
    /// A missing or corrupt store is a state to render plus diagnostics; this throws only for
    /// errors in Glimpse's own content, such as a missing copy file.
    func previews(families: [(WidgetFamily, WidgetSize)], store: StoreRoot?, environment: PreviewEnvironment) throws -> [WidgetPreview]
}

/// The apps Glimpse knows, in gallery order.
public enum GalleryApps {
    public static let all: [any GalleryApp] = [BeeBloomApp(), BitPalApp(), JustNowApp(), OneGoalApp(), W8TrackrApp()]

    public static func named(_ id: String) -> (any GalleryApp)? {
        all.first { $0.id == id }
    }
}

extension TimelineSimulator {
    /// The day `provider` gives every one of `families`, simulated once.
    ///
    /// In WidgetKit each family is its own widget, with its own reloads and budget. But Glimpse's
    /// providers read only the context's date and calendar, never its family or size, and the
    /// simulator is deterministic: every family lives the same day, so one simulation serves
    /// them all. `nil` when there is no family.
    func sharedSimulation<Provider: TimelineProvider>(_ provider: Provider, families: [(WidgetFamily, WidgetSize)],
                                                      environment: PreviewEnvironment,
                                                      freeReloads: [FreeReloadRequest]) -> TimelineSimulation<Provider.Entry>? {
        families.first.map { family, size in
            simulate(provider, family: family, displaySize: size, window: environment.window, calendar: environment.calendar,
                     freeReloads: freeReloads)
        }
    }
}
