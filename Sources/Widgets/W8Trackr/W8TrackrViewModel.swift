import GlimpseCore

/// What a W8Trackr template presents.
struct W8TrackrViewModel: Encodable, Hashable, Sendable {
    var redacted: Bool
    var weight: Weight?
    var message: Message?

    struct Weight: Encodable, Hashable, Sendable {
        /// "Weight".
        var heading: String
        /// "179.0".
        var value: String
        var unit: String
        /// "Today, 7:32 AM".
        var date: String
        /// `copy:w8trackr/today`, `…/yesterday`, or the month-and-day format.
        var dateSource: String
        var goal: Goal?
        /// "−2.4 lb in 7 days" (medium).
        var change: String?
        /// Which lines the family has room for.
        var layout: W8TrackrLayout = .full
    }

    struct Goal: Encodable, Hashable, Sendable {
        var text: String
        /// Its copy key, as the template's `data-source` names it.
        var source: String
        var reached: Bool
        /// The progress bar's fill, "63%".
        var width: String
        var percent: String
    }

    struct Message: Encodable, Hashable, Sendable {
        var html: HTMLFragment
        /// Its copy key, as the template's `data-source` names it.
        var source: String
        /// Whether the logo has room above the words.
        var logo = true
        /// The lines the words may take, and their type step: `--w8-lines:N`, and
        /// `--w8-message-scale` where it is not 1.
        var style = "--w8-lines:3"

        init(html: HTMLFragment, source: String, fit: W8TrackrLayout.MessageFit) {
            self.html = html
            self.source = source
            self.logo = fit.logo
            let scale = fit.scale == 1 ? "" : ";--w8-message-scale:\(fit.scale)"
            self.style = "--w8-lines:\(fit.lines)\(scale)"
        }
    }
}
