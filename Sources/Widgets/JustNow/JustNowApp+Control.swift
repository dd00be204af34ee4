import WidgetTimeline

extension JustNowApp {
    /// The control's single frame: it shows no data, only the action.
    func controlPreview(
        size: WidgetSize, loaded: LoadedStore<[JustNowStoreFile.Session]>, environment: PreviewEnvironment
    ) throws -> WidgetPreview {
        let simulation = TimelineSimulator(budget: environment.budget).simulate(
            JustNowControlProvider(), family: .control, displaySize: size, window: environment.window,
            calendar: environment.calendar)
        let copy = environment.copy
        let title = try copy.copy(id, "control-title").text
        let label = try copy.copy(id, "control-accessibility").text
        func controlView(redacted: Bool) -> WidgetView {
            let model = JustNowViewModel(
                redacted: redacted, heading: "", since: "", sinceSource: "", hasHistory: false, start: title,
                startSource: Copy.source(id, "control-title"), prompt: nil, controlTitle: title)
            return WidgetView(
                state: JustNowState.control, template: "justnow/control", model: model, texts: [title],
                links: [Self.controlLink], widgetURL: Self.controlLink, accessibilityLabel: label,
                isPlaceholder: redacted, caption: title)
        }
        let name = try copy.copy(id, "control-name").text
        return WidgetPreview(
            family: .control, size: size,
            frames: simulation.frames.map {
                PreviewFrame(start: $0.start, end: $0.end, reload: $0.reload, view: controlView(redacted: false))
            },
            reloads: simulation.reloads, budget: simulation.budget, placeholder: controlView(redacted: true),
            diagnostics: loaded.diagnostics, storeData: loaded.excerpts, notes: Self.controlNotes(name: name))
    }

    /// What the control does, and why it never reloads.
    static func controlNotes(name: String) -> [String] {
        [
            """
            iOS 18 Control Center: the control \(name) (StartMeditationControlWidget). A tap runs \
            StartMeditationOpenIntent, which sets openAppWhenRun = true and opens the app, with no URL, on an \
            untimed session, already running: where \(controlLink) takes it.
            """,
            """
            Both control intents set isDiscoverable = false, so they are hidden from Shortcuts; the user-facing \
            action there stays MeditationSessionIntent.
            """,
            "The control shows no data, so it never reloads after its first render.",
        ]
    }
}
