import Foundation
import TestSupport
import Testing

@testable import GlimpseSite

/// The HTML of every BeeBloom family in every state, light, dark and tinted.
/// Reviewed like code when they change.
@Suite(.serialized)
struct BeeBloomSnapshotTests {
    /// Each state, and the sample scenarios that show it, tried in order: small overflows
    /// where medium and large still fit.
    static let cases: [(state: String, scenarios: [String])] = [
        ("noHabits", ["no-habits"]),
        ("habits", ["some-complete", "dst-fall-back"]),
        ("overflow", ["overflow"]),
        ("allComplete", ["all-complete"]),
        ("unreadable", ["corrupt"]),
    ]

    @Test(arguments: ["systemSmall", "systemMedium", "systemLarge"])
    func familyInEveryState(family: String) async throws {
        let gallery = try await sampleGallery()
        for (state, scenarios) in Self.cases {
            let found = scenarios.lazy.compactMap { scenario -> (String, [String])? in
                guard let page = gallery.files.first(where: { $0.path == "beebloom/\(scenario)/\(family).html" }) else {
                    return nil
                }
                let widgets = widgetElements(in: String(decoding: page.data, as: UTF8.self), state: state)
                return widgets.isEmpty ? nil : (page.path, widgets)
            }.first
            let (path, widgets) = try #require(found, "no sample scenario shows \(state) in \(family)")
            #expect(widgets.count == 3, "expected light, dark and tinted on \(path)")
            expectSnapshot(widgets.joined(separator: "\n"), named: "\(family)-\(state)")
        }
    }
}
