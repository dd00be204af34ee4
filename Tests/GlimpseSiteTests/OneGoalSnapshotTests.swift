import Foundation
import SnapshotTesting
import Testing
import WidgetTimeline
@testable import GlimpseSite

/// The HTML of every One Goal family in every state, light, dark and tinted (vibrant for accessories).
/// Reviewed like code when they change.
@Suite(.serialized)
struct OneGoalSnapshotTests {
    static let gallery: BuiltGallery = try! GalleryBuilder(options: sampleOptions()).build()

    static let cases: [(scenario: String, state: String)] = [
        ("no-goal", "noGoal"), ("in-progress", "notDoneToday"), ("done-today", "doneToday"), ("complete", "complete"),
    ]

    @Test(arguments: ["systemSmall", "systemMedium", "accessoryCircular", "accessoryRectangular", "accessoryInline"])
    func familyInEveryState(family: String) throws {
        for (scenario, state) in Self.cases {
            let page = try #require(Self.gallery.files.first { $0.path == "onegoal/\(scenario)/\(family).html" })
            let html = String(decoding: page.data, as: UTF8.self)
            let widgets = Self.widgetElements(in: html, state: state)
            let schemes = family.hasPrefix("accessory") ? 2 : 3
            #expect(widgets.count == schemes, "expected one \(state) widget per scheme on \(page.path)")
            assertSnapshot(of: widgets.joined(separator: "\n"), as: .lines, named: "\(family)-\(state)")
        }
    }

    /// The full-size widgets of the first frame in `state`, one per scheme, as each stage holds them.
    static func widgetElements(in html: String, state: String) -> [String] {
        let sections = html.components(separatedBy: "<section ").filter { $0.hasPrefix("class=\"frame\"") }
        guard let frame = sections.first(where: { $0.contains("data-state=\"\(state)\"") }) else { return [] }
        var widgets: [String] = []
        var rest = Substring(frame)
        while let open = rest.range(of: "<div class=\"stage-canvas\">"), let close = rest[open.upperBound...].range(of: "</div>\n<figcaption>") {
            widgets.append(String(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return widgets
    }
}
