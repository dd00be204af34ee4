import Foundation
import GlimpseRegistry
import TestSupport
import Testing
import WidgetTimeline
import Widgets

@testable import GlimpseSite

/// What the pages say of the shipped widget beside the spec (`content/shipped/<app>.yaml`).
struct ShippedPageTests {
    /// Every app's file decodes, and each of its page lines names families the app has.
    @Test func everyAppsFileDecodesAndItsLinesNameItsFamilies() throws {
        for app in GalleryApps.all {
            let url = repositoryRoot.appendingPathComponent("content/\(ShippedWidget.path(app: app.id))")
            let shipped = try ShippedWidget.decode(try String(contentsOf: url, encoding: .utf8))
            #expect(shipped.commit.count == 40 && shipped.commit.allSatisfy(\.isHexDigit), "\(app.id)")
            #expect(Set(shipped.differences.map(\.id)).count == shipped.differences.count, "\(app.id): ids")
            for difference in shipped.differences {
                #expect(Set(difference.families ?? []).isSubset(of: app.families), "\(app.id): \(difference.id)")
            }
        }
    }

    @Test func aLineForAPageNeedsItsFamilies() {
        let yaml = """
            repository: a/b
            commit: 0123456789012345678901234567890123456789
            spec: spec.md
            store: Nothing.
            read: []
            differences:
              - { id: x, topic: X, spec: Silent., shipped: Y, draws: shipped, page: shows Y }
            """
        #expect(throws: ShippedWidget.Invalid.self) { try ShippedWidget.decode(yaml) }
    }

    /// Each widget page says it draws the spec, and states each difference of its family in one
    /// line linked to its row of the app's "Spec and shipped" page, which has that row.
    @Test func widgetPagesStateTheirFamilysDifferences() async throws {
        let gallery = try await sampleGallery()
        let page = { (path: String) in
            String(decoding: try #require(gallery.files.first { $0.path == path }).data, as: UTF8.self)
        }
        let small = try page("w8trackr/lb-user/systemSmall.html")
        #expect(
            small.contains("Drawn from the spec (<code>specs/004-ios-widget/spec.md</code>), with data as the real "))
        #expect(
            small.contains(
                "<a href=\"../shipped.html#d-date\">The shipped widget (wsaults/W8Trackr@f313636) shows a trend here, "
                    + "not the date.</a>"))
        // The goal's line is Small's alone.
        let medium = try page("w8trackr/lb-user/systemMedium.html")
        #expect(small.contains("#d-goal-small") && !medium.contains("#d-goal-small"))
        let shipped = try page("w8trackr/shipped.html")
        for anchor in small.components(separatedBy: "href=\"../shipped.html#").dropFirst().map({
            $0.prefix { $0 != "\"" }
        }) {
            #expect(shipped.contains("<tr id=\"\(anchor)\">"), "\(anchor)")
        }
        #expect(!shipped.contains("href=\"http"), "the gallery links nothing off the machine")
    }

    /// Where no shipped app writes what the widget reads, the app's page and its widgets' say so.
    @Test func aFormatNoShippedAppWritesIsSaid() async throws {
        let gallery = try await sampleGallery()
        for path in ["onegoal/index.html", "justnow/index.html", "onegoal/in-progress/systemSmall.html"] {
            let html = String(decoding: try #require(gallery.files.first { $0.path == path }).data, as: UTF8.self)
            #expect(html.contains("with data in a format of Glimpse&#39;s own: no shipped app writes it"), "\(path)")
        }
        let bitpal = try #require(gallery.files.first { $0.path == "bitpal/index.html" })
        #expect(String(decoding: bitpal.data, as: UTF8.self).contains("with data as the real app stores it"))
    }
}
