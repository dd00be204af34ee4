import WidgetTimeline

extension TimelineSimulator {
    /// The day `provider` gives every one of `families`, simulated once.
    ///
    /// In WidgetKit each family is its own widget, with its own reloads and budget. But Glimpse's
    /// providers read only the context's date and calendar, never its family or size, and the
    /// simulator is deterministic: every family lives the same day, so one simulation serves
    /// them all. `nil` when there is no family.
    public func sharedSimulation<Provider: TimelineProvider>(
        _ provider: Provider, families: [(WidgetFamily, WidgetSize)],
        environment: PreviewEnvironment,
        freeReloads: [FreeReloadRequest]
    ) -> TimelineSimulation<Provider.Entry>? {
        families.first.map { family, size in
            simulate(
                provider, family: family, displaySize: size, window: environment.window, calendar: environment.calendar,
                freeReloads: freeReloads)
        }
    }
}
