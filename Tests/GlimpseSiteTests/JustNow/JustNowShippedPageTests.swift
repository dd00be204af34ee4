import Foundation
import TestSupport
import Testing

@testable import GlimpseSite

/// Just Now reads sessions in a format of Glimpse's own: its page says that no shipped app writes it.
struct JustNowShippedPageTests {
    @Test func aFormatNoShippedAppWritesIsSaid() async throws {
        let gallery = try await sampleGallery()
        let html = String(
            decoding: try #require(gallery.files.first { $0.path == "justnow/index.html" }).data, as: UTF8.self)
        #expect(html.contains("with data in a format of Glimpse&#39;s own: no shipped app writes it"))
    }
}
