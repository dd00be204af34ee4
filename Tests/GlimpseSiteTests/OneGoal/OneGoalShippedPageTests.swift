import Foundation
import TestSupport
import Testing

@testable import GlimpseSite

/// One Goal reads a snapshot file of Glimpse's own: its pages say that no shipped app writes it.
struct OneGoalShippedPageTests {
    @Test func aFormatNoShippedAppWritesIsSaid() async throws {
        let gallery = try await sampleGallery()
        for path in ["onegoal/index.html", "onegoal/in-progress/systemSmall.html"] {
            let html = String(decoding: try #require(gallery.files.first { $0.path == path }).data, as: UTF8.self)
            #expect(html.contains("with data in a format of Glimpse&#39;s own: no shipped app writes it"), "\(path)")
        }
    }
}
