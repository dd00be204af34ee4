import Foundation
import TestSupport
import Testing

@testable import GlimpseSite

/// What W8Trackr's pages say of the shipped widget beside the spec (`content/shipped/w8trackr.yaml`).
struct W8TrackrShippedPageTests {
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
}
