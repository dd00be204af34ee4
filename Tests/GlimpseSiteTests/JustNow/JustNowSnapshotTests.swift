import Foundation
import TestSupport
import Testing

@testable import GlimpseSite

/// The HTML of every Just Now family in every state: light, dark and tinted on the Home Screen
/// and for the control, vibrant on the Lock Screen. Reviewed like code when they change.
@Suite(.serialized)
struct JustNowSnapshotTests {
    /// Each state and the sample scenario whose frames show it.
    static let cases: [(state: String, scenario: String)] = [
        ("noHistory", "no-history"),
        ("minutesAgo", "three-minutes-ago"),
        ("hoursAgo", "three-minutes-ago"),
        ("yesterday", "yesterday-evening"),
        ("daysAgo", "yesterday-evening"),
        ("weeksAgo", "week-ago"),
        ("justNow", "session-in-the-app"),
    ]

    @Test(arguments: ["systemSmall", "systemMedium", "systemLarge", "accessoryCircular", "accessoryRectangular"])
    func familyInEveryState(family: String) async throws {
        let gallery = try await sampleGallery()
        for (state, scenario) in Self.cases {
            let page = try #require(gallery.files.first { $0.path == "justnow/\(scenario)/\(family).html" })
            let widgets = widgetElements(in: String(decoding: page.data, as: UTF8.self), state: state)
            #expect(
                widgets.count == (family.hasPrefix("accessory") ? 2 : 3),
                "one \(state) widget per scheme on \(page.path)")
            expectSnapshot(widgets.joined(separator: "\n"), named: "\(family)-\(state)")
        }
    }

    @Test func theControl() async throws {
        let gallery = try await sampleGallery()
        let page = try #require(gallery.files.first { $0.path == "justnow/no-history/control.html" })
        let widgets = widgetElements(in: String(decoding: page.data, as: UTF8.self), state: "control")
        #expect(widgets.count == 3)
        #expect(
            widgets.allSatisfy {
                $0.contains("href=\"littlemoments://startSession\"") && $0.contains(">Start Meditation</p>")
            })
        expectSnapshot(widgets.joined(separator: "\n"), named: "control")
    }
}
