import WidgetTimeline

extension JustNowApp {
    /// The view model, state and texts for one entry in one family.
    func view(
        of entry: JustNowEntry, family: WidgetFamily, redacted: Bool, environment: PreviewEnvironment
    ) throws -> WidgetView {
        let copy = environment.copy
        let keys = entry.since.copyKeys
        // How long since the last session is the store's figure: a placeholder under --redact.
        let values = keys.count.map { ["count": environment.redaction.figure(environment.locale.integer($0))] } ?? [:]
        // The Lock Screen shows the compact form; with no history the rectangle has room for the words.
        let compact = family == .accessoryCircular || (family == .accessoryRectangular && entry.since != .none)
        let since = try copy.copy(id, compact ? keys.compact : keys.full, values: values, plural: keys.count)
        let heading = try copy.copy(id, "last-meditation").text
        let start = try copy.copy(id, family == .systemLarge ? "start" : "start-short")
        let hasHistory = entry.since != .none
        let label =
            hasHistory
            ? try copy.copy(
                id, "accessibility",
                values: ["since": try copy.copy(id, keys.spoken, values: values, plural: keys.count).text]
            )
            .text
            : try copy.copy(id, "accessibility-none").text
        let (prompt, promptTexts) = Self.prompt(entry.prompt, family: family)
        let texts: [String] =
            switch family {
            case .accessoryCircular: [since.text]
            case .accessoryRectangular: hasHistory ? [heading, since.text, start.text] : [since.text, start.text]
            default: (hasHistory ? [heading, since.text] : [since.text]) + promptTexts + [start.text]
            }
        let model = JustNowViewModel(
            redacted: redacted, heading: heading, since: since.text, sinceSource: since.source ?? "",
            hasHistory: hasHistory, start: start.text, startSource: start.source ?? "", prompt: prompt,
            controlTitle: "")
        return WidgetView(
            state: entry.since.state, template: "justnow/\(family.rawValue)", model: model, texts: texts,
            links: [Self.startLink], widgetURL: Self.startLink, accessibilityLabel: label, isPlaceholder: redacted)
    }

    /// The prompt in the families that show one, clamped to the lines the family has room for,
    /// and its texts.
    static func prompt(
        _ shown: JustNowPrompt?, family: WidgetFamily
    ) -> (JustNowViewModel.PromptModel?, [String]) {
        guard let layout = JustNowPromptLayout.of(family), let shown else { return (nil, []) }
        let model = JustNowViewModel.PromptModel(
            html: shown.html, author: shown.author, style: "--prompt-lines:\(layout.lines)")
        return (model, [shown.text] + (shown.author.map { [$0] } ?? []))
    }
}
