import WidgetTimeline

extension JustNowApp {
    /// The view model, state and texts for one entry in one family.
    func view(
        of entry: JustNowEntry, family: WidgetFamily, size: WidgetSize, redacted: Bool,
        environment: PreviewEnvironment
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
        let textSize = environment.textSize(for: family)
        let top = JustNowLayout.Texts(heading: heading, since: since.text, hasHistory: hasHistory)
        let (prompt, promptTexts, keepsHeading) = Self.prompt(
            entry.prompt, family: family, size: size, textSize: textSize, top: top)
        let texts: [String] =
            switch family {
            case .accessoryCircular: [since.text]
            case .accessoryRectangular: hasHistory ? [heading, since.text, start.text] : [since.text, start.text]
            default: (hasHistory ? [heading, since.text] : [since.text]) + promptTexts + [start.text]
            }
        let model = JustNowViewModel(
            redacted: redacted, heading: heading, since: since.text, sinceSource: since.source ?? "",
            hasHistory: hasHistory, start: start.text, startSource: start.source ?? "", prompt: prompt,
            controlTitle: "",
            layout: JustNowLayout.fitting(
                family: family, size: size, textSize: textSize,
                texts: top
            ).keepingHeading(keepsHeading))
        return WidgetView(
            state: entry.since.state, template: "justnow/\(family.rawValue)", model: model, texts: texts,
            links: [Self.startLink], widgetURL: Self.startLink, accessibilityLabel: label, isPlaceholder: redacted)
    }

    /// The prompt in the families that show one, clamped to the lines the family has room for,
    /// and its texts. Medium's lines follow its height and the text size; where the prompt needs
    /// more, its type steps down (to 13 and 12 pt at Large), then the author's line gives way, and
    /// where none of those fits, the widget shows no prompt.
    static func prompt(
        _ shown: JustNowPrompt?, family: WidgetFamily, size: WidgetSize, textSize: TextSize,
        top: JustNowLayout.Texts
    ) -> (model: JustNowViewModel.PromptModel?, texts: [String], keepsHeading: Bool) {
        guard let layout = JustNowPromptLayout.of(family), let shown else { return (nil, [], true) }
        guard family == .systemMedium else {
            guard
                let fit = JustNowPromptRoom.large(
                    layout, prompt: shown.text, hasAuthor: shown.author != nil, size: size, textSize: textSize,
                    top: top)
            else { return (nil, [], true) }
            let credited = fit.keepsAuthor ? shown.author : nil
            return (
                .init(html: shown.html, author: credited, style: fit.style),
                [shown.text] + (credited.map { [$0] } ?? []), fit.keepsHeading
            )
        }
        let subheadline = TextStyle.subheadline.scale(at: textSize)
        let width = Double(size.width - 32 - 124 - 16 - 18)
        let author = shown.author == nil ? 0 : 16 * TextStyle.caption1.scale(at: textSize) + 4
        var fitted: (scale: Double, lines: Int, author: Bool)?
        // A step is taken only where it stays at or above the smallest legible size, 11 pt.
        let steps: [Double] = [1, 13 / 14, 12 / 14].filter { 14 * subheadline * $0 >= Double(minimumTextPoints) }
        for keepsAuthor in [true, false] where fitted == nil {
            let room = Double(size.height - 32) - (keepsAuthor ? author : 0)
            fitted =
                steps.lazy.compactMap { scale in
                    let needs = TextFit.lines(
                        shown.text, size: 14 * subheadline * scale, weight: .regular, width: width)
                    // The clamp is the lines the room holds, so that an estimate a little short still shows all.
                    let holds = Int((room / (19 * subheadline * scale)).rounded(.down))
                    return needs <= holds ? (scale, holds, keepsAuthor) : nil
                }.first
        }
        // Too narrow for the prompt at any step: the side alone, as a ViewThatFits would fall back.
        guard let chosen = fitted else { return (nil, [], true) }
        let scale = chosen.scale == 1 ? "1" : chosen.scale < 0.9 ? "0.857" : "0.929"
        let credited = chosen.author ? shown.author : nil
        return (
            .init(html: shown.html, author: credited, style: "--prompt-lines:\(chosen.lines);--prompt-scale:\(scale)"),
            [shown.text] + (credited.map { [$0] } ?? []), true
        )
    }
}
