import Foundation
import TestSupport
import Testing

@testable import GlimpseSite

/// BitPal reads the files the shipped app writes: its page says so.
struct BitPalShippedPageTests {
    @Test func aStoreTheShippedAppWritesIsSaid() async throws {
        let gallery = try await sampleGallery()
        let bitpal = try #require(gallery.files.first { $0.path == "bitpal/index.html" })
        #expect(String(decoding: bitpal.data, as: UTF8.self).contains("with data as the real app stores it"))
    }
}
