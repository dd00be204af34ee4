import Foundation
import GlimpseRegistry
import TestSupport
import Testing
import WidgetTimeline
import Widgets

@testable import GlimpseSite

/// What the pages say of the shipped widget beside the spec (`content/shipped/<app>.yaml`).
struct ShippedPageTests {
    /// Every app's file decodes, and each of its page lines names families the app has.
    @Test func everyAppsFileDecodesAndItsLinesNameItsFamilies() throws {
        for app in GalleryApps.all {
            let url = repositoryRoot.appendingPathComponent("content/\(ShippedWidget.path(app: app.id))")
            let shipped = try ShippedWidget.decode(try String(contentsOf: url, encoding: .utf8))
            #expect(shipped.commit.count == 40 && shipped.commit.allSatisfy(\.isHexDigit), "\(app.id)")
            #expect(Set(shipped.differences.map(\.id)).count == shipped.differences.count, "\(app.id): ids")
            for difference in shipped.differences {
                #expect(Set(difference.families ?? []).isSubset(of: app.families), "\(app.id): \(difference.id)")
            }
        }
    }

    @Test func aLineForAPageNeedsItsFamilies() {
        let yaml = """
            repository: a/b
            commit: 0123456789012345678901234567890123456789
            spec: spec.md
            store: Nothing.
            read: []
            differences:
              - { id: x, topic: X, spec: Silent., shipped: Y, draws: shipped, page: shows Y }
            """
        #expect(throws: ShippedWidget.Invalid.self) { try ShippedWidget.decode(yaml) }
    }
}
