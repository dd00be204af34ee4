import GlimpseCore
import WidgetTimeline

/// What a Just Now template presents. Every string is decided here; templates only lay out.
struct JustNowViewModel: Encodable, Hashable, Sendable {
    var redacted: Bool
    /// "Last meditation".
    var heading: String
    /// "3 min ago" on the Home Screen, "3m" on the Lock Screen; "No recent sessions" without history.
    var since: String
    /// The copy key of `since`, as the template's `data-source` names it.
    var sinceSource: String
    var hasHistory: Bool
    /// "Start" or "Start meditation".
    var start: String
    var startSource: String
    var prompt: PromptModel?
    /// The Control Center tile's title, under the tile.
    var controlTitle: String
    /// Which lines the family has room for.
    var layout = JustNowLayout()

    struct PromptModel: Encodable, Hashable, Sendable {
        var html: HTMLFragment
        var author: String?
        /// `--prompt-lines:N`: the family's pinned line clamp.
        var style: String
    }
}

/// How a prompt is set in each family that shows one. The clamp is pinned so that the prompt
/// cannot overflow, whatever its length: `lines × lineHeight` fits the space the layout leaves.
struct JustNowPromptLayout: Hashable, Sendable {
    var fontSize: Int
    var lineHeight: Int
    var lines: Int
    /// Height the family's layout gives the prompt block (quote and author), in points.
    var available: Int
    /// One line for the author, when there is one.
    var authorLineHeight: Int

    static func of(_ family: WidgetFamily) -> JustNowPromptLayout? {
        switch family {
        // 158 pt: 16 + 16 margins; the right column holds the prompt and its author.
        case .systemMedium:
            JustNowPromptLayout(fontSize: 14, lineHeight: 19, lines: 5, available: 126, authorLineHeight: 16)
        // 354 pt: margins 16 + 16, heading block 74, start button 44, two gaps of 12: 180 left.
        case .systemLarge:
            JustNowPromptLayout(fontSize: 20, lineHeight: 26, lines: 6, available: 180, authorLineHeight: 18)
        default: nil
        }
    }

    /// The tallest the prompt block can be.
    var maximumHeight: Int { lines * lineHeight + authorLineHeight }
}
