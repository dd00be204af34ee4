import WidgetTimeline

/// The room the large widget leaves its prompt: what the time since and the Start button do not
/// take, as a `VStack` gives the flexible text what its fixed neighbours leave. Where the prompt
/// needs more, the author's line gives way first, then the heading above the time since, then its
/// type steps down (90 %, 85 %); where it still needs more, it is clamped to the lines the room then
/// holds (at most the family's six), and where
/// not even one line is left the widget shows no prompt: never the button pushed out of it.
///
/// The figures are those of `templates/justnow/style.css` (`.jn-large`), in points at Large,
/// scaled as their text style: the two are changed together.
enum JustNowPromptRoom {
    /// How the prompt is set: its clamp, what gives way for it, and its type step.
    struct Fit: Equatable, Sendable {
        var lines: Int
        var keepsAuthor: Bool
        var keepsHeading: Bool
        /// 1, 0.9 or 0.85 of the family's 20 pt (`--prompt-scale`).
        var scale = 1.0

        /// `--prompt-lines:N`, and `--prompt-scale` where the type stepped down.
        var style: String { "--prompt-lines:\(lines)" + (scale == 1 ? "" : ";--prompt-scale:\(scale)") }
    }

    /// The prompt's fit; nil where no line of it fits.
    static func large(
        _ layout: JustNowPromptLayout, prompt: String, hasAuthor: Bool, size: WidgetSize, textSize: TextSize,
        top: JustNowLayout.Texts
    ) -> Fit? {
        let footnote = TextStyle.footnote.scale(at: textSize)
        let title3 = TextStyle.title3.scale(at: textSize)
        let width = Double(size.width - 32)
        let since = sinceHeight(of: top, width: width - 8, textSize: textSize)
        var fits: [Fit] = []
        let steps = [(true, true, 1.0), (false, true, 1), (false, false, 1), (false, false, 0.9), (false, false, 0.85)]
        for (author, heading, scale) in steps where hasAuthor || !author {
            let line = Double(layout.lineHeight) * title3 * scale
            let needs = TextFit.lines(
                prompt, size: Double(layout.fontSize) * title3 * scale, weight: .regular, width: width - 18)
            let room =
                Double(size.height - 32) - since - (heading ? 16 * footnote : 0) - 12 - 44 - 12
                - (author ? Double(layout.authorLineHeight) * footnote + 4 : 0)
            let holds = min(layout.lines, Int((room / line).rounded(.down)))
            // The author is kept only beside two lines of prompt or more.
            guard holds >= (author ? 2 : 1) else { continue }
            let fit = Fit(lines: holds, keepsAuthor: author, keepsHeading: heading, scale: scale)
            if needs <= holds { return fit }
            fits.append(fit)
        }
        // Clamped whatever gives way: the room with the most lines at the family's size, so that an
        // estimate a little long still shows all; the smallest step where even that holds none.
        return fits.last { $0.scale == 1 } ?? fits.last
    }

    /// The time since (34 pt on 40 pt lines, at most two; "No recent sessions" at Title 2), with
    /// its 2 pt above. Measured 8 pt narrower than the column, so that an estimate a little short
    /// counts a line too many, never one too few.
    static func sinceHeight(of top: JustNowLayout.Texts, width: Double, textSize: TextSize) -> Double {
        if top.hasHistory {
            return 2 + Double(min(2, TextFit.lines(top.since, size: 34, weight: .bold, width: width))) * 40
        }
        let title2 = TextStyle.title2.scale(at: textSize)
        let lines = min(2, TextFit.lines(top.since, size: 26 * title2, weight: .semibold, width: width))
        return 2 + Double(lines) * 32 * title2
    }
}
