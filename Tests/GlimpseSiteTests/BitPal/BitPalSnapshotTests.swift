import Foundation
import TestSupport
import Testing

@testable import GlimpseSite

/// The HTML of every BitPal family in every state, light, dark and tinted.
/// Reviewed like code when they change.
@Suite(.serialized)
struct BitPalSnapshotTests {
    static let cases: [(state: String, scenario: String)] = [
        ("fresh", "gains-and-losses"), ("stale", "offline"), ("empty", "empty"), ("unreadable", "corrupt-files"),
    ]

    @Test(arguments: ["systemSmall", "systemMedium", "systemLarge"])
    func familyInEveryState(family: String) async throws {
        let gallery = try await sampleGallery()
        for (state, scenario) in Self.cases {
            let page = try #require(gallery.files.first { $0.path == "bitpal/\(scenario)/\(family).html" })
            let widgets = widgetElements(in: String(decoding: page.data, as: UTF8.self), state: state)
            #expect(widgets.count == 3, "light, dark and tinted on \(page.path)")
            expectSnapshot(widgets.joined(separator: "\n"), named: "\(family)-\(state)")
        }
    }
}
