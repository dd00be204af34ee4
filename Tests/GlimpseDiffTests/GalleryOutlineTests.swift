import Foundation
import GlimpseFormat
import Testing

@testable import GlimpseDiff
@testable import GlimpseGallery

/// `Gallery.Detail.outline`: what `check` reads of a manifest, and how a manifest that is not one is named.
@Suite struct GalleryOutlineTests {
    static let url = URL(fileURLWithPath: "/g/manifest.json")

    static func manifestData() throws -> Data {
        var widget = GalleryDiffTests.widget(frames: [
            GalleryDiffTests.frame("2026-11-22T09:00:00-05:00", texts: ["Morning stretch"]),
            GalleryDiffTests.frame("2026-11-22T09:30:00-05:00", state: "later", hash: "h2"),
        ])
        widget["device"] = "320x568"
        widget["textSize"] = "AX5"
        widget["locale"] = "en_US"
        var german = GalleryDiffTests.widget("two")
        german["locale"] = "de_DE"
        german["pseudo"] = "double"
        widget["storyboard"] = [
            [
                "at": "2026-11-22T09:00:00-05:00", "action": "tap", "link": "app://x", "state": "ok", "texts": ["x"],
                "anchor": "tap-1",
            ] as [String: Any]
        ]
        let manifest: [String: Any] = [
            "schemaVersion": 3, "generator": "glimpse test", "now": "2026-11-22T09:00:00-05:00",
            "timeZone": "America/New_York", "locale": "en_US",
            "device": ["name": "393x852", "screen": ["width": 393, "height": 852]], "diagnostics": [[String: Any]](),
            "widgets": [widget, german],
        ]
        return try JSONSerialization.data(withJSONObject: manifest)
    }

    @Test func anOutlineKeepsEveryWidgetsKeySizePageAndAnchors() throws {
        let data = try Self.manifestData()
        let full = try Gallery.decodeManifest(data, at: Self.url)
        let outline = try Gallery.decodeManifest(data, at: Self.url, detail: .outline)
        #expect(outline.widgets.count == 2)
        for (one, two) in zip(full.widgets, outline.widgets) {
            #expect(Gallery.key(of: one, in: full) == Gallery.key(of: two, in: outline))
            #expect(Gallery.anchors(of: one) == Gallery.anchors(of: two))
            #expect(one.size == two.size && one.page == two.page && one.app == two.app)
        }
        #expect(Gallery.key(of: outline.widgets[0], in: outline) == "app/one/systemSmall@320x568@AX5")
        // A language other than the gallery's own is part of the key, as a screen class is.
        #expect(Gallery.key(of: outline.widgets[1], in: outline) == "app/two/systemSmall@de_DE@pseudo-double")
        #expect(Gallery.anchors(of: outline.widgets[0]) == ["t-0900", "t-0930", "tap-1", "placeholder"])
        // What check does not read is left out.
        #expect(outline.widgets[0].frames.allSatisfy { $0.texts.isEmpty && $0.hash.isEmpty })
        #expect(outline.widgets[0].reloads.isEmpty && !full.widgets[0].reloads.isEmpty)
    }

    @Test(arguments: [Gallery.Detail.full, .outline])
    func aManifestThatIsNotOneIsNamedForWhatItIs(detail: Gallery.Detail) throws {
        let data = try Self.manifestData()
        func message(_ bytes: Data) -> String {
            do {
                _ = try Gallery.decodeManifest(bytes, at: Self.url, detail: detail)
                return "read"
            } catch {
                return error.description
            }
        }
        #expect(message(data.prefix(data.count / 2)).hasSuffix("not JSON (truncated, or not a manifest)"))
        #expect(message(Data("[1, 2]".utf8)).hasSuffix("not a Glimpse manifest (no schemaVersion)"))
        #expect(message(Data(#"{"schemaVersion": "3"}"#.utf8)).hasSuffix("not a Glimpse manifest (no schemaVersion)"))
        #expect(message(Data(#"{"schemaVersion": 9}"#.utf8)).contains("9"))
        #expect(message(Data(#"{"schemaVersion": 3}"#.utf8)).contains("not a valid manifest"))
    }
}
