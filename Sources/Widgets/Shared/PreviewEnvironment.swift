import Foundation
import WidgetTimeline

/// Everything a widget needs to simulate a day, apart from its store.
public struct PreviewEnvironment: Sendable {
    public var window: DateInterval
    public var calendar: Calendar
    public var locale: FormatLocale
    public var budget: ReloadBudget
    public var events: [ScenarioEvent]
    public var copy: any CopyBook
    /// `--redact`: store text and figures shown as placeholders.
    public var redaction: Redaction
    /// The Dynamic Type size the widget draws at, after its app's cap (`GalleryApp.textSizeCap`):
    /// what decides how many rows fit. A family capped lower draws at `textSize(for:)`.
    public var textSize: TextSize
    /// The families capped below the app (`TextSizeCap.families`), by their cap.
    public var familyCaps: [WidgetFamily: TextSize] = [:]

    public init(
        window: DateInterval, calendar: Calendar, locale: FormatLocale, budget: ReloadBudget, events: [ScenarioEvent],
        copy: any CopyBook,
        redaction: Redaction = .off, textSize: TextSize = .large
    ) {
        self.redaction = redaction
        self.textSize = textSize
        self.window = window
        self.calendar = calendar
        self.locale = locale
        self.budget = budget
        self.events = events
        self.copy = copy
    }
}

extension PreviewEnvironment {
    /// The size `family` draws at: `textSize`, or its own cap below it.
    public func textSize(for family: WidgetFamily) -> TextSize {
        guard let cap = familyCaps[family], cap < textSize else { return textSize }
        return cap
    }

    /// A clock time in the build's zone and locale: "9:30 AM".
    public func clock(_ date: Date) -> String {
        locale.clock(date, calendar: calendar)
    }
}
