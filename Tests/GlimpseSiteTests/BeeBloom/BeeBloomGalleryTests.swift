import Foundation
import TestSupport
import Testing
import Widgets

@testable import GlimpseSite

/// BeeBloom from stores no sample has.
struct BeeBloomGalleryTests {
    @Test func storeTextIsEscaped() async throws {
        let store = temporaryFolder("glimpse-hostile")
        defer { try? FileManager.default.removeItem(at: store) }
        let title = hostileStoreText
        // The real app's TinyBase store, with store text where every string goes.
        let text = String(decoding: try JSONEncoder().encode(title), as: UTF8.self)
        try writeTinyBaseStore(
            #"[{"habitGroups":{"g":{"id":"g","title":\#(text),"color":"red;background:url(x)","order":0}},"#
                + #""habits":{"\"><script>":{"id":"\"><script>","title":\#(text),"color":"blue;x:url(y)","#
                + #""groupId":"g","order":0,"createdAt":"2026-01-01T08:00:00.000Z"}}},{}]"#,
            to: store.appendingPathComponent("group.com.ilyakukarkinorg.beebloom/beebloom.db"))
        var options = sampleOptions()
        options.inputs.stores = [store]
        options.inputs.apps = ["beebloom"]
        let gallery = try await GalleryBuilder(options: options).build()
        expectNoStoreMarkup(in: gallery)
        let widget = try #require(gallery.manifest.widgets.first { $0.app == "beebloom" && $0.family == "systemSmall" })
        #expect(widget.frames[0].texts.first == title)
        // A group or habit colour that is not hex never reaches a style attribute.
        let styles = gallery.files.filter { $0.path.hasPrefix("beebloom/") }.flatMap { file in
            String(decoding: file.data, as: UTF8.self).components(separatedBy: "style=\"").dropFirst().map {
                $0.prefix { $0 != "\"" }
            }
        }
        #expect(!styles.isEmpty)
        #expect(!styles.contains { $0.contains("url(") || $0.contains("red") || $0.contains("blue") })
    }
}
