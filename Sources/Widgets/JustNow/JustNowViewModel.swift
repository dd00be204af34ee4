import GlimpseCore
import WidgetTimeline

/// What a Just Now template presents. Every string is decided here; templates only lay out.
public struct JustNowViewModel: Encodable, Hashable, Sendable {
    public var redacted: Bool
    /// "Last meditation".
    public var heading: String
    /// "3 min ago" on the Home Screen, "3m" on the Lock Screen; "No recent sessions" without history.
    public var since: String
    public var hasHistory: Bool
    /// "Start" or "Start meditation".
    public var start: String
    public var prompt: PromptModel?
    /// The Control Center tile's title, under the tile.
    public var controlTitle: String

    public struct PromptModel: Encodable, Hashable, Sendable {
        public var html: HTMLFragment
        public var author: String?
        /// `--prompt-lines:N`: the family's pinned line clamp.
        public var style: String
    }
}

/// How a prompt is set in each family that shows one. The clamp is pinned so that the prompt
/// cannot overflow, whatever its length: `lines × lineHeight` fits the space the layout leaves.
public struct PromptLayout: Hashable, Sendable {
    public var fontSize: Int
    public var lineHeight: Int
    public var lines: Int
    /// Height the family's layout gives the prompt block (quote and author), in points.
    public var available: Int
    /// One line for the author, when there is one.
    public var authorLineHeight: Int

    public static func of(_ family: WidgetFamily) -> PromptLayout? {
        switch family {
        // 158 pt: 16 + 16 margins; the right column holds the prompt and its author.
        case .systemMedium: PromptLayout(fontSize: 14, lineHeight: 19, lines: 5, available: 126, authorLineHeight: 16)
        // 354 pt: margins 16 + 16, heading block 74, start button 44, two gaps of 12: 180 left.
        case .systemLarge: PromptLayout(fontSize: 20, lineHeight: 26, lines: 6, available: 180, authorLineHeight: 18)
        default: nil
        }
    }

    /// The tallest the prompt block can be.
    public var maximumHeight: Int { lines * lineHeight + authorLineHeight }
}
