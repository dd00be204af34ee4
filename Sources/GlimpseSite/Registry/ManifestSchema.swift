import Foundation

/// `manifest.schema.json`, as the gallery ships it: `templates/manifest.schema.json` with its
/// `app` enum listing the apps the build knows, in the order they were added. The committed file
/// is the schema for the registry's apps; a test holds it to that.
enum ManifestSchema {
    /// Where the enum sits, on one line of the committed schema.
    static let appProperty = "\"app\": { \"enum\": ["

    /// `template` with the `app` enum's values replaced by `apps`.
    ///
    /// - Throws: `SiteError.invalidContent` when the template has no `app` enum on one line.
    static func generate(from template: Data, apps: [String]) throws -> Data {
        let text = String(decoding: template, as: UTF8.self)
        guard let start = text.range(of: appProperty), let end = text[start.upperBound...].firstIndex(of: "]") else {
            throw SiteError.invalidContent(
                file: "templates/manifest.schema.json", reason: "expected the widgets' \(appProperty)…] on one line")
        }
        let values = apps.map { "\"\(jsonEscaped($0))\"" }.joined(separator: ", ")
        return Data((text[..<start.upperBound] + values + text[end...]).utf8)
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
