import GlimpseCore

/// What a BeeBloom template presents.
struct BeeBloomViewModel: Encodable, Hashable, Sendable {
    var redacted: Bool
    /// `bb-columns-1` or `bb-columns-2`: medium lays its rows out in two columns.
    var layout: String
    var rows: [Row]
    var more: More?
    var message: Message?
    /// `--bb-per-column:2` where medium's columns hold fewer than three rows; `nil` otherwise.
    var columnStyle: String?

    struct Row: Encodable, Hashable, Sendable {
        var title: String
        var link: String
        var label: String
        /// `--group:#RRGGBB`, or empty for an ungrouped habit. Validated colours only.
        var style: String
        var grouped: Bool
    }

    struct More: Encodable, Hashable, Sendable {
        var text: String
        var link: String
        var label: String
    }

    struct Message: Encodable, Hashable, Sendable {
        var html: HTMLFragment
        /// Its copy key, as the template's `data-source` names it.
        var source: String
        /// `no-habits`, `all-complete` or `unreadable`: picks the illustration.
        var kind: String
        var noHabits: Bool
        var allComplete: Bool
        var unreadable: Bool
        /// The illustration, and the lines the message may take.
        var fit: BeeBloomMessageFit
    }
}
