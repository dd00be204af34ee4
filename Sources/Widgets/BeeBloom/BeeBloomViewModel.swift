import GlimpseCore

/// What a BeeBloom template presents.
public struct BeeBloomViewModel: Encodable, Hashable, Sendable {
    public var redacted: Bool
    /// `bb-columns-1` or `bb-columns-2`: medium lays its rows out in two columns.
    public var layout: String
    public var rows: [Row]
    public var more: More?
    public var message: Message?
    /// `--bb-per-column:2` where medium's columns hold fewer than three rows; `nil` otherwise.
    public var columnStyle: String?

    public struct Row: Encodable, Hashable, Sendable {
        public var title: String
        public var link: String
        public var label: String
        /// `--group:#RRGGBB`, or empty for an ungrouped habit. Validated colours only.
        public var style: String
        public var grouped: Bool
    }

    public struct More: Encodable, Hashable, Sendable {
        public var text: String
        public var link: String
        public var label: String
    }

    public struct Message: Encodable, Hashable, Sendable {
        public var html: HTMLFragment
        /// `no-habits`, `all-complete` or `unreadable`: picks the illustration.
        public var kind: String
        public var noHabits: Bool
        public var allComplete: Bool
        public var unreadable: Bool
    }
}
