import Foundation
import TestSupport
import Testing
import WidgetTimeline

@testable import GlimpseSite

/// The HTML of every One Goal family in every state, light, dark and tinted (vibrant for accessories).
/// Reviewed like code when they change.
@Suite(.serialized)
struct OneGoalSnapshotTests {
    static let cases: [(scenario: String, state: String)] = [
        ("no-goal", "noGoal"), ("in-progress", "notDoneToday"), ("done-today", "doneToday"), ("complete", "complete"),
    ]

    @Test(arguments: ["systemSmall", "systemMedium", "accessoryCircular", "accessoryRectangular", "accessoryInline"])
    func familyInEveryState(family: String) async throws {
        let gallery = try await sampleGallery()
        for (scenario, state) in Self.cases {
            let page = try #require(gallery.files.first { $0.path == "onegoal/\(scenario)/\(family).html" })
            let html = String(decoding: page.data, as: UTF8.self)
            let widgets = widgetElements(in: html, state: state)
            let schemes = family.hasPrefix("accessory") ? 2 : 3
            #expect(widgets.count == schemes, "expected one \(state) widget per scheme on \(page.path)")
            expectSnapshot(widgets.joined(separator: "\n"), named: "\(family)-\(state)")
        }
    }
}
