import Foundation
import GlimpseFormat

/// Where the pages of a review are read, and what they show of the decisions made on it.
package struct ReviewContext: Sendable {
    /// How a page of the review links the galleries' pages.
    package enum Links: Sendable {
        /// Written into a folder (`glimpse diff --out`): relative to it when the galleries share its root.
        case folder(URL)
        /// Served by `glimpse review`: the base gallery under `/_base/`, the new one under `/_new/`.
        case served
    }

    package var links: Links
    /// Served with decisions (`glimpse review`): the pages get their buttons, forms and keys.
    package var live: Bool
    /// Decisions are read (`--approvals`) or made here: pages show each change's.
    package var showsDecisions: Bool
    var approvals: [Decision]
    var requests: [Decision]
    var comments: [ReviewComment]

    package init(links: Links, live: Bool = false, decisions: DecisionStore? = nil) {
        self.links = links
        self.live = live
        showsDecisions = live || decisions != nil
        approvals = decisions?.approvals.approvals ?? []
        requests = decisions?.notes.requests ?? []
        comments = decisions?.notes.comments ?? []
    }

    /// The path the served review gives a gallery: `_base` or `_new`.
    package static func servedFolder(base: Bool) -> String { base ? "_base" : "_new" }

    /// A link from the page at `pagePath` (in the review) to `page` of a gallery, at `anchor`.
    func href(gallery: String, isBase: Bool, page: String, from pagePath: String, anchor: String? = nil) -> String {
        let fragment = anchor.map { "#" + ($0.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? $0) }
        switch links {
        case .served:
            let path = "/\(Self.servedFolder(base: isBase))/\(page)"
            return (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path) + (fragment ?? "")
        case .folder(let out):
            let folder = out.appendingPathComponent(pagePath).deletingLastPathComponent()
            return ReviewSite.relative(gallery, page, from: folder) + (fragment ?? "")
        }
    }

    /// `approved` or `changes-requested` for a decision on `frame` of the change; nil when none.
    func frameDecision(_ widget: DiffReport.WidgetChange, frame: String) -> String? {
        let on = { (decision: Decision) in
            decision.frame == frame
                && decision.decides(key: widget.key, before: widget.baseDigest, after: widget.newDigest)
        }
        if requests.contains(where: on) { return "changes-requested" }
        return approvals.contains(where: on) ? "approved" : nil
    }

    /// The comments on the change, on `frame` (nil: on the whole widget), oldest first.
    func comments(on widget: DiffReport.WidgetChange, frame: String?) -> [Comment] {
        comments.filter {
            $0.frame == frame && $0.isOn(key: widget.key, before: widget.baseDigest, after: widget.newDigest)
        }
        .sorted { $0.at < $1.at }
        .map { Comment(by: $0.by, at: $0.at, scheme: $0.scheme, text: $0.text) }
    }

    /// A comment as a page shows it.
    struct Comment: Encodable {
        var by: String
        var at: String
        var scheme: String?
        var text: String
    }
}

extension ReviewContext {
    /// `undecided`, `approved` or `changes-requested`: what the review's filters and styles read.
    static func state(of decision: DiffReport.DecisionMark?) -> String {
        guard let decision else { return "undecided" }
        return decision.isApproved ? "approved" : "changes-requested"
    }
}

extension DiffReport.WidgetChange {
    var decisionState: String { ReviewContext.state(of: decision) }
}
