import Foundation
import WidgetTimeline

/// What the real, shipped app does beside its spec: `content/shipped/<app>.yaml`. Glimpse draws the
/// spec, from data as the real app stores it; where the spec is silent, it follows the shipped
/// widget, and says where it does neither. Each widget page states the differences that concern its
/// family, the app's "Spec and shipped" page and its doc (docs/widgets/<app>.md#spec-and-shipped)
/// list them all.
public struct ShippedWidget: Decodable, Hashable, Sendable {
    /// The public repository, `owner/name`.
    public var repository: String
    /// The commit read, in full.
    public var commit: String
    /// The branch the commit is on, where it matters (the spec's widget on a branch of its own).
    public var branch: String?
    /// The spec's path in that repository.
    public var spec: String
    /// What the shipped app writes to its App Group, in a sentence.
    public var store: String
    /// `false` when no shipped app writes what the widget reads, and Glimpse reads a format of its
    /// own (a snapshot file, a list of sessions): the pages say so.
    public var written: Bool?
    /// The files of the repository read, for what they were read.
    public var read: [String]
    public var differences: [Difference]

    /// `owner/name@abcdef1`: the repository at the commit, as the pages cite it.
    public var citation: String { "\(repository)@\(commit.prefix(7))" }

    /// One point where the spec and the shipped widget part, or where the spec says nothing.
    public struct Difference: Decodable, Hashable, Sendable {
        /// The anchor of its row on the app's page and in its doc.
        public var id: String
        public var topic: String
        /// What the spec says, its own words quoted; "Silent." where it says nothing.
        public var spec: String
        public var shipped: String
        /// Which Glimpse draws.
        public var draws: Drawn
        /// What Glimpse draws, and why, where `draws` alone does not say it.
        public var glimpse: String?
        /// The families whose pages state it; none for a difference no drawn family shows.
        public var families: [WidgetFamily]?
        /// The line on those pages, after "The shipped widget (owner/name@abcdef1) ": "shows a trend
        /// here, not the date".
        public var page: String?
    }

    /// Whose widget Glimpse draws at a difference.
    public enum Drawn: String, Decodable, Hashable, Sendable {
        /// The spec says it, and differs from the shipped widget.
        case spec
        /// The spec is silent; the shipped widget decides.
        case shipped
        /// The spec is silent and Glimpse keeps its own (its reviewed and translated copy, say).
        case glimpse
    }

    /// The file's place under the content folder.
    public static func path(app: String) -> String { "shipped/\(app).yaml" }

    /// The lines a page of `family` states: each difference that concerns it and has words for a page.
    public func lines(for family: WidgetFamily) -> [(difference: Difference, text: String)] {
        differences.compactMap { difference in
            guard let page = difference.page, difference.families?.contains(family) == true else { return nil }
            return (difference, "The shipped widget (\(citation)) \(page).")
        }
    }

    /// Decodes `text`, a `content/shipped/<app>.yaml`.
    ///
    /// - Throws: what `BoundedYAML.decode` throws; `Invalid` for a file with no document or a row
    ///   whose `page` line names no family.
    public static func decode(_ text: String) throws -> ShippedWidget {
        guard let shipped = try BoundedYAML.decode(ShippedWidget.self, from: text) else {
            throw Invalid(reason: "the file is empty")
        }
        if let loose = shipped.differences.first(where: { $0.page != nil && ($0.families ?? []).isEmpty }) {
            throw Invalid(reason: "differences \"\(loose.id)\": a page line needs the families it is on")
        }
        return shipped
    }

    /// A file that decodes but is not whole.
    public struct Invalid: Error, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }
}
