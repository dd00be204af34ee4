import WidgetTimeline

extension BeeBloomApp {
    /// Rows one column of the medium widget holds (its capacity, 6, is two columns).
    static let rowsPerMediumColumn = 3

    /// The view model, state and texts for one entry in one family.
    func view(
        of entry: BeeBloomEntry, family: WidgetFamily, size: WidgetSize, redacted: Bool, environment: PreviewEnvironment
    ) throws -> WidgetView {
        switch entry.content {
        case .noHabits:
            try messageView(.noHabits, key: "no-habits", family: family, size: size, redacted: redacted, environment)
        case .unreadable:
            try messageView(.unreadable, key: "unreadable", family: family, size: size, redacted: redacted, environment)
        case .incomplete(let habits) where habits.isEmpty:
            try messageView(
                .allComplete, key: "all-complete", family: family, size: size, redacted: redacted, environment)
        case .incomplete(let habits):
            try listView(habits, family: family, size: size, redacted: redacted, environment: environment)
        }
    }

    /// The layout class of `family`'s list: medium lays its rows out in two columns.
    static func layout(_ family: WidgetFamily) -> String {
        family == .systemMedium ? "bb-columns-2" : "bb-columns-1"
    }

    /// No habits, none left today, or a store that cannot be read: a message from copy.
    func messageView(
        _ state: BeeBloomState, key: String, family: WidgetFamily, size: WidgetSize, redacted: Bool,
        _ environment: PreviewEnvironment
    ) throws -> WidgetView {
        let spoken = try environment.copy.copy(id, key)
        let text = try SmallCopy.shown(
            key, of: id, spoken: spoken, family: family, shortened: ["unreadable"], environment.copy)
        let message = BeeBloomViewModel.Message(
            html: text.html, source: text.source ?? "", kind: key, noHabits: state == .noHabits,
            allComplete: state == .allComplete,
            unreadable: state == .unreadable,
            fit: BeeBloomMessageFit.of(
                TextFit.unbroken(text.text, html: text.html.html), family: family, size: size,
                textSize: environment.textSize(for: family)))
        let model = BeeBloomViewModel(
            redacted: redacted, layout: Self.layout(family), rows: [], more: nil, message: message)
        return WidgetView(
            state: state, template: "beebloom/\(family.rawValue)", model: model, texts: [text.text],
            links: [Self.todayLink], widgetURL: Self.todayLink, accessibilityLabel: spoken.text, isPlaceholder: redacted
        )
    }

    /// Today's incomplete habits, as many as the family holds, and "+N more" for the rest.
    func listView(
        _ habits: BeeBloomToday, family: WidgetFamily, size: WidgetSize, redacted: Bool, environment: PreviewEnvironment
    ) throws -> WidgetView {
        let capacity = BeeBloomCapacity.of(family, size: size, textSize: environment.textSize(for: family))
        let (visible, hidden) = capacity.layout(incomplete: habits.count)
        let shown = Array(habits.leading.prefix(visible))
        // Titles are the store's: placeholders under --redact.
        let titles = shown.map { environment.redaction.text($0.title) }
        let rows = try zip(shown, titles).map { try row($0, title: $1, environment: environment) }
        let more = hidden > 0 ? try moreRow(hidden, environment: environment) : nil
        let texts = titles + (more.map { [$0.text] } ?? [])
        let label = try environment.copy.copy(
            id, "accessibility",
            values: ["count": environment.locale.integer(habits.count), "titles": texts.joined(separator: ", ")],
            count: habits.count
        ).text
        // Medium uses its second column only when one column cannot hold every row, so short lists
        // keep whole titles.
        let perColumn = family == .systemMedium ? capacity.rows / 2 : capacity.rows
        let oneColumn = family == .systemMedium && rows.count + (more == nil ? 0 : 1) <= perColumn
        var model = BeeBloomViewModel(
            redacted: redacted, layout: oneColumn ? "bb-columns-1" : Self.layout(family), rows: rows, more: more,
            message: nil)
        // Fewer rows per column than medium's three, at a large text size: the grid follows.
        if family == .systemMedium && perColumn != Self.rowsPerMediumColumn {
            model.columnStyle = "--bb-per-column:\(perColumn)"
        }
        return WidgetView(
            state: hidden > 0 ? BeeBloomState.overflow : .habits, template: "beebloom/\(family.rawValue)",
            model: model, texts: texts, links: rows.map(\.link) + (more.map { [$0.link] } ?? []),
            accessibilityLabel: label, isPlaceholder: redacted)
    }

    /// A habit's row: its title, and the intent a tap runs.
    func row(
        _ habit: BeeBloomToday.Habit, title: String, environment: PreviewEnvironment
    ) throws -> BeeBloomViewModel.Row {
        let intent = CompleteHabitIntent(habitId: habit.id)
        return BeeBloomViewModel.Row(
            title: title, link: intent.url,
            label: try environment.copy.copy(id, "complete-habit", values: ["title": title]).text,
            style: habit.color.map { "--group:\($0)" } ?? "", grouped: habit.color != nil)
    }

    /// "+N more", which opens the app.
    func moreRow(_ hidden: Int, environment: PreviewEnvironment) throws -> BeeBloomViewModel.More {
        let count = environment.locale.integer(hidden)
        return BeeBloomViewModel.More(
            text: try environment.copy.copy(id, "more", values: ["count": count], count: hidden).text,
            link: Self.todayLink,
            label: try environment.copy.copy(id, "more-label", values: ["count": count], count: hidden).text)
    }
}
