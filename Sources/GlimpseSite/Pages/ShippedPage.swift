import WidgetTimeline
import Widgets

/// An app's "Spec and shipped" page, `<app>/shipped.html`, and what its widget pages and app page
/// say of it: Glimpse draws the spec from data as the real app stores it, and the shipped widget
/// at a named commit differs here. Pure.
enum ShippedPage {
    static let fileName = "shipped.html"

    static func model(_ shipped: ShippedWidget, appName: String) -> ShippedPageModel {
        ShippedPageModel(
            appName: appName, citation: shipped.citation, data: dataText(shipped),
            repositoryURL: repositoryURL(shipped),
            branch: shipped.branch ?? "", hasBranch: shipped.branch != nil, specPath: shipped.spec,
            store: shipped.store, read: shipped.read,
            rows: shipped.differences.map { difference in
                ShippedRow(
                    id: "d-\(difference.id)", topic: difference.topic, spec: difference.spec,
                    shipped: difference.shipped, draws: drawnText(difference.draws), glimpse: difference.glimpse ?? "",
                    hasGlimpse: difference.glimpse != nil,
                    families: (difference.families ?? []).map(\.displayName).joined(separator: ", "))
            })
    }

    /// The repository at the commit read, on GitHub, as text: pages link nothing that needs the network.
    static func repositoryURL(_ shipped: ShippedWidget) -> String {
        "github.com/\(shipped.repository)/tree/\(shipped.commit)"
    }

    static func drawnText(_ drawn: ShippedWidget.Drawn) -> String {
        switch drawn {
        case .spec: "The spec"
        case .shipped: "The shipped widget"
        case .glimpse: "Glimpse's own"
        }
    }

    /// What a widget page of `family` says: that it draws the spec, and each difference of its family.
    static func notes(_ shipped: ShippedWidget, family: WidgetFamily, root: String) -> ShippedNotesModel {
        let lines = shipped.lines(for: family).map { difference, text in
            ShippedNotesModel.Line(text: text, href: "\(root)\(fileName)#d-\(difference.id)")
        }
        return ShippedNotesModel(
            citation: shipped.citation, specPath: shipped.spec, data: dataText(shipped), href: "\(root)\(fileName)",
            lines: lines, hasLines: !lines.isEmpty)
    }

    /// The app page's line: what Glimpse draws, and how many differences the page lists.
    static func summary(_ shipped: ShippedWidget) -> ShippedSummaryModel {
        let count = shipped.differences.count
        return ShippedSummaryModel(
            citation: shipped.citation, specPath: shipped.spec, data: dataText(shipped), href: fileName,
            countText: "\(count) point\(count == 1 ? "" : "s")")
    }

    /// Where the data drawn comes from: as the real app stores it, or a format of Glimpse's own
    /// that no shipped app writes.
    static func dataText(_ shipped: ShippedWidget) -> String {
        shipped.written == false
            ? "with data in a format of Glimpse's own: no shipped app writes it"
            : "with data as the real app stores it"
    }
}

struct ShippedPageModel: Encodable {
    var appName: String
    /// `owner/name@abcdef1`.
    var citation: String
    var data: String
    var repositoryURL: String
    var branch: String
    var hasBranch: Bool
    var specPath: String
    var store: String
    var read: [String]
    var rows: [ShippedRow]
}

struct ShippedRow: Encodable {
    var id: String
    var topic: String
    var spec: String
    var shipped: String
    /// "The spec", "The shipped widget", "Glimpse's own".
    var draws: String
    var glimpse: String
    var hasGlimpse: Bool
    /// The families whose pages state it, by name.
    var families: String
}

/// A widget page's lines on the shipped widget.
struct ShippedNotesModel: Encodable, Hashable {
    var citation: String
    var specPath: String
    /// "with data as the real app stores it".
    var data: String
    var href: String
    var lines: [Line]
    var hasLines: Bool

    struct Line: Encodable, Hashable {
        var text: String
        var href: String
    }
}

/// The app page's line on the shipped widget.
struct ShippedSummaryModel: Encodable {
    var citation: String
    var specPath: String
    var data: String
    var href: String
    /// "12 points".
    var countText: String
}
