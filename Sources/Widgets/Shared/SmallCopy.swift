import WidgetTimeline

/// A message's words as a family shows them. A sentence that fits a Medium widget does not fit
/// three lines of a Small one (141–170 pt): at Small, a message with a short form shows
/// `<key>-short`. VoiceOver still reads the whole sentence.
enum SmallCopy {
    /// `spoken` (the copy of `key`), or at Small its short form when `key` is among `shortened`.
    static func shown(
        _ key: String, of app: String, spoken: Copy, family: WidgetFamily, shortened: Set<String>, _ book: any CopyBook
    ) throws -> Copy {
        guard family == .systemSmall, shortened.contains(key) else { return spoken }
        return try book.copy(app, key + "-short")
    }
}
