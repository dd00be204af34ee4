import Foundation
import GlimpseFormat
import GlimpseRegistry
import Testing

@testable import GlimpseSite

/// A gallery ships the format's manifest schema with each widget's `app` narrowed to its apps.
struct ManifestSchemaTests {
    let apps = GalleryApps.all.map(\.id)

    func properties(_ schema: Data) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: schema) as? [String: Any]
        let widget = (object?["$defs"] as? [String: Any])?["widget"] as? [String: Any]
        return try #require(widget?["properties"] as? [String: Any])
    }

    @Test func theSchemaNamesTheAppsInTheOrderTheyWereAdded() throws {
        let schema = try properties(try ManifestSchema.generate(apps: apps + ["extra"]))
        #expect((schema["app"] as? [String: Any])?["enum"] as? [String] == apps + ["extra"])
    }

    @Test func onlyTheAppPropertyDiffersFromTheFormatsSchema() throws {
        let format = try FormatSchema.manifest.data()
        let shipped = try ManifestSchema.generate(apps: apps)
        let formatLines = String(decoding: format, as: UTF8.self).split(separator: "\n")
        let shippedLines = String(decoding: shipped, as: UTF8.self).split(separator: "\n")
        #expect(formatLines.count == shippedLines.count)
        let differing = zip(formatLines, shippedLines).filter { $0 != $1 }
        #expect(differing.count == 1)
        #expect(differing.first?.0.contains(#""app": { "type": "string""#) == true)
    }

    @Test func aSchemaWithoutItsAppLineIsAClearError() {
        #expect(throws: SiteError.self) { try ManifestSchema.generate(from: Data("{}".utf8), apps: apps) }
    }
}
