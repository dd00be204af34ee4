import Foundation
import TestSupport
import Testing

@testable import GlimpseSite

/// The HTML of both W8Trackr families in every state, light, dark and tinted.
/// Reviewed like code when they change.
@Suite(.serialized)
struct W8TrackrSnapshotTests {
    static let cases: [(state: String, scenario: String)] = [
        ("progress", "lb-user"), ("weight", "no-goal"), ("goalReached", "goal-reached"),
        ("noEntries", "no-entries"), ("notSetUp", "no-container"), ("unreadable", "corrupt-database"),
    ]

    @Test(arguments: ["systemSmall", "systemMedium"])
    func familyInEveryState(family: String) async throws {
        let gallery = try await sampleGallery()
        for (state, scenario) in Self.cases {
            let page = try #require(gallery.files.first { $0.path == "w8trackr/\(scenario)/\(family).html" })
            let widgets = widgetElements(in: String(decoding: page.data, as: UTF8.self), state: state)
            #expect(widgets.count == 3, "light, dark and tinted on \(page.path)")
            expectSnapshot(widgets.joined(separator: "\n"), named: "\(family)-\(state)")
        }
    }
}
