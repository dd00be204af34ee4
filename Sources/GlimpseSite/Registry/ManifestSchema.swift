import Foundation
import GlimpseFormat

/// `manifest.schema.json`, as a gallery ships it: the format's schema (`FormatSchema.manifest`)
/// with each widget's `app` narrowed from any id to the apps the build knows, in the order they
/// were added.
enum ManifestSchema {
    /// The `app` property as the format's schema has it, on one line: any id.
    static let anyApp = #""app": { "type": "string", "pattern": "^[a-z0-9]+$" }"#

    /// The format's schema, its `app` property an enum of `apps`.
    ///
    /// - Throws: `FormatSchema.MissingSchema` without glimpse's resources; `SiteError.invalidContent`
    ///   when the schema has lost its one-line `app` property.
    static func generate(apps: [String]) throws -> Data {
        try generate(from: try FormatSchema.manifest.data(), apps: apps)
    }

    /// `schema` with its `app` property an enum of `apps`.
    static func generate(from schema: Data, apps: [String]) throws -> Data {
        let text = String(decoding: schema, as: UTF8.self)
        guard let range = text.range(of: anyApp) else {
            throw SiteError.invalidContent(
                file: FormatSchema.manifest.fileName, reason: "expected the widgets' \(anyApp) on one line")
        }
        let values = apps.map { "\"\(jsonEscaped($0))\"" }.joined(separator: ", ")
        return Data(text.replacingCharacters(in: range, with: "\"app\": { \"enum\": [\(values)] }").utf8)
    }

    /// `text` as the inside of a JSON string.
    static func jsonEscaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
